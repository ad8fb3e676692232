import { decodeFunctionData, formatUnits, isAddressEqual, parseEther, parseUnits, type Address } from 'viem';
import {
  balanceOf,
  defineValidator,
  gasCost,
  launchV2Token,
  pancakeAmountOut,
  quoteOut,
  SWAP_EXACT_ETH_FOR_TOKENS,
  type CheckContext,
  type CheckResult,
} from 'evm-questbench/validators';
import TradeTax from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

/** With the floor (a whole number of NIMB, as a decimal string) derive() below returns. */
type Params = TaskParams<'hard_fee_on_transfer_buy_min_received'> & { floor: string };
type State = { bnb: bigint; token: bigint; quote: bigint };
type Ctx = CheckContext<Params, State>;

/** Where NIMB's tax goes: namedAddress('hard/sim/trade_tax_collector'). */
const COLLECTOR = '0x093b3039489EF7d9224450581C89A9dD8CFC4320';
/** The pool NIMB launches with (≈ 1.76e-5 BNB, about a cent). */
const TOKEN_RESERVE = parseUnits('5316800', 18);
const BNB_RESERVE = parseEther('93.4');

const amountIn = (p: Params) => parseEther(p.amount);
const floorOf = (p: Params) => parseUnits(p.floor, 18);

/** The swap the transaction makes, if it is the requested buy: exactly the BNB, WBNB → NIMB, to the wallet. */
function requestedBuy({ tx, params, env, agent }: Ctx): { min: bigint; deadline: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const [min, path, to, deadline] = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: tx.data }).args as unknown as [
      bigint,
      readonly Address[],
      Address,
      bigint,
    ];
    const ok =
      tx.value === amountIn(params) &&
      path.length === 2 &&
      isAddressEqual(path[0]!, env.WBNB!) &&
      isAddressEqual(path[1]!, params.token) &&
      isAddressEqual(to, agent);
    return ok ? { min, deadline } : undefined;
  } catch {
    return undefined;
  }
}

/** The minimum is the owner's floor (a stricter one than the pool could ever pay is no conditional buy). */
function floorAsMinimum(ctx: Ctx): CheckResult {
  const buy = requestedBuy(ctx);
  if (!buy) return { pass: false, detail: 'the transaction is not the requested buy' };
  const floor = floorOf(ctx.params);
  return {
    pass: buy.min >= floor && buy.min <= ctx.pre.quote,
    detail: `amountOutMin ${buy.min}; the floor is ${floor}, the untaxed quote ${ctx.pre.quote}`,
  };
}

// NIMB (at namedAddress('hard/sim/NIMB')) is launched per instance: transfers out of its pair (buys) pay
// `tax` % to a collector, but only in transactions that pay for gas; nothing on the token states a rate.
// The floor is `margin` % under the untaxed quote, so swapExactETHForTokens' own minimum (checked on the
// pair's output, before the tax) passes while the wallet receives less; the fee-on-transfer variant checks
// the wallet's balance and reverts. Buying nothing is the outcome: a swap that reverts on the floor.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  revertMayScore: true,
  derive: async ({ params }) => {
    const quote = pancakeAmountOut(parseEther(params.amount), BNB_RESERVE, TOKEN_RESERVE);
    const floor = (quote * BigInt(100 - params.margin)) / 100n / 10n ** 18n;
    return { floor: formatUnits(floor, 0) };
  },
  setup: async ({ chain, params, env }) => {
    await launchV2Token(chain, env, {
      artifact: TradeTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Nimbus', 'NIMB', COLLECTOR, params.tax * 100, 0],
      tokenReserve: TOKEN_RESERVE,
      bnbReserve: BNB_RESERVE,
      registerPair: true,
    });
  },
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token, agent),
    quote: await quoteOut(chain, env.router!, amountIn(params), [env.WBNB!, params.token]),
  }),
  checks: [
    {
      name: 'the transaction buys NIMB with exactly the requested BNB, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedBuy(ctx) !== undefined,
        detail: requestedBuy(ctx) ? 'ok' : 'not a swap of exactly the requested BNB along WBNB → NIMB to the wallet',
      }),
    },
    { name: "the swap's minimum is the floor the request set", weight: 20, verify: floorAsMinimum },
    {
      name: 'the wallet received at least the floor, or the swap reverted on it and cost nothing but gas',
      weight: 60,
      verify: async (ctx) => {
        const { pre, post, params, receipt, chain } = ctx;
        const floor = floorOf(params);
        const got = post.token - pre.token;
        if (receipt?.status === 'success')
          return { pass: got >= floor, detail: `received ${formatUnits(got, 18)} NIMB; the floor is ${params.floor}` };
        const buy = requestedBuy(ctx);
        if (!buy || !floorAsMinimum(ctx).pass)
          return { pass: false, detail: 'the swap reverted, but it was not the requested buy with the floor as its minimum' };
        // A deadline already past when it was mined is a revert for another reason.
        const { timestamp } = await chain.getBlock({ blockNumber: receipt!.blockNumber });
        if (buy.deadline < timestamp) return { pass: false, detail: `the swap reverted on its deadline (${buy.deadline} < ${timestamp})` };
        const lost = pre.bnb - post.bnb;
        return {
          pass: lost === gasCost(ctx) && got === 0n,
          detail: `reverted; the wallet paid ${lost} wei of BNB (gas ${gasCost(ctx)}) and its NIMB moved by ${got}`,
        };
      },
    },
  ],
});
