import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { readAllowance, TOKEN_RW, call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'approves the amount (overwrites the allowance)',
    script: ({ params }) =>
      returns(call(json(params.token.address), 'approve', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`), TOKEN_RW),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 6)`),
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'raises a different spender',
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'increaseAllowance', `${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, 18)`),
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'decreases instead of increasing',
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`),
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'raises the allowance on WBNB',
    script: ({ params }) =>
      returns(
        call(
          'deployedContracts.WBNB',
          'approve',
          `${json(params.spender)}, parseUnits('10000', 18) + parseUnits(${json(params.amount)}, 18)`,
        ),
        TOKEN_RW,
      ),
  },
  // Same end state through approve(current + N): only the function check is lost.
  {
    kind: 'wrong_function',
    name: 'approves current + amount',
    maxScore: 80,
    script: ({ params }) =>
      returns(
        `${readAllowance(params.token.address, params.spender)}\n${call(json(params.token.address), 'approve', `${json(params.spender)}, cur + parseUnits(${json(params.amount)}, 18)`)}`,
        TOKEN_RW,
      ),
  },
];
