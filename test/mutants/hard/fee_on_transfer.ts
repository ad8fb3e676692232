import { parseEther, type Address } from 'viem';
import { approve, read, script, sendBnb, submit, swapExactTokens, type SkillContext } from '../../../src/composite/reference.ts';
import { json, returns } from '../types.ts';
import type { HardMutantTable } from './types.ts';

const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, parseAbi } from 'viem';";
const transfer = (token: string, to: string, amount: string) =>
  `return { to: ${token}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, ${amount}] }) };`;

/** A V2 sale of `amount` of `token` for BNB with the given function and a minimum computed by `min` (from `quote`, the untaxed quote). */
const sell = (token: string, amount: string, fn: string, min: string) => `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, uint256, address[], address, uint256)']);
const path = [${json(token)}, deployedContracts.WBNB];
const amount = parseUnits(${json(amount)}, 18);
const out = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amount, path] });
const quote = out[1];
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [amount, ${min}, path, agentAddress, timestamp + 1200n] }) };`;

export const mutants: HardMutantTable = {
  hard_fee_on_transfer_sell_taxed: [
    {
      kind: 'standard_swap_on_taxed_token',
      mechanism: {
        fails: [
          'calls swapExactTokensForETHSupportingFeeOnTransferTokens',
          'sold exactly the requested amount',
          'the wallet received the BNB the taxed sale pays',
          'the minimum is within the slippage of the after-tax quote',
        ],
      },
      name: 'sells with swapExactTokensForETH at the quote less the slippage',
      script: ({ params }) =>
        returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETH', `quote * ${100 - params.slippage}n / 100n`), VIEM),
    },
    {
      kind: 'standard_swap_on_taxed_token',
      name: 'uses the supporting function but sets the minimum from the untaxed quote',
      script: ({ params }) =>
        returns(
          sell(
            params.sale.address,
            params.sale.amount,
            'swapExactTokensForETHSupportingFeeOnTransferTokens',
            `quote * ${100 - params.slippage}n / 100n`,
          ),
          VIEM,
        ),
    },
    {
      kind: 'zero_minimum',
      name: 'uses the supporting function with no minimum',
      script: ({ params }) =>
        returns(sell(params.sale.address, params.sale.amount, 'swapExactTokensForETHSupportingFeeOnTransferTokens', '0n'), VIEM),
    },
  ],

  hard_fee_on_transfer_deliver_exact: [
    {
      kind: 'wrong_amount',
      mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent the least amount that delivers it'] },
      name: 'sends the amount the recipient should receive',
      script: ({ params }) => returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18)`), VIEM),
    },
    {
      kind: 'wrong_amount',
      name: 'adds the tax on top (X × 1.05) instead of grossing up',
      script: ({ params }) =>
        returns(transfer('deployedContracts.YLD', params.to, `parseUnits(${json(params.amount)}, 18) * 105n / 100n`), VIEM),
    },
  ],

  hard_fee_on_transfer_rebased_share: [
    {
      kind: 'wrong_amount',
      mechanism: { fails: ['the recipient received the share of the current balance', 'the wallet paid that share'] },
      name: 'takes the share of the 1,000 ORB the wallet was funded with',
      script: ({ params }) =>
        returns(transfer('deployedContracts.ORB', params.to, `parseUnits(String(1000 * ${params.pct} / 100), 18)`), VIEM),
    },
    {
      kind: 'wrong_amount',
      name: 'takes the share of the internal shares (sharesOf) instead of the balance',
      script: ({ params }) =>
        returns(
          `const c = createPublicClient({ transport: http(providerUrl) });\nconst shares = await c.readContract({ address: deployedContracts.ORB, abi: parseAbi(['function sharesOf(address) view returns (uint256)']), functionName: 'sharesOf', args: [agentAddress] });\n` +
            transfer('deployedContracts.ORB', params.to, `shares * ${params.pct}n / 100n`),
          VIEM,
        ),
    },
  ],
};

/** The router's quote for selling `amount` of `token` for WBNB, the tax not taken off. */
async function grossQuote(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext,
  a: { token: Address; amount: bigint },
): Promise<bigint> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])']);
  const out = await client.readContract({
    address: deployedContracts.router,
    abi,
    functionName: 'getAmountsOut',
    args: [a.amount, [a.token, deployedContracts.WBNB]],
  });
  return out[1]!;
}

/** A supporting-function sale with its minimum `keep` % of the router's quote for the whole amount. */
async function sellSupporting(
  { viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress, deployedContracts }: SkillContext,
  a: { token: Address; amount: bigint; keep: number },
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const abi = parseAbi([
    'function getAmountsOut(uint256, address[]) view returns (uint256[])',
    'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
  ]);
  const path = [a.token, deployedContracts.WBNB];
  const out = await client.readContract({ address: deployedContracts.router, abi, functionName: 'getAmountsOut', args: [a.amount, path] });
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi,
    functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
    args: [a.amount, (out[1]! * BigInt(a.keep)) / 100n, path, agentAddress, timestamp + 1200n],
  });
  return { to: deployedContracts.router, data };
}

mutants.hard_fee_on_transfer_sell_then_forward = [
  {
    kind: 'standard_swap_on_taxed_token',
    mechanism: {
      fails: [
        'the router was approved for exactly the SFS sold',
        'sold exactly the requested SFS',
        'the sale paid the BNB the taxed amount is worth',
        "the sale's minimum is within the slippage of the after-tax quote",
        'the recipient received exactly what the sale paid',
      ],
    },
    name: 'sells with swapExactTokensForETH, then forwards the quote anyway',
    episode: (p, env) => {
      const amount = parseEther(p.amount);
      return {
        plan: 'approve, swapExactTokensForETH, send the quoted BNB',
        rounds: [
          script(approve, { token: env.SFS!, spender: env.router!, amount }),
          script(swapExactTokens, { amountIn: amount, path: [env.SFS!, env.WBNB!], slippage: p.slippage, forBnb: true }),
          script(sendBnb, { to: p.to, amount: read(grossQuote, { token: env.SFS!, amount }) }),
          submit(),
        ],
      };
    },
  },
  {
    kind: 'wrong_amount',
    name: 'sells correctly, then forwards the BNB quoted before the tax',
    episode: (p, env) => {
      const amount = parseEther(p.amount);
      return {
        plan: 'approve, supporting sale, send the untaxed quote',
        rounds: [
          script(approve, { token: env.SFS!, spender: env.router!, amount }),
          script(sellSupporting, { token: env.SFS!, amount, keep: 90 }),
          script(sendBnb, { to: p.to, amount: read(grossQuote, { token: env.SFS!, amount }) }),
          submit(),
        ],
      };
    },
  },
];

mutants.hard_fee_on_transfer_sell_after_rebase = [
  {
    kind: 'skipped_step',
    name: 'sells with the standard function without syncing the pair',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETH at the quote less the slippage',
      rounds: [
        script(swapExactTokens, { amountIn: parseEther(p.amount), path: [env.ORB!, env.WBNB!], slippage: p.slippage, forBnb: true }),
        submit(),
      ],
    }),
  },
  {
    kind: 'skipped_step',
    name: 'skips the sync and sells with the fee-on-transfer function, no minimum',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETHSupportingFeeOnTransferTokens, no minimum',
      rounds: [script(sellSupporting, { token: env.ORB!, amount: parseEther(p.amount), keep: 0 }), submit()],
    }),
  },
  {
    kind: 'skipped_step',
    mechanism: {
      fails: [
        'sold exactly the requested ORB',
        'received the BNB the ORB is worth at the synced reserves',
        "the sale's minimum is within the slippage of the synced quote",
        "the router's allowance was used up",
      ],
    },
    name: 'skips the sync and sells with the fee-on-transfer function at the stale quote',
    episode: (p, env) => ({
      plan: 'swapExactTokensForETHSupportingFeeOnTransferTokens at the quote less the slippage',
      rounds: [script(sellSupporting, { token: env.ORB!, amount: parseEther(p.amount), keep: 100 - p.slippage }), submit()],
    }),
  },
];

// --- A transfer tax that only transactions paying for gas are charged (tx.gasprice > 0). ---

const VLR_RATE = `const c = createPublicClient({ transport: http(providerUrl) });
const bps = BigInt(await c.readContract({ address: PARAMS_TOKEN, abi: parseAbi(['function transferTaxBps() view returns (uint16)']), functionName: 'transferTaxBps' }));`;

Object.assign(mutants, {
  hard_fee_on_transfer_hidden_tax_delivery: [
    {
      kind: 'trusted_simulation',
      mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent no more than it takes to deliver the amount'] },
      name: 'simulates the transfer with eth_call at no fee, sees it go through untaxed and sends the amount itself',
      script: ({ params, agent }) =>
        returns(
          `const c = createPublicClient({ transport: http(providerUrl) });
const amount = parseUnits(${json(params.amount)}, 18);
await c.simulateContract({ account: ${json(agent)}, address: ${json(params.token)}, abi: erc20Abi, functionName: 'transfer', args: [${json(params.to)}, amount] });
${transfer(json(params.token), params.to, 'amount')}`,
          VIEM,
        ),
    },
    {
      kind: 'wrong_amount',
      name: 'reads the rate and adds the tax on top (X × (1 + t)) instead of grossing up',
      script: ({ params }) =>
        returns(
          `${VLR_RATE.replace('PARAMS_TOKEN', json(params.token))}
${transfer(json(params.token), params.to, `parseUnits(${json(params.amount)}, 18) * (10000n + bps) / 10000n`)}`,
          VIEM,
        ),
    },
  ],
} satisfies HardMutantTable);

// --- Trading taxes (buys out of the pair, sales into it) charged only on inclusion, stated nowhere. ---

const TRADE = `const c = createPublicClient({ transport: http(providerUrl) });
const router = parseAbi([
  'function getAmountsOut(uint256, address[]) view returns (uint256[])',
  'function getAmountsIn(uint256, address[]) view returns (uint256[])',
  'function swapExactETHForTokens(uint256, address[], address, uint256) payable returns (uint256[])',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256, address[], address, uint256) payable',
  'function swapTokensForExactETH(uint256, uint256, address[], address, uint256) returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256, uint256, address[], address, uint256)',
]);
const { timestamp } = await c.getBlock();
const deadline = timestamp + 1200n;`;

/** A buy of `amount` BNB of `token` with `fn` and the minimum `min` (an expression over `quote`, the untaxed quote). */
const buy = (token: string, amount: string, fn: string, min: string) => `${TRADE}
const path = [deployedContracts.WBNB, ${json(token)}];
const value = parseUnits(${json(amount)}, 18);
const quote = (await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [value, path] }))[1];
return { to: deployedContracts.router, value, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [${min}, path, agentAddress, deadline] }) };`;

Object.assign(mutants, {} satisfies HardMutantTable);

// --- Liquidity in a token whose transfers into its pair are taxed only on inclusion (LP or stake). ---

/** Reads the MRLN/WBNB pair, prices the add of `amount` and simulates addLiquidityETH with `fees` (an object literal). */
const LP_SIM = (
  token: string,
  amount: string,
  agent: string,
  fees: string,
) => `const c = createPublicClient({ transport: http(providerUrl) });
const abi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function stake(uint256)',
]);
const token = ${json(token)};
const amount = parseUnits(${json(amount)}, 18);
const pair = await c.readContract({ address: deployedContracts.factory, abi, functionName: 'getPair', args: [token, deployedContracts.WBNB] });
const [r0, r1] = await c.readContract({ address: pair, abi, functionName: 'getReserves' });
const first = (await c.readContract({ address: pair, abi, functionName: 'token0' })).toLowerCase() === token.toLowerCase();
const [rt, rb] = first ? [r0, r1] : [r1, r0];
const supply = await c.readContract({ address: pair, abi, functionName: 'totalSupply' });
const value = amount * rb / rt;
const block = await c.getBlock();
const args = [token, amount, amount * 99n / 100n, value * 99n / 100n, agentAddress, block.timestamp + 1200n];
const add = { to: deployedContracts.router, value, data: encodeFunctionData({ abi, functionName: 'addLiquidityETH', args }) };
const stake = (s) => ({ to: s, data: encodeFunctionData({ abi, functionName: 'stake', args: [amount] }) });
const { result } = await c.simulateContract({ account: ${json(agent)}, address: deployedContracts.router, abi, functionName: 'addLiquidityETH', args, value, ...${fees} });`;

Object.assign(mutants, {
  hard_fee_on_transfer_lp_or_stake: [
    {
      kind: 'trusted_simulation',
      mechanism: {
        fails: [
          'the transaction went through',
          "the wallet's stake rose by exactly the amount",
          'the pool was left alone: no MRLN or BNB added, no LP minted',
          'only the amount of MRLN and no BNB beyond gas left the wallet',
        ],
      },
      name: 'simulates addLiquidityETH at no fee, sees the LP for the whole amount minted and adds the liquidity',
      script: ({ params, agent }) =>
        returns(
          `${LP_SIM(params.token, params.amount, agent, '{}')}
if (result[2] * 100n >= amount * supply / rt * 99n) return add;
return stake(${json(params.staking)});`,
          VIEM,
        ),
    },
    {
      kind: 'trusted_simulation',
      name: "simulates with the platform's fees but checks the router's amountToken (what left the wallet, not what reached the pool) and adds",
      script: ({ params, agent }) =>
        returns(
          `${LP_SIM(params.token, params.amount, agent, '{ maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + 1000000000n, maxPriorityFeePerGas: 1000000000n }')}
if (result[0] * 100n >= amount * 99n) return add;
return stake(${json(params.staking)});`,
          VIEM,
        ),
    },
    {
      kind: 'wrong_function',
      name: 'transfers the amount to the staking contract instead of calling stake (nothing is credited)',
      script: ({ params }) => returns(transfer(json(params.token), params.staking, `parseUnits(${json(params.amount)}, 18)`), VIEM),
    },
  ],
} satisfies HardMutantTable);
