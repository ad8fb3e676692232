import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { readAllowance, readDecimals, TOKEN_RW, call, WRONG_DEC } from './_mutant-helpers.ts';

/** A call of `fn` on the task's token with `args`, after reading its decimals as `dec`. */
const withDecimals = (token: string, fn: string, args: string) =>
  returns(`${readDecimals(json(token))}\n${call(json(token), fn, args)}`, TOKEN_RW);

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'approves the amount (overwrites the allowance)',
    script: ({ params }) =>
      withDecimals(params.token.address, 'approve', `${json(params.spender)}, parseUnits(${json(params.amount)}, dec)`),
  },
  {
    // 6 decimals on BSC (every token there has 18); 18 for Base's USDC.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      withDecimals(params.token.address, 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, ${WRONG_DEC})`),
  },
  {
    kind: 'wrong_recipient',
    name: 'raises a different spender',
    script: ({ params }) =>
      withDecimals(params.token.address, 'increaseAllowance', `${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, dec)`),
  },
  {
    kind: 'wrong_function',
    name: 'decreases instead of increasing',
    script: ({ params }) =>
      withDecimals(params.token.address, 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, dec)`),
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
        `${readAllowance(params.token.address, params.spender)}\n${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'approve', `${json(params.spender)}, cur + parseUnits(${json(params.amount)}, dec)`)}`,
        TOKEN_RW,
      ),
  },
  {
    // BSC's habit: every token has 18 decimals. Right there; on Base it raises a USDC allowance by 10^12 times
    // the amount (right for Base's DAI and DEGEN; the instance the tests run it on is USDC's).
    kind: 'wrong_amount',
    name: 'amount with 18 decimals whatever the token',
    chains: ['base'],
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`),
        TOKEN_RW,
      ),
  },
];
