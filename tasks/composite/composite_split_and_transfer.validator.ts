import {
  answerUint,
  balanceOf,
  compareAmount,
  defineValidator,
  setTokenBalance,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_split_and_transfer'>;
type State = { agent: bigint; first: bigint; second: bigint; decimals: number };

/** Half of the starting balance; the odd wei, if any, may go to either address. */
const half = (pre: State) => pre.agent / 2n;

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance balance (in the token's own decimals), so the halves cannot be known without reading it.
  setup: async ({ chain, params, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, await tokenUnits(chain.public, params.token.address, params.planted));
  },
  observe: async ({ chain, params, agent }) => ({
    agent: await balanceOf(chain, params.token.address, agent),
    first: await balanceOf(chain, params.token.address, params.address1),
    second: await balanceOf(chain, params.token.address, params.address2),
    // The token's decimals (18 on BSC; Base's USDC has 6), which the amounts are printed in.
    decimals: await tokenDecimals(chain, params.token.address),
  }),
  checks: [
    {
      name: 'the first address received half of the balance',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('first received', post.first - pre.first, half(pre), {
          abs: 1n,
          symbol: params.token.symbol,
          decimals: pre.decimals,
        }),
    },
    {
      name: 'the second address received half of the balance',
      weight: 35,
      verify: ({ pre, post, params }) =>
        compareAmount('second received', post.second - pre.second, half(pre), {
          abs: 1n,
          symbol: params.token.symbol,
          decimals: pre.decimals,
        }),
    },
    {
      name: 'nothing is left in the wallet',
      weight: 10,
      verify: ({ post, params }) => compareAmount('left', post.agent, 0n, { symbol: params.token.symbol, decimals: post.decimals }),
    },
    {
      name: 'answer reports both amounts and the remaining balance',
      weight: 20,
      verify: ({ answer, pre, post }) => {
        if (post.first === pre.first && post.second === pre.second) return { pass: false, detail: 'nothing was sent' };
        const parts = [
          ['toFirst', post.first - pre.first],
          ['toSecond', post.second - pre.second],
          ['remaining', post.agent],
        ] as const;
        for (const [key, truth] of parts) {
          const a = answerUint(answer, key);
          if ('error' in a) return { pass: false, detail: a.error };
          if (a.value !== truth) return { pass: false, detail: `${key} reported ${a.value}, actual ${truth}` };
        }
        return { pass: true, detail: 'all three values match the chain' };
      },
    },
  ],
});
