import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { bscAddressOf, readAllowance, readDecimals, TOKEN_RW, call, WRONG_DEC } from './_mutant-helpers.ts';

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
    kind: 'wrong_function',
    name: 'increases instead of decreasing',
    script: ({ params }) =>
      withDecimals(params.token.address, 'increaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, dec)`),
  },
  {
    // 6 decimals on BSC (every token there has 18); 18 for Base's USDC.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      withDecimals(params.token.address, 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, ${WRONG_DEC})`),
  },
  {
    kind: 'wrong_amount',
    name: 'amount ×10',
    script: ({ params }) =>
      withDecimals(params.token.address, 'decreaseAllowance', `${json(params.spender)}, parseUnits(${json(params.amount)}, dec) * 10n`),
  },
  {
    kind: 'wrong_recipient',
    name: 'lowers a spender with no allowance',
    script: ({ params }) =>
      withDecimals(params.token.address, 'decreaseAllowance', `${json(BURN_ADDRESS)}, parseUnits(${json(params.amount)}, dec)`),
  },
  // Same end state through approve(current - N): only the function check is lost.
  {
    kind: 'wrong_function',
    name: 'approves current - amount',
    maxScore: 80,
    script: ({ params }) =>
      returns(
        `${readAllowance(params.token.address, params.spender)}\n${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'approve', `${json(params.spender)}, cur - parseUnits(${json(params.amount)}, dec)`)}`,
        TOKEN_RW,
      ),
  },
  {
    // The token's BSC mainnet address from memory: the right token on BSC, no token at all on Base.
    kind: 'wrong_token',
    name: "lowers the allowance on the token's BSC address",
    chains: ['base'],
    script: ({ params }) =>
      returns(
        call(
          json(bscAddressOf(params.token.symbol)),
          'decreaseAllowance',
          `${json(params.spender)}, parseUnits(${json(params.amount)}, 18)`,
        ),
        TOKEN_RW,
      ),
  },
];
