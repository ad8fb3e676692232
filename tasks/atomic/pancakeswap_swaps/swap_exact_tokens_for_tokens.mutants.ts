import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { quoting, wrongInput, exactIn, enc } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'output goes to another address',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        json(BURN_ADDRESS),
      ),
  },
  {
    kind: 'wrong_token',
    name: 'buys WBNB instead of the requested token',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.pair.sellAddress)}, deployedContracts.WBNB]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'swaps in the opposite direction',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 6)`,
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sells a third token for the output',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        wrongInput(params.pair.sell, params.pair.buy),
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'no slippage protection (amountOutMin 0)',
    maxScore: 92,
    script: ({ params }) =>
      quoting(
        enc(
          'swapExactTokensForTokens',
          `parseUnits(${json(params.amount)}, 18), 0n, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`,
        ),
      ),
  },
];
