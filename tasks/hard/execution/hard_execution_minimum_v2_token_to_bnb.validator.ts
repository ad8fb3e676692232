import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseUnits, type Address, type PublicClient } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defined,
  defineValidator,
  gasCost,
  minimumWithinLimit,
  qualityGasUsd,
  quoteOut,
  setTokenBalance,
  slippageFloor,
  SWAP_EXACT_TOKENS_FOR_ETH,
  takeSlackV2,
  v2MidPrice,
  walletUsd,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_minimum_v2_token_to_bnb'>;
type State = { bnb: bigint; token: bigint; decimals: number; quote: bigint; bnbUsd: number; tokenUsd: number };
type Ctx = CheckContext<Params, State, HardEnv>;

const decimalsOf = (chain: PublicClient, token: Address) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' });
const amountIn = (p: Params, decimals: number) => parseUnits(p.token.amount, decimals);
const pathOf = (p: Params, env: HardEnv) => [p.token.address, env.WBNB];
const FAR = 2n ** 40n;

/** The sale the transaction makes, if it is the requested one: exactly the tokens, token → WBNB directly, BNB to the wallet. */
function requestedSale({ tx, params, env, agent, pre }: Ctx): { min: bigint } | undefined {
  if (!tx) return undefined;
  try {
    const call = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_ETH, data: tx.data });
    const [amount, min, path, to] = call.args as unknown as [bigint, bigint, readonly Address[], Address];
    const ok =
      amount === amountIn(params, pre.decimals) &&
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

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  // Twice the tokens to sell, and the router's allowance for exactly the sale, as the request says.
  setup: async ({ chain, params, env, agent }) => {
    const amount = amountIn(params, await decimalsOf(chain.public, params.token.address));
    await setTokenBalance(chain, params.token.address, agent, 2n * amount);
    await approveAs(chain, agent, params.token.address, env.router, amount);
  },
  observe: async ({ chain, params, env, agent }) => {
    const decimals = await decimalsOf(chain, params.token.address);
    const bnbUsd = await v2MidPrice(chain, env.pair_WBNB_USDT, env.WBNB);
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, params.token.address, agent),
      decimals,
      quote: await quoteOut(chain, env.router, amountIn(params, decimals), pathOf(params, env)),
      bnbUsd,
      tokenUsd: bnbUsd / (await v2MidPrice(chain, params.token.pair, env.WBNB)),
    };
  },
  // A searcher sells the same token ahead of the sale, as much as the sale's minimum lets it go through.
  beforeSend: async ({ chain, env, params, tx }) => {
    await takeSlackV2(chain, tx, {
      router: env.router,
      pair: params.token.pair,
      sell: params.token.address,
      buy: env.WBNB,
      wbnb: env.WBNB,
    });
  },
  checks: [
    {
      name: 'the transaction sells exactly the requested tokens for BNB along token → WBNB, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSale(ctx) !== undefined,
        detail: requestedSale(ctx) ? 'ok' : 'not swapExactTokensForETH of the requested amount along token → WBNB to the wallet',
      }),
    },
    {
      name: "amountOutMin holds the owner's limit: no lower than the quote less the tolerance, no higher than the quote",
      weight: 20,
      verify: (ctx) => {
        const sale = requestedSale(ctx);
        if (!sale) return { pass: false, detail: 'the transaction is not the requested sale' };
        return minimumWithinLimit(sale.min, ctx.pre.quote, ctx.params.slippage);
      },
    },
    {
      name: "the wallet sold exactly the tokens and received at least the owner's floor in BNB (besides gas)",
      weight: 20,
      verify: (ctx) => {
        const { pre, post, params } = ctx;
        const sold = pre.token - post.token;
        if (sold !== amountIn(params, pre.decimals)) return { pass: false, detail: `sold ${sold} base units of ${params.token.symbol}` };
        const floor = slippageFloor(pre.quote, params.slippage);
        const got = post.bnb + gasCost(ctx) - pre.bnb;
        return compareAmount('BNB received (at least the floor)', got >= floor ? floor : got, floor, { symbol: 'BNB' });
      },
    },
  ],
  quality: {
    value: ({ pre, post }) =>
      walletUsd([
        { amount: post.bnb, decimals: 18, usd: pre.bnbUsd },
        { amount: post.token, decimals: pre.decimals, usd: pre.tokenUsd },
      ]),
    // The sale with its minimum at the exact quote: no searcher can trade ahead of it, so it fills at the quote.
    optimum: async ({ chain, env, agent, params, pre }) => {
      const amount = amountIn(params, pre.decimals);
      const data = encodeFunctionData({
        abi: SWAP_EXACT_TOKENS_FOR_ETH,
        functionName: 'swapExactTokensForETH',
        args: [amount, pre.quote, pathOf(params, env), agent, FAR],
      });
      const gas = await chain.estimateGas({ account: agent, to: env.router, data });
      return (
        walletUsd([
          { amount: pre.bnb + pre.quote, decimals: 18, usd: pre.bnbUsd },
          { amount: pre.token - amount, decimals: pre.decimals, usd: pre.tokenUsd },
        ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
      );
    },
  },
});
