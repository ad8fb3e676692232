// Wrong answers for the pending_change tasks: the careless habit of reading a parameter's value at the latest
// block (a view, or an eth_call there) although the chain shows a change that is in force when the
// transaction is mined (a token's scheduled tax, an oracle's posted price), and other mistakes.
import { json, returns } from '../types.ts';
import type { HardMutantTable } from './types.ts';

const VIEM = "import { createPublicClient, encodeFunctionData, erc20Abi, http, parseUnits, parseAbi, parseEther } from 'viem';";
const TAX_ABI = `const TAX = parseAbi(['function buyTaxBps() view returns (uint16)', 'function sellTaxBps() view returns (uint16)', 'function transferTaxBps() view returns (uint16)', 'function scheduledTaxes() view returns (uint16, uint16, uint16, uint256)']);
const c = createPublicClient({ transport: http(providerUrl) });`;

/** A KRN transfer of `gross` (an expression of `want` and `bps`, the rate read now at the latest block). */
const krnTransfer = (token: string, to: string, amount: string, gross: string) => `${TAX_ABI}
const bps = BigInt(await c.readContract({ address: ${json(token)}, abi: TAX, functionName: 'transferTaxBps' }));
const want = parseUnits(${json(amount)}, 18);
const gross = ${gross};
return { to: ${json(token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(to)}, gross] }) };`;

export const mutants: HardMutantTable = {
  hard_fee_on_transfer_scheduled_tax_delivery: [
    {
      kind: 'wrong_amount',
      name: 'grosses the amount up by transferTaxBps() as read at the latest block, ignoring the scheduled rate',
      script: ({ params }) =>
        returns(krnTransfer(params.token, params.to, params.amount, '((want - 1n) * 10_000n) / (10_000n - bps) + 1n'), VIEM),
      mechanism: { fails: ['the recipient received exactly the amount', 'the wallet sent no more than it takes to deliver the amount'] },
    },
    {
      kind: 'wrong_amount',
      name: 'sends the amount the recipient should receive',
      script: ({ params }) => returns(krnTransfer(params.token, params.to, params.amount, 'want + 0n * bps'), VIEM),
    },
    {
      kind: 'wrong_amount',
      name: 'adds the scheduled rate on top (X × (1 + t)) instead of grossing up',
      script: ({ params }) =>
        returns(
          `${TAX_ABI}
const [, , next] = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'scheduledTaxes' });
const want = parseUnits(${json(params.amount)}, 18);
return { to: ${json(params.token)}, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [${json(params.to)}, want + (want * BigInt(next)) / 10_000n] }) };`,
          VIEM,
        ),
    },
  ],

  hard_precision_exact_buy_launch_tax_drop: [
    {
      kind: 'wrong_amount',
      name: 'grosses the buy up by buyTaxBps() as read at the latest block (the launch tax), ignoring the scheduled step-down',
      script: ({ params }) => returns(exactBuy(params.token, params.amount, 'nowBps'), VIEM),
      mechanism: { fails: ['exactly the amount of NOVA arrived in the wallet', 'the wallet paid no more BNB than the exact amount costs'] },
    },
    {
      kind: 'standard_swap_on_taxed_token',
      name: 'buys exactly the amount from the pair, forgetting the buy tax',
      script: ({ params }) => returns(exactBuy(params.token, params.amount, '0n * nowBps'), VIEM),
    },
  ],

  hard_honeypot_injection_scheduled_sell_tax: [
    {
      kind: 'skipped_step',
      name: 'reads sellTaxBps() at the latest block (the launch rate, under the limit) and buys the token',
      script: ({ params }) =>
        returns(
          `${TAX_ABI}
const sell = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'sellTaxBps' });
const buy = await c.readContract({ address: ${json(params.token)}, abi: TAX, functionName: 'buyTaxBps' });
${ethBuy(params.amount, `sell <= ${params.max_tax * 100} ? ${json(params.token)} : deployedContracts.CAKE`, `(10_000n - BigInt(buy)) * BigInt(${100 - params.slippage}) / 1_000_000n`, 'swapExactETHForTokensSupportingFeeOnTransferTokens')}`,
          VIEM,
        ),
      mechanism: {
        fails: [
          'the wallet received the quoted amount of CAKE',
          'the swap buys CAKE with amountOutMin at the slippage limit',
          'none of the token whose sale would be taxed beyond the limit was bought',
        ],
      },
    },
    {
      kind: 'standard_swap_on_taxed_token',
      name: 'buys the token without looking at its taxes, with the standard swap at the untaxed quote less the slippage',
      script: ({ params }) =>
        returns(
          `const c = createPublicClient({ transport: http(providerUrl) });
${ethBuy(params.amount, json(params.token), `BigInt(${100 - params.slippage}) / 100n`, 'swapExactETHForTokens')}`,
          VIEM,
        ),
    },
  ],

  hard_lending_borrow_at_posted_price: [
    {
      kind: 'wrong_amount',
      name: 'sizes the borrow at the oracle prices read at the latest block, ignoring the posted BNB update',
      script: ({ params }) => returns(ratioBorrow(false, true).replace('RATIO', `${params.ratio}n`), VIEM),
      mechanism: {
        fails: [
          'the collateral ratio after the borrow is at least the stated one',
          'the loan is the largest whole-USDT amount that keeps the ratio',
        ],
      },
    },
    {
      kind: 'wrong_amount',
      name: 'uses the posted BNB price but forgets the CAKE debt the collateral already backs',
      script: ({ params }) => returns(ratioBorrow(true, false).replace('RATIO', `${params.ratio}n`), VIEM),
    },
  ],
};

/** A swapETHForExactTokens that asks the pair for the amount grossed up by `rate` (an expression of `nowBps`, buyTaxBps() read now). */
function exactBuy(token: string, amount: string, rate: string): string {
  return `${TAX_ABI}
const nowBps = BigInt(await c.readContract({ address: ${json(token)}, abi: TAX, functionName: 'buyTaxBps' }));
const bps = ${rate};
const want = parseUnits(${json(amount)}, 18);
const gross = ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
const router = parseAbi(['function getAmountsIn(uint256, address[]) view returns (uint256[])', 'function swapETHForExactTokens(uint256, address[], address, uint256) payable returns (uint256[])']);
const path = [deployedContracts.WBNB, ${json(token)}];
const [cost] = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsIn', args: [gross, path] });
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: 'swapETHForExactTokens', args: [gross, path, agentAddress, timestamp + 1200n] }), value: cost };`;
}

/** A V2 buy of `out` (an expression) with exactly `amount` BNB, the minimum the quote × `keep` (an expression of a fraction). */
function ethBuy(amount: string, out: string, keep: string, fn: string): string {
  return `const router = parseAbi(['function getAmountsOut(uint256, address[]) view returns (uint256[])', 'function ${fn}(uint256, address[], address, uint256) payable']);
const amountIn = parseEther(${json(amount)});
const path = [deployedContracts.WBNB, ${out}];
const q = await c.readContract({ address: deployedContracts.router, abi: router, functionName: 'getAmountsOut', args: [amountIn, path] });
const min = q[1] * ${keep};
const { timestamp } = await c.getBlock();
return { to: deployedContracts.router, data: encodeFunctionData({ abi: router, functionName: '${fn}', args: [min, path, agentAddress, timestamp + 1200n] }), value: amountIn };`;
}

/** The largest whole-USDT borrow keeping the ratio (ratio from the instance), priced now or at the posted update, counting the existing debt or not. */
function ratioBorrow(usePosted: boolean, countDebt: boolean): string {
  return `const c = createPublicClient({ transport: http(providerUrl) });
const d = deployedContracts;
const one = 10n ** 18n;
const C = parseAbi(['function getAssetsIn(address) view returns (address[])', 'function getAllMarkets() view returns (address[])']);
const O = parseAbi(['function getUnderlyingPrice(address) view returns (uint256)', 'function nextPriceUpdate(address) view returns (uint256, uint256)']);
const V = parseAbi(['function underlying() view returns (address)', 'function balanceOf(address) view returns (uint256)', 'function exchangeRateCurrent() returns (uint256)', 'function borrowBalanceCurrent(address) returns (uint256)', 'function borrow(uint256) returns (uint256)']);
const next = (await c.getBlockNumber()) + 1n;
const priceOf = async (m) => {
  if (${usePosted}) {
    const asset = m.toLowerCase() === d.vBNB.toLowerCase() ? '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' : await c.readContract({ address: m, abi: V, functionName: 'underlying' });
    const [p, from] = await c.readContract({ address: d.venus_oracle, abi: O, functionName: 'nextPriceUpdate', args: [asset] });
    if (from !== 0n && from <= next) return p;
  }
  return c.readContract({ address: d.venus_oracle, abi: O, functionName: 'getUnderlyingPrice', args: [m] });
};
const entered = (await c.readContract({ address: d.venus_comptroller, abi: C, functionName: 'getAssetsIn', args: [agentAddress] })).map((a) => a.toLowerCase());
let collateral = 0n;
let debt = 0n;
for (const m of await c.readContract({ address: d.venus_comptroller, abi: C, functionName: 'getAllMarkets' })) {
  const price = await priceOf(m);
  const borrowed = (await c.simulateContract({ address: m, abi: V, functionName: 'borrowBalanceCurrent', args: [agentAddress], account: agentAddress })).result;
  if (${countDebt}) debt += (borrowed * price) / one;
  if (entered.includes(m.toLowerCase())) {
    const vTokens = await c.readContract({ address: m, abi: V, functionName: 'balanceOf', args: [agentAddress] });
    const rate = (await c.simulateContract({ address: m, abi: V, functionName: 'exchangeRateCurrent', account: agentAddress })).result;
    collateral += (((vTokens * rate) / one) * price) / one;
  }
}
const ratio = RATIO;
const room = (collateral * 100n) / ratio - debt;
const amount = ((room * one) / (await priceOf(d.vUSDT)) / one) * one;
return { to: d.vUSDT, data: encodeFunctionData({ abi: V, functionName: 'borrow', args: [amount] }) };`;
}
