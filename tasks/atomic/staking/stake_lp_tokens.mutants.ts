import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { call, callReading } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'amount scaled ÷10',
    script: ({ params }) => call('deployedContracts.simple_lp_staking', 'stake', `parseUnits(${json(params.amount)}, 17)`),
  },
  {
    kind: 'wrong_amount',
    name: 'stakes the whole LP balance',
    script: () => callReading('deployedContracts.simple_lp_staking', 'stake', 'await balanceOf(deployedContracts.pair_USDT_BUSD)'),
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
];
