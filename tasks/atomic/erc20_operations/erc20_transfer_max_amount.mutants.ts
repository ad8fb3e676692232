import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { TOKEN_RW, readBalance, call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'whole balance to a different address',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(BURN_ADDRESS)}, bal`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'keeps one token back',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal - parseUnits('1', 18)`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'balance read as whole tokens and sent in wei',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal / 10n ** 18n`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'approves the recipient for the balance',
    script: ({ params }) =>
      returns(`${readBalance(params.token.address)}\n${call(json(params.token.address), 'approve', `${json(params.to)}, bal`)}`, TOKEN_RW),
  },
  // Rounds the balance down to 6 decimals (a float round-trip): the recipient gets all but dust, the wallet is not empty.
  {
    kind: 'wrong_amount',
    name: 'balance rounded down to 6 decimals',
    maxScore: 70,
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal - bal % 10n ** 12n`)}`,
        TOKEN_RW,
      ),
  },
];
