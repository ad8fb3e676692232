import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { bscAddressOf, TOKEN_RW, readBalance, readDecimals, call } from './_mutant-helpers.ts';

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
        `${readBalance(params.token.address)}\n${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal - parseUnits('1', dec)`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'balance read as whole tokens and sent in wei',
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\n${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, bal / 10n ** BigInt(dec)`)}`,
        TOKEN_RW,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'approves the recipient for the balance',
    script: ({ params }) =>
      returns(`${readBalance(params.token.address)}\n${call(json(params.token.address), 'approve', `${json(params.to)}, bal`)}`, TOKEN_RW),
  },
  // Rounds the balance down to 6 decimals of an 18-decimal token (a float round-trip): the recipient gets all but
  // dust, the wallet is not empty. Of Base's 6-decimal USDC it sends nothing (every balance is below 10^12 units).
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
  {
    // The token's BSC mainnet address from memory: the right token on BSC, no token at all on Base.
    kind: 'wrong_token',
    name: 'empties the token at its BSC address',
    chains: ['base'],
    script: ({ params }) => {
      const bsc = bscAddressOf(params.token.symbol);
      return returns(`${readBalance(bsc)}\n${call(json(bsc), 'transfer', `${json(params.to)}, bal`)}`, TOKEN_RW);
    },
  },
];
