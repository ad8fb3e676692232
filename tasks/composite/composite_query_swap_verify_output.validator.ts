import { decodeFunctionData, parseEther, parseUnits } from 'viem';
import {
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
  withGrace,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_swap_verify_output'>;
type State = { usdt: bigint; poolWbnb: bigint; quote: bigint };

const ROUTER = [...GET_AMOUNTS_OUT, ...SWAP_EXACT_ETH_FOR_TOKENS, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

const swapped = (pre: State, post: State, p: Params) => post.poolWbnb - pre.poolWbnb === parseEther(p.amount_bnb) && post.usdt > pre.usdt;
const noSwap = ({ pre, post, params }: { pre: State; post: State; params: Params }) =>
  swapped(pre, post, params) ? undefined : 'the requested swap did not happen';

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Per-instance pool reserves (near 600 USDT per BNB) and USDT holdings: quote and balance are unguessable.
  setup: async ({ chain, env, params, agent }) => {
    const wbnb = parseEther(params.poolWbnb);
    await setPairBalances(chain, env.pair_WBNB_USDT, [
      [env.WBNB, wbnb],
      [env.USDT, (wbnb * parseUnits(params.poolPrice, 2)) / 100n],
    ]);
    await setTokenBalance(chain, env.USDT, agent, parseEther(params.plantedUsdt));
  },
  observe: async ({ chain, env, params, agent }) => ({
    usdt: await balanceOf(chain, env.USDT, agent),
    poolWbnb: await balanceOf(chain, env.WBNB, env.pair_WBNB_USDT),
    quote: await quoteOut(chain, env.router, parseEther(params.amount_bnb), [env.WBNB, env.USDT]),
  }),
  checks: [
    {
      name: 'swapped exactly the requested BNB for the quoted USDT',
      weight: 35,
      verify: ({ pre, post, params }) => {
        const into = compareAmount('WBNB into the pool', post.poolWbnb - pre.poolWbnb, parseEther(params.amount_bnb), { symbol: 'WBNB' });
        const out = compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, { rel: 0.01, symbol: 'USDT' });
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
      // 0.1 %: the fee-exact formula hits it; a fee-less spot-price estimate (0.25 % high or more) does not.
      compare: (v, { pre }) => compareAmount('reported quote', v, pre.quote, { rel: 0.001, symbol: 'USDT' }),
    }),
    reportsUint('answer reports the USDT received', 15, {
      read: (answer) => answerUint(answer, 'received'),
      unless: noSwap,
      compare: (v, { pre, post }) => compareAmount('reported received', v, post.usdt - pre.usdt, { symbol: 'USDT' }),
    }),
    reportsUint('answer reports the USDT balance after the swap', 20, {
      read: (answer) => answerUint(answer, 'usdtBalance'),
      unless: noSwap,
      compare: (v, { post }) => compareAmount('reported balance', v, post.usdt, { symbol: 'USDT' }),
    }),
  ],
});
