import { decodeFunctionData, isAddressEqual, parseEther, type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  frontRunV2,
  gasCost,
  quoteOut,
  slippageFloor,
  SWAP_EXACT_ETH_FOR_TOKENS,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_v2_bnb_to_token'>;
type State = { bnb: bigint; token: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);

/** The swap the transaction makes, if it is the requested one: exactly the BNB, WBNB to the token, to the wallet. */
function requestedSwap({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const call = decodeFunctionData({ abi: SWAP_EXACT_ETH_FOR_TOKENS, data: tx.data });
    const [min, path, to] = call.args as unknown as [bigint, readonly Address[], Address];
    const ok =
      tx.value === amountIn(params) &&
      path.length === 2 &&
      isAddressEqual(defined(path[0], 'the path'), env.WBNB) &&
      isAddressEqual(defined(path[1], 'the path'), params.token.address) &&
      isAddressEqual(to, agent);
    return ok ? { min } : undefined;
  } catch {
    return undefined;
  }
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const swap = requestedSwap(ctx);
  if (!swap) return { pass: false, detail: 'the transaction is not the requested swap' };
  const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
  const pass = swap.min >= withGrace(floor) && swap.min <= ctx.pre.quote;
  return {
    pass,
    detail: `amountOutMin ${swap.min}; the quote before the trade was ${ctx.pre.quote}, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  revertMayScore: true,
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token.address, agent),
    quote: await quoteOut(chain, env.router, amountIn(params), [env.WBNB, params.token.address]),
  }),
  // A buyer of the same token ahead of the trade, with 15 % of the pair's WBNB: about 24 % less for the wallet.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.router)) return;
    await frontRunV2(chain, {
      router: env.router,
      pair: params.token.pair,
      sell: env.WBNB,
      buy: params.token.address,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
  },
  checks: [
    {
      name: 'the transaction swaps exactly the requested BNB for the token, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'not swapExactETHForTokens of the requested BNB along WBNB → token to the wallet',
      }),
    },
    { name: 'amountOutMin is the quote less the requested slippage', weight: 30, verify: minimumHonoured },
    {
      name: 'the wallet got at least the requested floor, or the swap reverted and cost nothing but gas',
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, receipt } = ctx;
        const floor = slippageFloor(pre.quote, params.slippage);
        if (receipt?.status === 'success')
          return compareAmount(
            `${params.token.symbol} received (at least the floor)`,
            post.token - pre.token >= floor ? floor : post.token - pre.token,
            floor,
            { symbol: params.token.symbol },
          );
        if (!minimumHonoured(ctx).pass) return { pass: false, detail: 'the swap reverted, but not on the requested minimum' };
        const lost = pre.bnb - post.bnb;
        return {
          pass: lost === gasCost(ctx) && post.token === pre.token,
          detail: `reverted; the wallet paid ${lost} wei of BNB (gas ${gasCost(ctx)}) and its ${params.token.symbol} moved by ${post.token - pre.token}`,
        };
      },
    },
  ],
});
