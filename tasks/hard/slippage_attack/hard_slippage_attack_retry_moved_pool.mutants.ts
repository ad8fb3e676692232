// Wrong answers for the reactive_adversary tasks: a searcher (or a liquidity adversary) reacts to the
// wallet's first attempt and keeps the state moved. The careless habit is the retry whose limit is
// re-derived from the moved state instead of held at the owner's limit.
import { parseEther, parseUnits } from 'viem';
import { script, submit, swapExactBnb, type ScriptRound } from '../../../src/composite/reference.ts';
import { buyWithMinimum } from './hard_slippage_attack_retry_moved_pool.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';

const retryFloor = (p: Record<string, any>) => (parseUnits(p.quote, 18) * BigInt(100 - p.slippage)) / 100n;

const retryBuy = (p: Record<string, any>, env: Record<string, any>, min: bigint) =>
  script(buyWithMinimum, { amount: parseEther(p.amount), path: [env.WBNB, p.token.address], min });

const requote = (p: Record<string, any>, env: Record<string, any>, slippage: number): ScriptRound =>
  script(swapExactBnb, { amount: parseEther(p.amount), path: [env.WBNB, p.token.address], slippage, deadline: 1200 });

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'zero_minimum',
    name: "after the revert, re-quotes the moved pair and retries with the owner's tolerance under the new quote (fills at the searcher's price)",
    mechanism: {
      fails: [
        "every buy the wallet sent carried a minimum at or above the owner's limit",
        "the wallet got at least the owner's limit for the BNB, or bought nothing and paid only gas",
      ],
    },
    episode: (p, env) => ({
      plan: 'buy with the limit; if it reverts, re-quote and retry',
      rounds: [retryBuy(p, env, retryFloor(p)), requote(p, env, p.slippage), submit()],
    }),
  },
  {
    kind: 'zero_minimum',
    name: 'buys with amountOutMin 0 on the first attempt (sandwiched)',
    episode: (p, env) => ({ plan: 'buy', rounds: [retryBuy(p, env, 0n), submit()] }),
  },
  {
    kind: 'zero_minimum',
    name: 'after the revert, widens the tolerance to 30 % of the fresh quote',
    episode: (p, env) => ({
      plan: 'buy; if it reverts, widen the slippage',
      rounds: [retryBuy(p, env, retryFloor(p)), requote(p, env, 30), submit()],
    }),
  },
  {
    kind: 'no_op',
    name: 'reports that the market moved without ever sending the buy',
    episode: () => ({ plan: 'nothing', rounds: [submit()] }),
  },
];
