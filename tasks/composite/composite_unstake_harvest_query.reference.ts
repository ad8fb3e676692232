import { defineCompositeReference, lastQueryResult, lit, query, submit, ts } from 'evm-questbench/composite';

const IMPORTS = "import { encodeFunctionData, parseAbi, parseEther } from 'viem';";
const POOL = "const pool = parseAbi(['function withdraw(uint256)', 'function harvest()']);";

export default defineCompositeReference((params) => ({
  plan: '1. withdraw(amount) from simple_reward_pool.\n2. harvest().\n3. Query the CAKE balance, then submit it.',
  rounds: [
    ts(`${POOL}\n  return { to: deployedContracts.simple_reward_pool, data: encodeFunctionData({ abi: pool, functionName: 'withdraw', args: [parseEther(${lit(params.amount)})] }) };`, IMPORTS),
    ts(`${POOL}\n  return { to: deployedContracts.simple_reward_pool, data: encodeFunctionData({ abi: pool, functionName: 'harvest' }) };`, IMPORTS),
    query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
    (feedback) => submit({ cake: lastQueryResult(feedback).raw }),
  ],
}));
