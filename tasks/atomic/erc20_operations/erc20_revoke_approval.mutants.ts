import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { bscAddressOf, readAllowance, readDecimals, TOKEN_RW, call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'revokes a different spender',
    script: ({ params, env }) =>
      returns(
        call(
          'deployedContracts.USDT',
          'approve',
          `${json([env.venus, env.pancake_v3_router, env.router].find((a) => a !== params.spender.address))}, 0n`,
        ),
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'grants an unlimited approval instead',
    script: ({ params }) => returns(call('deployedContracts.USDT', 'approve', `${json(params.spender.address)}, MaxUint256`), TOKEN_RW),
  },
  {
    kind: 'wrong_token',
    name: 'revokes on BUSD',
    script: ({ params }) => returns(call('deployedContracts.BUSD', 'approve', `${json(params.spender.address)}, 0n`), TOKEN_RW),
  },
  {
    kind: 'wrong_function',
    name: 'transfers the allowance amount to the spender',
    script: ({ params }) =>
      returns(
        `${readDecimals('deployedContracts.USDT')}\n${call('deployedContracts.USDT', 'transfer', `${json(params.spender.address)}, parseUnits('1000', dec)`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'lowers it by half instead of to zero',
    script: ({ params, env }) =>
      returns(
        `${readAllowance(env.USDT, params.spender.address)}\n${call('deployedContracts.USDT', 'decreaseAllowance', `${json(params.spender.address)}, cur / 2n`)}`,
        TOKEN_RW,
      ),
  },
  {
    // USDT's BSC mainnet address from memory: the right token on BSC, no token at all on Base.
    kind: 'wrong_token',
    name: "revokes on USDT's BSC address",
    chains: ['base'],
    script: ({ params }) => returns(call(json(bscAddressOf('USDT')), 'approve', `${json(params.spender.address)}, 0n`), TOKEN_RW),
  },
];
