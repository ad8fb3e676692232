import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseUnits, type Address, type PublicClient } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  encodeV3Path,
  minimumWithinLimit,
  qualityGasUsd,
  quoteExactInput,
  setTokenBalance,
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

type Params = TaskParams<'hard_execution_minimum_v3_two_hop'>;
type State = {
  bnb: bigint;
  token: bigint;
  usdt: bigint;
  decimals: number;
  usdtDecimals: number;
  quote: bigint;
  bnbUsd: number;
  tokenUsd: number;
};
type Ctx = CheckContext<Params, State, HardEnv>;

const decimalsOf = (chain: PublicClient, token: Address) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
const amountIn = (p: Params, decimals: number) => parseUnits(p.token.amount, decimals);
const pathOf = (p: Params, env: HardEnv) => encodeV3Path([p.token.address, env.WBNB, env.USDT], [p.token.fee, 500]);
const FAR = 2n ** 40n;

/** The swap the transaction makes, if it is the requested one: one exactInput of exactly the tokens along the stated path, to the wallet. */
function requestedSwap({ tx, params, env, agent, pre }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const call = decodeFunctionData({ abi: V3_ROUTER_ABI, data: tx.data });
    if (call.functionName !== 'exactInput') return undefined;
    const s = call.args[0];
    const ok =
      tx.value === 0n &&
      s.amountIn === amountIn(params, pre.decimals) &&
      s.path.toLowerCase() === pathOf(params, env).toLowerCase() &&
      isAddressEqual(s.recipient, agent);
    return ok ? { min: s.amountOutMinimum } : undefined;
  } catch {
    return undefined;
  }
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  // Twice the tokens to sell, and the SwapRouter's allowance for exactly the sale, as the request says.
  setup: async ({ chain, params, env, agent }) => {
    const amount = amountIn(params, await decimalsOf(chain.public, params.token.address));
    await setTokenBalance(chain, params.token.address, agent, 2n * amount);
    await approveAs(chain, agent, params.token.address, env.v3_swap_router, amount);
  },
  observe: async ({ chain, params, env, agent }) => {
    const token = params.token.address;
    const decimals = await decimalsOf(chain, token);
    const bnbUsd = await v2MidPrice(chain, env.pair_WBNB_USDT, env.WBNB);
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, token, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      decimals,
      usdtDecimals: await decimalsOf(chain, env.USDT),
      // Only the pre-state's quote is used; after a front-run to the edge of a pool's liquidity the quoter may revert.
      quote: await quoteExactInput(chain, env.v3_quoter, pathOf(params, env), amountIn(params, decimals)).catch(() => 0n),
      bnbUsd,
      tokenUsd: bnbUsd / (await v2MidPrice(chain, params.token.pair, env.WBNB)),
    };
  },
  // A searcher sells the same token into the path's first pool ahead of the swap, as far as the swap's minimum lets it go through.
  beforeSend: async ({ chain, env, params, tx }) => {
    const pool = await chain.public.readContract({
      address: env.v3_factory,
      abi: V3_FACTORY_ABI,
      functionName: 'getPool',
      args: [params.token.address, env.WBNB, params.token.fee],
    });
    // At most 15 %: the WBTC/WBNB 0.05 % pool has no liquidity past a 20 % move, and no minimum within the limit needs more.
    await takeSlackV3(chain, tx, { router: env.v3_swap_router, pool, sell: params.token.address, wbnb: env.WBNB, maxDropBps: 1500n });
  },
  checks: [
    {
      name: 'the transaction is one exactInput of exactly the requested tokens along token → WBNB → USDT at the stated tiers, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSwap(ctx) !== undefined,
        detail: requestedSwap(ctx) ? 'ok' : 'not one exactInput of the requested amount along the stated path, to the wallet',
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
      name: "the wallet sold exactly the tokens and received at least the owner's floor in USDT",
      weight: 20,
      verify: (ctx) => {
        const { pre, post, params } = ctx;
        const sold = pre.token - post.token;
        if (sold !== amountIn(params, pre.decimals)) return { pass: false, detail: `sold ${sold} base units of ${params.token.symbol}` };
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.usdt - pre.usdt;
        return compareAmount('USDT received (at least the floor)', got >= floor ? floor : got, floor, {
          symbol: 'USDT',
          decimals: pre.usdtDecimals,
        });
      },
    },
  ],
  quality: {
    // USDT is the unit: a dollar each.
    value: ({ pre, post }) =>
      walletUsd([
        { amount: post.bnb, decimals: 18, usd: pre.bnbUsd },
        { amount: post.token, decimals: pre.decimals, usd: pre.tokenUsd },
        { amount: post.usdt, decimals: pre.usdtDecimals, usd: 1 },
      ]),
    // The swap with its minimum at QuoterV2's quote of the path: no searcher can trade ahead of it, so it fills at the quote.
    optimum: async ({ chain, env, agent, params, pre }) => {
      const amount = amountIn(params, pre.decimals);
      const data = encodeFunctionData({
        abi: V3_ROUTER_ABI,
        functionName: 'exactInput',
        args: [{ path: pathOf(params, env), recipient: agent, deadline: FAR, amountIn: amount, amountOutMinimum: pre.quote }],
      });
      const gas = await chain.estimateGas({ account: agent, to: env.v3_swap_router, data });
      return (
        walletUsd([
          { amount: pre.bnb, decimals: 18, usd: pre.bnbUsd },
          { amount: pre.token - amount, decimals: pre.decimals, usd: pre.tokenUsd },
          { amount: pre.usdt + pre.quote, decimals: pre.usdtDecimals, usd: 1 },
        ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
      );
    },
  },
});
