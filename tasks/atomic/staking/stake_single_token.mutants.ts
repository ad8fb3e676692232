import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
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
];
