import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, query, script, stake, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_staked_stake_verify'>;

const reference = defineCompositeReference((params: Params, env) => {
  const before = parseEther(params.planted); // what the query returns
  const after = before + parseEther(params.amount);
  return {
    plan: '1. Query my stake in simple_staking.\n2. stake(amount) on simple_staking.\nThen submit before and before + amount.',
    rounds: [
      query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
      script(stake, { pool: env.simple_staking, amount: parseEther(params.amount) }),
      submit({ before: before.toString(), after: after.toString() }),
    ],
  };
});

export default reference;

/** Every step the request asks for, one round each: "before" is the stake the query returned, "after" that plus the amount staked. */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const { plan, rounds } = reference(params, env, chain);
  const answer = (feedback: readonly string[]) => {
    const before = BigInt(lastQueryResult(feedback, { type: 'staked_amount' }).raw);
    return submit({ before: before.toString(), after: (before + parseEther(params.amount)).toString() });
  };
  return { plan, rounds: [...rounds.slice(0, 2), answer] };
});
