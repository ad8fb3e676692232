import { parseUnits } from 'viem';
import { script, submit, transferToken } from '../../../src/composite/reference.ts';
import { json, returns } from '../types.ts';
import type { HardMutantTable } from './types.ts';

const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, formatUnits, parseAbi } from 'viem';";
const transfer = (token: string, to: string, amount: string) =>
  `return { to: ${json(token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, ${amount}] }) };`;

export const mutants: HardMutantTable = {
  hard_units_pay_exact: [
    {
      kind: 'wrong_decimals',
      name: 'scales the amount by 18 decimals',
      script: ({ params }) => returns(transfer(params.pay.address, params.to, `parseUnits(${json(params.pay.amount)}, 18)`), VIEM),
    },
    {
      kind: 'wrong_decimals',
      // BSC's own USDC has 18 decimals; the other tokens get the 6 that Ethereum's USDT taught.
      mechanism: { fails: ['the recipient received exactly the amount', 'the wallet paid exactly the amount'] },
      name: 'guesses decimals from other chains: 18 for a USDC, 6 for the rest',
      script: ({ params }) =>
        returns(
          transfer(params.pay.address, params.to, `parseUnits(${json(params.pay.amount)}, ${params.pay.key === 'USDCet' ? 18 : 6})`),
          VIEM,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'drops the fraction and sends whole tokens',
      script: ({ params }) =>
        returns(
          `const c = createPublicClient({ transport: http(providerUrl) });\nconst d = await c.readContract({ address: ${json(params.pay.address)}, abi: erc20Abi, functionName: 'decimals' });\n` +
            transfer(params.pay.address, params.to, `BigInt(Math.floor(Number(${json(params.pay.amount)}))) * 10n ** BigInt(d)`),
          VIEM,
        ),
    },
  ],
};

const RESERVES = `const c = createPublicClient({ transport: http(providerUrl) });
const pair = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)']);
const [[r0, r1], t0] = await Promise.all([c.readContract({ address: deployedContracts.pair_WBTC_USDT, abi: pair, functionName: 'getReserves' }), c.readContract({ address: deployedContracts.pair_WBTC_USDT, abi: pair, functionName: 'token0' })]);
const [rW, rU] = t0.toLowerCase() === deployedContracts.WBTC.toLowerCase() ? [r0, r1] : [r1, r0];`;

mutants.hard_units_pay_usd_worth_wbtc = [
  {
    kind: 'wrong_decimals',
    name: 'prices in whole tokens, then scales the WBTC by 18 decimals',
    script: ({ params }) =>
      returns(
        `${RESERVES}\nconst price = Number(formatUnits(rU, 18)) / Number(formatUnits(rW, 8));\n` +
          transfer('0x0', params.to, `parseUnits((${Number(params.usd)} / price).toFixed(18), 18)`).replace(
            '"0x0"',
            'deployedContracts.WBTC',
          ),
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: { fails: ['the recipient received exactly the dollar amount in WBTC at the pair price', 'the wallet paid exactly that'] },
    name: 'counts USDT in 6 decimals, as on Ethereum',
    script: ({ params }) =>
      returns(
        `${RESERVES}\n` +
          transfer('0x0', params.to, `parseUnits(${json(params.usd)}, 6) * rW / rU`).replace('"0x0"', 'deployedContracts.WBTC'),
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'uses a remembered price of 95,000 USD instead of the pair',
    script: ({ params }) =>
      returns(transfer('0x0', params.to, `parseUnits(${json(params.usd)}, 8) / 95000n`).replace('"0x0"', 'deployedContracts.WBTC'), VIEM),
  },
];

const FLOKI_BALANCE = `const c = createPublicClient({ transport: http(providerUrl) });
const bal = await c.readContract({ address: deployedContracts.FLOKI, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });`;

mutants.hard_units_share_of_floki = [
  {
    kind: 'wrong_decimals',
    name: 'formats the balance in whole tokens and sends the share with 18 decimals',
    script: ({ params }) =>
      returns(
        `${FLOKI_BALANCE}\n` +
          transfer('0x0', params.to, `parseUnits((Number(formatUnits(bal, 9)) * ${params.pct} / 100).toFixed(9), 18)`).replace(
            '"0x0"',
            'deployedContracts.FLOKI',
          ),
        VIEM,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'takes the share of the 20,000,000 FLOKI the wallet started with',
    script: ({ params }) =>
      returns(
        transfer('0x0', params.to, `parseUnits(String(20_000_000 * ${params.pct} / 100), 9)`).replace('"0x0"', 'deployedContracts.FLOKI'),
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: { fails: ['the recipient received exactly the share of the balance', 'the wallet paid exactly that share'] },
    name: 'reads the balance with formatEther, then sends the share in FLOKI units',
    script: ({ params }) =>
      returns(
        `${FLOKI_BALANCE}\n` +
          transfer('0x0', params.to, `parseUnits((Number(formatUnits(bal, 18)) * ${params.pct} / 100).toFixed(9), 9)`).replace(
            '"0x0"',
            'deployedContracts.FLOKI',
          ),
        VIEM,
      ),
  },
];

const BUY = `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi(['function getAmountsIn(uint256, address[]) view returns (uint256[])', 'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
const path = [deployedContracts.WBNB, deployedContracts.WBTC];
const { timestamp } = await c.getBlock();`;

mutants.hard_units_buy_exact_wbtc = [
  {
    kind: 'wrong_decimals',
    name: 'asks for an 18-decimal WBTC output with a budget from the USD prices',
    script: ({ params }) =>
      returns(
        `${BUY}\nconst out = parseUnits(${json(params.amount)}, 18);\nconst value = parseUnits((${Number(params.amount)} * 95000 / 600 * ${1 + params.slippage / 100}).toFixed(18), 18);\n` +
          `return { to: deployedContracts.router, value, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [out, path, agentAddress, timestamp + 1200n] }) };`,
        VIEM,
      ),
  },
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        'the wallet received exactly the requested WBTC',
        'the wallet paid the quoted BNB, the rest refunded',
        'the BNB sent is within the slippage budget',
      ],
    },
    name: 'asks for a 6-decimal WBTC output',
    script: ({ params }) =>
      returns(
        `${BUY}\nconst out = parseUnits(${json(params.amount)}, 6);\nconst [q] = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsIn', args: [out, path] });\n` +
          `return { to: deployedContracts.router, value: q * ${100 + params.slippage}n / 100n, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [out, path, agentAddress, timestamp + 1200n] }) };`,
        VIEM,
      ),
  },
];

/** The three payments of hard_units_three_payments, each in the decimals the mutant believes. */
const threePayments = (decimals: [number, number, number], plan: string) => (p: Record<string, any>, env: Record<string, any>) => ({
  plan,
  rounds: [
    script(transferToken, { token: env.USDCet, to: p.to, amount: parseUnits(p.usdc, decimals[0]) }),
    script(transferToken, { token: env.WBTC, to: p.to, amount: parseUnits(p.wbtc, decimals[1]) }),
    script(transferToken, { token: env.FLOKI, to: p.to, amount: parseUnits(p.floki, decimals[2]) }),
    submit(),
  ],
});

mutants.hard_units_three_payments = [
  {
    kind: 'wrong_decimals',
    name: 'pays all three in 18 decimals',
    episode: threePayments([18, 18, 18], 'Three transfers, amounts in wei.'),
  },
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        'the recipient received exactly the WBTC',
        'the recipient received exactly the FLOKI',
        'the wallet paid exactly the three amounts',
      ],
    },
    name: "keeps the stablecoin's 6 decimals for all three",
    episode: threePayments([6, 6, 6], 'Three transfers, 6-decimal amounts.'),
  },
  {
    kind: 'wrong_decimals',
    name: 'gets the USDC right, then assumes 18 for the rest',
    episode: threePayments([6, 18, 18], 'USDCet in 6 decimals, the others in 18.'),
  },
];
