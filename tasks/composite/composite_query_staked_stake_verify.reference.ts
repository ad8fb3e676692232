import { parseEther } from 'viem';
import { defineCompositeReference, lit, query, submit, ts } from 'evm-questbench/composite';

export default defineCompositeReference((params) => {
  const before = parseEther(params.planted as string); // what the query returns
  const after = before + parseEther(params.amount as string);
  return {
    plan: '1. Query my stake in simple_staking.\n2. stake(amount) on simple_staking.\nThen submit before and before + amount.',
    rounds: [
      query({ type: 'staked_amount', pool: 'simple_staking', address: 'agent' }),
      ts(
        `const staking = new Interface(['function stake(uint256 amount)']);
  return { to: deployedContracts.simple_staking, data: staking.encodeFunctionData('stake', [parseEther(${lit(params.amount)})]) };`,
        "import { Interface, parseEther } from 'ethers';",
      ),
      submit({ before: before.toString(), after: after.toString() }),
    ],
  };
});
