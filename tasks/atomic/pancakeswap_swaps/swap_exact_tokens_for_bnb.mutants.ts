import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { quoting, exactIn, enc } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'BNB goes to another address',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForETH',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
        json(BURN_ADDRESS),
      ),
  },
  {
    kind: 'wrong_function',
    name: 'swaps into WBNB instead of native BNB',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 6 decimals',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForETH',
        `parseUnits(${json(params.amount)}, 6)`,
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sells a different token',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForETH',
        `parseUnits(${json(params.amount)}, 18)`,
        `[deployedContracts.${params.token.symbol === 'USDT' ? 'BUSD' : 'USDT'}, deployedContracts.WBNB]`,
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
          'swapExactTokensForETH',
          `parseUnits(${json(params.amount)}, 18), 0n, [${json(params.token.address)}, deployedContracts.WBNB], agentAddress, D`,
        ),
      ),
  },
];
