import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { readBalance, TOKEN_RW, call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sends the percentage as whole tokens',
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits(${json(String(params.percent))}, 18)`),
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sends the complement share',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal * BigInt(100 - ${params.percent}) / 100n`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'divides by 1000 instead of 100',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal * BigInt(${params.percent}) / 1000n`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'right share, wrong recipient',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(BURN_ADDRESS)}, bal * BigInt(${params.percent}) / 100n`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'share of an assumed 1000-token balance',
    script: ({ params }) =>
      returns(
        call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits('1000', 18) * BigInt(${params.percent}) / 100n`),
        TOKEN_RW,
      ),
  },
];
