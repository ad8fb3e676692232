import type { Mutant } from '../../../src/tasks/mutants.ts';
import { call, callReading } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  // Gets the LP out, but not the way asked: a regular withdraw also pays out the rewards.
  {
    kind: 'wrong_function',
    name: 'withdraws the whole stake normally',
    script: () => callReading('deployedContracts.simple_reward_pool', 'withdraw', 'await stakedOf(deployedContracts.simple_reward_pool)'),
  },
  { kind: 'wrong_function', name: 'harvests instead', script: () => call('deployedContracts.simple_reward_pool', 'harvest', '') },
  {
    kind: 'wrong_amount',
    name: 'withdraws only half the stake',
    script: () =>
      callReading('deployedContracts.simple_reward_pool', 'withdraw', '(await stakedOf(deployedContracts.simple_reward_pool)) / 2n'),
  },
  {
    kind: 'wrong_target',
    name: 'emergency-withdraws from the LP staking contract',
    script: () => call('deployedContracts.simple_lp_staking', 'emergencyWithdraw', ''),
  },
];
