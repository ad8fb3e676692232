import { decodeFunctionData, isAddressEqual, parseUnits, type Address } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  frontRunV2,
  quoteOut,
  selectorsOf,
  setTokenBalance,
  slippageFloor,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_approve_swap'>;
type State = { token: bigint; usdt: bigint; allowance: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

const amount = (p: Params) => parseUnits(p.amount, 18);
const SWAPS = selectorsOf(SWAP_EXACT_TOKENS_FOR_TOKENS);

/** The episode's swap through the router (reverted or not), decoded, if it is the requested sale. */
function requestedSwap({ txs, params, env, agent }: Ctx): { index: number; min: bigint; success: boolean } | undefined {
  const index = (txs ?? []).findIndex(
    (t) => isAddressEqual(t.tx.to, env.router) && SWAPS.includes(t.tx.data.slice(0, 10).toLowerCase() as `0x${string}`),
  );
  if (index < 0) return undefined;
  const t = defined(txs?.[index], 'the swap');
  try {
    const [amountIn, min, path, to] = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_TOKENS, data: t.tx.data }).args as unknown as [
      bigint,
      bigint,
      readonly Address[],
      Address,
    ];
    const ok =
      amountIn === amount(params) &&
      path.length === 2 &&
      isAddressEqual(defined(path[0], 'the path'), params.token.address) &&
      isAddressEqual(defined(path[1], 'the path'), env.USDT) &&
      isAddressEqual(to, agent);
    return ok ? { index, min, success: t.receipt.status === 'success' } : undefined;
  } catch {
    return undefined;
  }
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const swap = requestedSwap(ctx);
  if (!swap) return { pass: false, detail: 'no swap of the requested tokens for USDT to the wallet' };
  const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
  return {
    pass: swap.min >= withGrace(floor) && swap.min <= ctx.pre.quote,
    detail: `amountOutMin ${swap.min}; the quote before the swap was ${ctx.pre.quote}, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // The tokens to sell, and no standing allowance: the approve step is really needed.
  setup: async ({ chain, params, env, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, parseUnits('1000', 18));
    await approveAs(chain, agent, params.token.address, env.router, 0n);
  },
  observe: async ({ chain, params, env, agent }) => ({
    token: await balanceOf(chain, params.token.address, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    allowance: await allowanceOf(chain, params.token.address, agent, env.router),
    // The approve does not move the pool: the quote before the episode is the quote at the swap.
    quote: await quoteOut(chain, env.router, amount(params), [params.token.address, env.USDT]),
  }),
  // Only the swap is attacked: a seller of the same token with 15 % of the pair's reserve of it, about 24 % less USDT.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.router) || !SWAPS.includes(tx.data.slice(0, 10).toLowerCase() as `0x${string}`)) return;
    await frontRunV2(chain, {
      router: env.router,
      pair: params.token.pair,
      sell: params.token.address,
      buy: env.USDT,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
  },
  checks: [
    {
      name: 'the router was approved for exactly the requested amount',
      weight: 15,
      verify: ({ txs, params, env, post, pre }) => {
        const grants = approvalCalls(txs, params.token.address, env.router);
        if (grants.length === 0) return { pass: false, detail: 'no successful approve of the router' };
        // What the router holds now plus what it took is what was granted.
        const granted = post.allowance + (pre.token - post.token);
        return compareAmount('allowance granted', granted, amount(params), { symbol: params.token.symbol });
      },
    },
    {
      name: 'the swap sells exactly the requested tokens for USDT, to the wallet',
      weight: 15,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'no swapExactTokensForTokens of the requested amount along token → USDT to the wallet',
      }),
    },
    { name: 'amountOutMin is the quote less the requested slippage', weight: 25, verify: minimumHonoured },
    {
      name: 'the wallet got at least the requested floor, or the swap reverted on its minimum and nothing moved',
      weight: 45,
      verify: (ctx) => {
        const { pre, post, params, txs, env } = ctx;
        const swap = requestedSwap(ctx);
        if (!swap) return { pass: false, detail: 'no swap' };
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.usdt - pre.usdt;
        if (swap.success) return compareAmount('USDT received (at least the floor)', got >= floor ? floor : got, floor, { symbol: 'USDT' });
        // A swap that reverted for want of an allowance or on a wrong minimum is not the guarded trade.
        const allowed = approvalCalls(txs, params.token.address, env.router).some(
          (c) => c.index < swap.index && c.amount >= amount(params),
        );
        if (!allowed || !minimumHonoured(ctx).pass) return { pass: false, detail: 'the swap reverted, but not on the requested minimum' };
        return {
          pass: got === 0n && post.token === pre.token,
          detail: `reverted; USDT moved by ${got} and ${params.token.symbol} by ${post.token - pre.token}`,
        };
      },
    },
  ],
});
