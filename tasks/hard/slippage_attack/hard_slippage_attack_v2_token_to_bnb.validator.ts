import { decodeFunctionData, isAddressEqual, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  frontRunV2,
  gasCost,
  quoteOut,
  setTokenBalance,
  slippageFloor,
  SWAP_EXACT_TOKENS_FOR_ETH,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_v2_token_to_bnb'>;
type State = { bnb: bigint; token: bigint; quote: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

// CAKE, USDT and BUSD have 18 decimals on BSC.
const amountIn = (p: Params) => parseUnits(p.amount, 18);

/** The sale the transaction makes, if it is the requested one: exactly the tokens, token to WBNB, BNB to the wallet. */
function requestedSale({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const call = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_ETH, data: tx.data });
    const [amount, min, path, to] = call.args as unknown as [bigint, bigint, readonly Address[], Address];
    const ok =
      amount === amountIn(params) &&
      tx.value === 0n &&
      path.length === 2 &&
      isAddressEqual(defined(path[0], 'the path'), params.token.address) &&
      isAddressEqual(defined(path[1], 'the path'), env.WBNB) &&
      isAddressEqual(to, agent);
    return ok ? { min } : undefined;
  } catch {
    return undefined;
  }
}

function minimumHonoured(ctx: Ctx): CheckResult {
  const sale = requestedSale(ctx);
  if (!sale) return { pass: false, detail: 'the transaction is not the requested sale' };
  const floor = slippageFloor(ctx.pre.quote, ctx.params.slippage);
  return {
    pass: sale.min >= withGrace(floor) && sale.min <= ctx.pre.quote,
    detail: `amountOutMin ${sale.min}; the quote before the trade was ${ctx.pre.quote}, ${ctx.params.slippage}% under it is ${floor}`,
  };
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  revertMayScore: true,
  // The tokens to sell and the router's allowance for exactly them, as the request says.
  setup: async ({ chain, params, env, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, parseUnits('1000', 18));
    await approveAs(chain, agent, params.token.address, env.router, amountIn(params));
  },
  observe: async ({ chain, params, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    token: await balanceOf(chain, params.token.address, agent),
    quote: await quoteOut(chain, env.router, amountIn(params), [params.token.address, env.WBNB]),
  }),
  // A seller of the same token ahead of the trade, with 15 % of the pair's reserve of it: about 24 % less BNB for the wallet.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.router)) return;
    await frontRunV2(chain, {
      router: env.router,
      pair: params.token.pair,
      sell: params.token.address,
      buy: env.WBNB,
      wbnb: env.WBNB,
      shareBps: 1500n,
    });
  },
  checks: [
    {
      name: 'the transaction sells exactly the requested tokens for BNB, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSale(ctx) !== undefined,
        detail: requestedSale(ctx) ? 'ok' : 'not swapExactTokensForETH of the requested amount along token → WBNB to the wallet',
      }),
    },
    { name: 'amountOutMin is the quote less the requested slippage', weight: 30, verify: minimumHonoured },
    {
      name: 'the wallet got at least the requested floor in BNB, or the sale reverted and cost nothing but gas',
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, receipt } = ctx;
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.bnb + gasCost(ctx) - pre.bnb;
        if (receipt?.status === 'success')
          return compareAmount('BNB received (at least the floor)', got >= floor ? floor : got, floor, { symbol: 'BNB' });
        if (!minimumHonoured(ctx).pass) return { pass: false, detail: 'the sale reverted, but not on the requested minimum' };
        return {
          pass: got === 0n && post.token === pre.token,
          detail: `reverted; BNB moved by ${got} besides gas and ${params.token.symbol} by ${post.token - pre.token}`,
        };
      },
    },
  ],
});
