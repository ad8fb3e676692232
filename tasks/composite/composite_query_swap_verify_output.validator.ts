import { decodeFunctionData, parseEther, parseUnits, type Address, type PublicClient } from 'viem';
import {
  BSC,
  answerUint,
  balanceOf,
  compareAmount,
  defineValidator,
  GET_AMOUNTS_OUT,
  quoteOut,
  reportsUint,
  sameAddress,
  setPairBalances,
  setTokenBalance,
  slippageFloor,
  successful,
  SWAP_EXACT_ETH_FOR_TOKENS,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  tokenDecimals,
  tokenUnits,
  withGrace,
  chainProfileOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_swap_verify_output'>;
/**
 * `decimals`: USDT's own (18 on BSC, 6 for Base's USDC), for showing amounts. `quoteTol`: how far a reported
 * quote may be off, 0.1 % on BSC; 0.02 % on Base, where a quote worked out with PancakeSwap's 0.25 % fee
 * instead of Uniswap's 0.3 % is 0.05 % high.
 */
type State = { usdt: bigint; poolWbnb: bigint; quote: bigint; decimals: number; quoteTol: number };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_ETH_FOR_TOKENS, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

/**
 * The pool's planted USDT side: poolWbnb at poolPrice USDT per WBNB, the price taken as BSC's (near 600)
 * scaled to the chain's wrapped native (ETH near 3000 on Base), in USDT's own decimals (6 for Base's USDC).
 */
async function plantedUsdt(chain: PublicClient, env: { readonly USDT: Address }, p: Pick<Params, 'poolWbnb' | 'poolPrice'>) {
  const profile = await chainProfileOf(chain);
  // Both profiles price the wrapped native (BSC 600, Base 3000), so the ratio is a whole number.
  const scale = BigInt(Math.round((profile.usd.WBNB ?? 1) / (BSC.usd.WBNB ?? 1)));
  const shift = 10n ** BigInt(18 - (await tokenDecimals(chain, env.USDT)));
  return (parseEther(p.poolWbnb) * parseUnits(p.poolPrice, 2) * scale) / (100n * shift);
}

const swapped = (pre: State, post: State, p: Params) => post.poolWbnb - pre.poolWbnb === parseEther(p.amount_bnb) && post.usdt > pre.usdt;
const noSwap = ({ pre, post, params }: { pre: State; post: State; params: Params }) =>
  swapped(pre, post, params) ? undefined : 'the requested swap did not happen';

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Per-instance pool reserves (near 600 USDT per BNB, 3000 USDC per ETH on Base) and USDT holdings:
  // quote and balance are unguessable.
  setup: async ({ chain, env, params, agent }) => {
    await setPairBalances(chain, env.pair_WBNB_USDT, [
      [env.WBNB, parseEther(params.poolWbnb)],
      [env.USDT, await plantedUsdt(chain.public, env, params)],
    ]);
    await setTokenBalance(chain, env.USDT, agent, await tokenUnits(chain.public, env.USDT, params.plantedUsdt));
  },
  observe: async ({ chain, env, params, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    poolWbnb: await balanceOf(chain, env.WBNB, env.pair_WBNB_USDT),
    quote: await quoteOut(chain, env.router, parseEther(params.amount_bnb), [env.WBNB, env.USDT]),
    decimals: await tokenDecimals(chain, env.USDT),
    quoteTol: (await chainProfileOf(chain)).id === 'base' ? 0.0002 : 0.001,
  }),
  checks: [
    {
      name: 'swapped exactly the requested BNB for the quoted USDT',
      weight: 35,
      verify: ({ pre, post, params }) => {
        const into = compareAmount('WBNB into the pool', post.poolWbnb - pre.poolWbnb, parseEther(params.amount_bnb), { symbol: 'WBNB' });
        const out = compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, { rel: 0.01, symbol: 'USDT', decimals: pre.decimals });
        return { pass: into.pass && out.pass, detail: `${into.detail}; ${out.detail}` };
      },
    },
    {
      name: 'the swap set a minimum output within the slippage limit',
      weight: 15,
      verify: ({ txs, env, pre, params }) => {
        const floor = slippageFloor(pre.quote, params.slippage);
        const mins: bigint[] = [];
        for (const t of successful(txs)) {
          if (!sameAddress(t.tx.to, env.router)) continue;
          try {
            const { functionName, args } = decodeFunctionData({ abi: ROUTER, data: t.tx.data });
            if (functionName.startsWith('swapExactETH')) mins.push(args[0] as bigint);
            else if (functionName.startsWith('swapExactTokens')) mins.push(args[1] as bigint);
          } catch {
            // not a swap
          }
        }
        if (!mins.length) return { pass: false, detail: 'no successful exact-input swap through the router' };
        const pass = mins.every((m) => m > 0n && m >= withGrace(floor));
        return { pass, detail: `amountOutMin ${mins.join(', ')}, slippage floor ${floor}` };
      },
    },
    reportsUint('answer reports the pre-swap quote', 15, {
      read: (answer) => answerUint(answer, 'quoted'),
      unless: noSwap,
      // 0.1 % (0.02 % on Base): the fee-exact formula hits it; a fee-less spot-price estimate (0.25 % high or
      // more) does not, nor on Base one with PancakeSwap's fee.
      compare: (v, { pre }) => compareAmount('reported quote', v, pre.quote, { rel: pre.quoteTol, symbol: 'USDT', decimals: pre.decimals }),
    }),
    reportsUint('answer reports the USDT received', 15, {
      read: (answer) => answerUint(answer, 'received'),
      unless: noSwap,
      compare: (v, { pre, post }) =>
        compareAmount('reported received', v, post.usdt - pre.usdt, { symbol: 'USDT', decimals: pre.decimals }),
    }),
    reportsUint('answer reports the USDT balance after the swap', 20, {
      read: (answer) => answerUint(answer, 'usdtBalance'),
      unless: noSwap,
      compare: (v, { pre, post }) => compareAmount('reported balance', v, post.usdt, { symbol: 'USDT', decimals: pre.decimals }),
    }),
  ],
});
