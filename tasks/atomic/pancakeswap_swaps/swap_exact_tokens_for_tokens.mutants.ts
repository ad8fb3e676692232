import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { quoting, wrongInput, exactIn, enc, exactInAtPancakeFee, unitsOf, wrongDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'output goes to another address',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        unitsOf(json(params.pair.sellAddress), params.amount),
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
        unitsOf(json(params.pair.sellAddress), params.amount),
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
        unitsOf(json(params.pair.buyAddress), params.amount),
        `[${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]`,
        'agentAddress',
      ),
  },
  {
    // 6 decimals for an 18-decimal token (every token on BSC), 18 for Base's 6-decimal USDC.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        wrongDecimals(json(params.pair.sellAddress), params.amount),
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sells a third token for the output',
    script: ({ params }) => {
      const path = wrongInput(params.pair.sell, params.pair.buy);
      return exactIn('swapExactTokensForTokens', unitsOf(`${path}[0]`, params.amount), path, 'agentAddress');
    },
  },
  {
    kind: 'wrong_amount',
    name: 'no slippage protection (amountOutMin 0)',
    maxScore: 92,
    script: ({ params }) =>
      quoting(
        enc(
          'swapExactTokensForTokens',
          `${unitsOf(json(params.pair.sellAddress), params.amount)}, 0n, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`,
        ),
      ),
  },
  {
    // Right on BSC, where the pair keeps 0.25 %: the swap pays exactly that. Base's Uniswap V2 keeps 0.3 %.
    kind: 'wrong_amount',
    name: "amountOutMin worked out by hand at PancakeSwap's 0.25 % fee, no margin",
    chains: ['base'],
    script: ({ params }) =>
      exactInAtPancakeFee(
        'swapExactTokensForTokens',
        unitsOf(json(params.pair.sellAddress), params.amount),
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
      ),
  },
];
