import { parseEther } from 'viem';
import { defineCompositeReference, lastQueryResult, lit, query, stakeRound, submit } from 'evm-questbench/composite';

const reference = defineCompositeReference((params) => {
  const before = parseEther(params.planted as string); // what the query returns
  const after = before + parseEther(params.amount as string);
  return {
    plan: '1. Query my stake in simple_staking.\n2. stake(amount) on simple_staking.\nThen submit before and before + amount.',
    rounds: [
      query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
      stakeRound('deployedContracts.simple_staking', `parseEther(${lit(params.amount)})`),
      submit({ before: before.toString(), after: after.toString() }),
    ],
  };
});

export default reference;

/** Every step the request asks for, one round each: "before" is the stake the query returned, "after" that plus the amount staked. */
export const literal = defineCompositeReference((params, env) => {
  const { plan, rounds } = reference(params, env);
  const answer = (feedback: readonly string[]) => {
    const before = BigInt(lastQueryResult(feedback, { type: 'staked_amount' }).raw);
    return submit({ before: before.toString(), after: (before + parseEther(params.amount as string)).toString() });
  };
  return { plan, rounds: [rounds[0]!, rounds[1]!, answer] };
});
