import type { Mutant } from '../../../src/tasks/mutants.ts';
import { call, callReading } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'emergency-withdraws (forfeits the rewards)',
    script: () => call('deployedContracts.simple_reward_pool', 'emergencyWithdraw', ''),
  },
  {
    kind: 'wrong_function',
    name: 'withdraws the whole stake to collect the rewards',
    script: () => callReading('deployedContracts.simple_reward_pool', 'withdraw', 'await stakedOf(deployedContracts.simple_reward_pool)'),
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
];
