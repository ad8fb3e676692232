import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseEther, type PublicClient } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  gasCost,
  minimumWithinLimit,
  qualityGasUsd,
  quoteExactInputSingle,
  slippageFloor,
  takeSlackV3,
  V3_FACTORY_ABI,
  V3_ROUTER_ABI,
  v2MidPrice,
  walletUsd,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_minimum_v3_bnb_to_token'>;
type State = { bnb: bigint; token: bigint; decimals: number; quote: bigint; bnbUsd: number; tokenUsd: number };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);
const FAR = 2n ** 40n;

const poolOf = (chain: PublicClient, env: HardEnv, p: Params) =>
  chain.readContract({
    address: env.v3_factory,
    abi: V3_FACTORY_ABI,
    functionName: 'getPool',
    args: [env.WBNB, p.token.address, p.token.fee],
  });

/** The swap the transaction makes, if it is the requested one: one exactInputSingle of exactly the BNB, WBNB → token at the stated tier, to the wallet. */
function requestedSwap({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const call = decodeFunctionData({ abi: V3_ROUTER_ABI, data: tx.data });
    if (call.functionName !== 'exactInputSingle') return undefined;
    const s = call.args[0];
    const ok =
      tx.value === amountIn(params) &&
      s.amountIn === amountIn(params) &&
      s.fee === params.token.fee &&
      isAddressEqual(s.tokenIn, env.WBNB) &&
      isAddressEqual(s.tokenOut, params.token.address) &&
      isAddressEqual(s.recipient, agent);
    return ok ? { min: s.amountOutMinimum } : undefined;
  } catch {
    return undefined;
  }
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  observe: async ({ chain, params, env, agent }) => {
    const bnbUsd = await v2MidPrice(chain, env.pair_WBNB_USDT, env.WBNB);
    const token = params.token.address;
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, token, agent),
      decimals: await chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
      quote: await quoteExactInputSingle(chain, env.v3_quoter, {
        tokenIn: env.WBNB,
        tokenOut: token,
        fee: params.token.fee,
        amountIn: amountIn(params),
      }),
      bnbUsd,
      tokenUsd: bnbUsd / (await v2MidPrice(chain, params.token.pair, env.WBNB)),
    };
  },
  // A searcher buys the token in the same pool ahead of the swap, as far as the swap's minimum lets it go through.
  beforeSend: async ({ chain, env, params, tx }) => {
    const pool = await poolOf(chain.public, env, params);
    await takeSlackV3(chain, tx, { router: env.v3_swap_router, pool, sell: env.WBNB, wbnb: env.WBNB });
  },
  checks: [
    {
      name: 'the transaction is one exactInputSingle of exactly the requested BNB, WBNB → token in the stated tier, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'not one exactInputSingle of the requested BNB, WBNB → token at the stated fee, to the wallet',
      }),
    },
    {
      name: "amountOutMinimum holds the owner's limit: no lower than the quote less the tolerance, no higher than the quote",
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
          decimals: pre.decimals,
        });
      },
    },
  ],
  quality: {
    value: ({ pre, post }) =>
      walletUsd([
        { amount: post.bnb, decimals: 18, usd: pre.bnbUsd },
        { amount: post.token, decimals: pre.decimals, usd: pre.tokenUsd },
      ]),
    // The swap with its minimum at QuoterV2's exact quote: no searcher can trade ahead of it, so it fills at the quote.
    optimum: async ({ chain, env, agent, params, pre }) => {
      const amount = amountIn(params);
      const data = encodeFunctionData({
        abi: V3_ROUTER_ABI,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: env.WBNB,
            tokenOut: params.token.address,
            fee: params.token.fee,
            recipient: agent,
            deadline: FAR,
            amountIn: amount,
            amountOutMinimum: pre.quote,
            sqrtPriceLimitX96: 0n,
          },
        ],
      });
      const gas = await chain.estimateGas({ account: agent, to: env.v3_swap_router, data, value: amount });
      return (
        walletUsd([
          { amount: pre.bnb - amount, decimals: 18, usd: pre.bnbUsd },
          { amount: pre.token + pre.quote, decimals: pre.decimals, usd: pre.tokenUsd },
        ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
      );
    },
  },
});
