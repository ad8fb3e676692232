import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { readBalance, readDecimals, TOKEN_RW, call } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sends the percentage as whole tokens',
    script: ({ params }) =>
      returns(
        `${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits(${json(String(params.percent))}, dec)`)}`,
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
        `${readDecimals(json(params.token.address))}\n${call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits('1000', dec) * BigInt(${params.percent}) / 100n`)}`,
        TOKEN_RW,
      ),
  },
  {
    // Whole tokens read and written with 18 decimals, rounded to 6 places: within the tolerance for an
    // 18-decimal token (all of BSC's, Base's DAI and DEGEN), nothing at all of Base's 6-decimal USDC (the
    // share rounds to 0). Wrong on Base where the token is USDC, as in the instance the tests run it on.
    kind: 'wrong_amount',
    name: 'share through an 18-decimal float of the balance',
    chains: ['base'],
    script: ({ params }) =>
      returns(
        `${readBalance(params.token.address)}\nconst share = (Number(bal) / 1e18) * ${params.percent} / 100;\n${call(json(params.token.address), 'transfer', `${json(params.to)}, parseUnits(share.toFixed(6), 18)`)}`,
        TOKEN_RW,
      ),
  },
];
