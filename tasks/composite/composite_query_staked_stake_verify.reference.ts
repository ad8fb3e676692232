import { parseEther } from 'viem';
import { defineCompositeReference, lit, query, stakeRound, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => {
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
