import { json, returns, type MutantTable } from './types.ts';

const POOL_ABI =
  "import { Interface, parseUnits } from 'ethers';\nconst abi = new Interface(['function stake(uint256)', 'function unstake(uint256)', 'function deposit(uint256)', 'function withdraw(uint256)', 'function harvest()', 'function emergencyWithdraw()', 'function transfer(address,uint256)']);";
const call = (to: string, fn: string, args: string) =>
  returns(`return { to: ${to}, data: abi.encodeFunctionData(${json(fn)}, [${args}]) };`, POOL_ABI);

export const mutants: MutantTable = {
  stake_single_token: [
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) => call('deployedContracts.simple_staking', 'stake', `parseUnits(${json(params.amount)}, 6)`),
    },
    {
      kind: 'wrong_amount',
      name: 'whole CAKE units without decimals',
      script: ({ params }) => call('deployedContracts.simple_staking', 'stake', `BigInt(Math.floor(${Number(params.amount)}))`),
    },
    {
      kind: 'wrong_function',
      name: 'transfers the CAKE to the staking contract instead of staking',
      script: ({ params }) =>
        call('deployedContracts.CAKE', 'transfer', `deployedContracts.simple_staking, parseUnits(${json(params.amount)}, 18)`),
    },
    {
      kind: 'wrong_target',
      name: 'stakes in the LP staking contract',
      script: ({ params }) => call('deployedContracts.simple_lp_staking', 'stake', `parseUnits(${json(params.amount)}, 18)`),
    },
    {
      kind: 'reverted',
      name: 'unstakes instead (nothing staked)',
      script: ({ params }) => call('deployedContracts.simple_staking', 'unstake', `parseUnits(${json(params.amount)}, 18)`),
    },
  ],
  stake_lp_tokens: [
    {
      kind: 'wrong_amount',
      name: 'amount scaled ÷10',
      script: ({ params }) => call('deployedContracts.simple_lp_staking', 'stake', `parseUnits(${json(params.amount)}, 17)`),
    },
    {
      kind: 'wrong_amount',
      name: 'stakes the whole LP balance',
      script: () => call('deployedContracts.simple_lp_staking', 'stake', `parseUnits("2", 18)`),
    },
    {
      kind: 'wrong_token',
      name: 'stakes CAKE in the CAKE staking contract',
      script: ({ params }) => call('deployedContracts.simple_staking', 'stake', `parseUnits(${json(params.amount)}, 18)`),
    },
    {
      kind: 'wrong_target',
      name: 'deposits into the reward pool (no allowance)',
      script: ({ params }) => call('deployedContracts.simple_reward_pool', 'deposit', `parseUnits(${json(params.amount)}, 18)`),
    },
  ],
  unstake_lp_tokens: [
    {
      kind: 'wrong_function',
      name: 'emergency-withdraws the whole stake',
      script: () => call('deployedContracts.simple_reward_pool', 'emergencyWithdraw', ''),
    },
    {
      kind: 'wrong_function',
      name: 'harvests instead of withdrawing',
      script: () => call('deployedContracts.simple_reward_pool', 'harvest', ''),
    },
    {
      kind: 'wrong_amount',
      name: 'amount with 6 decimals',
      script: ({ params }) => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits(${json(params.amount)}, 6)`),
    },
    {
      kind: 'reverted',
      name: 'amount ×10 exceeds the stake',
      script: ({ params }) => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits(${json(params.amount)}, 19)`),
    },
    {
      kind: 'wrong_target',
      name: 'unstakes from the LP staking contract',
      script: ({ params }) => call('deployedContracts.simple_lp_staking', 'unstake', `parseUnits(${json(params.amount)}, 18)`),
    },
  ],
  harvest_rewards: [
    {
      kind: 'wrong_function',
      name: 'emergency-withdraws (forfeits the rewards)',
      script: () => call('deployedContracts.simple_reward_pool', 'emergencyWithdraw', ''),
    },
    {
      kind: 'wrong_function',
      name: 'withdraws the whole stake to collect the rewards',
      script: () => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits("0.5", 18)`),
    },
    {
      kind: 'wrong_function',
      name: 'withdraws 1 wei of stake to trigger a payout',
      script: () => call('deployedContracts.simple_reward_pool', 'withdraw', '1n'),
    },
    {
      kind: 'wrong_target',
      name: 'calls harvest on the CAKE staking contract',
      script: () => call('deployedContracts.simple_staking', 'harvest', ''),
    },
  ],
  emergency_withdraw: [
    // Gets the LP out, but not the way asked: a regular withdraw also pays out the rewards.
    {
      kind: 'wrong_function',
      name: 'withdraws the whole stake normally',
      script: () => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits("0.5", 18)`),
    },
    { kind: 'wrong_function', name: 'harvests instead', script: () => call('deployedContracts.simple_reward_pool', 'harvest', '') },
    {
      kind: 'wrong_amount',
      name: 'withdraws only half the stake',
      script: () => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits("0.25", 18)`),
    },
    {
      kind: 'wrong_target',
      name: 'emergency-withdraws from the LP staking contract',
      script: () => call('deployedContracts.simple_lp_staking', 'emergencyWithdraw', ''),
    },
  ],
};
