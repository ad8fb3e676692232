import { decodeFunctionData, encodeFunctionData, isAddressEqual, parseEther, type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  defined,
  defineValidator,
  gasCost,
  minimumWithinLimit,
  qualityGasUsd,
  quoteOut,
  slippageFloor,
  SWAP_EXACT_ETH_FOR_TOKENS,
  takeSlackV2,
  v2MidPrice,
  walletUsd,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_minimum_v2_bnb_to_token'>;
type State = { bnb: bigint; token: bigint; quote: bigint; bnbUsd: number; tokenUsd: number };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);
const pathOf = (p: Params, env: HardEnv) => [env.WBNB, p.token.address];
const FAR = 2n ** 40n;

/** The swap the transaction makes, if it is the requested one: exactly the BNB, WBNB → token directly, to the wallet. */
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

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  observe: async ({ chain, params, env, agent }) => {
    const bnbUsd = await v2MidPrice(chain, env.pair_WBNB_USDT, env.WBNB);
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, params.token.address, agent),
      quote: await quoteOut(chain, env.router, amountIn(params), pathOf(params, env)),
      bnbUsd,
      tokenUsd: bnbUsd / (await v2MidPrice(chain, params.token.pair, env.WBNB)),
    };
  },
  // A searcher buys the token ahead of the swap, as much as the swap's minimum lets it go through.
  beforeSend: async ({ chain, env, params, tx }) => {
    await takeSlackV2(chain, tx, {
      router: env.router,
      pair: params.token.pair,
      sell: env.WBNB,
      buy: params.token.address,
      wbnb: env.WBNB,
    });
  },
  checks: [
    {
      name: 'the transaction swaps exactly the requested BNB for the token along WBNB → token, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'not swapExactETHForTokens of the requested BNB along WBNB → token to the wallet',
      }),
    },
    {
      name: "amountOutMin holds the owner's limit: no lower than the quote less the tolerance, no higher than the quote",
      weight: 20,
      verify: (ctx) => {
        const swap = requestedSwap(ctx);
        if (!swap) return { pass: false, detail: 'the transaction is not the requested swap' };
        return minimumWithinLimit(swap.min, ctx.pre.quote, ctx.params.slippage);
      },
    },
    {
      name: "the wallet paid exactly the BNB (plus gas) and received at least the owner's floor of the token",
      weight: 20,
      verify: (ctx) => {
        const { pre, post, params } = ctx;
        const spent = pre.bnb - post.bnb - gasCost(ctx);
        if (spent !== amountIn(params)) return { pass: false, detail: `spent ${spent} wei of BNB besides gas` };
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.token - pre.token;
        return compareAmount(`${params.token.symbol} received (at least the floor)`, got >= floor ? floor : got, floor, {
          symbol: params.token.symbol,
        });
      },
    },
  ],
  quality: {
    value: ({ pre, post }) =>
      walletUsd([
        { amount: post.bnb, decimals: 18, usd: pre.bnbUsd },
        { amount: post.token, decimals: 18, usd: pre.tokenUsd },
      ]),
    // The swap with its minimum at the exact quote: no searcher can trade ahead of it, so it fills at the quote.
    optimum: async ({ chain, env, agent, params, pre }) => {
      const amount = amountIn(params);
      const data = encodeFunctionData({
        abi: SWAP_EXACT_ETH_FOR_TOKENS,
        functionName: 'swapExactETHForTokens',
        args: [pre.quote, pathOf(params, env), agent, FAR],
      });
      const gas = await chain.estimateGas({ account: agent, to: env.router, data, value: amount });
      return (
        walletUsd([
          { amount: pre.bnb - amount, decimals: 18, usd: pre.bnbUsd },
          { amount: pre.token + pre.quote, decimals: 18, usd: pre.tokenUsd },
        ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
      );
    },
  },
});
