import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
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
    // As parseUnits(amount, 6), which on Base would throw on the amount's eight decimals.
    script: ({ params }) => call('deployedContracts.simple_reward_pool', 'withdraw', `parseUnits(${json(params.amount)}, 18) / 10n ** 12n`),
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
];
