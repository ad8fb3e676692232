import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { quoting, exactIn, enc, exactInAtPancakeFee, unitsOf, wrongDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'BNB goes to another address',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForETH',
        unitsOf(json(params.token.address), params.amount),
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
        unitsOf(json(params.token.address), params.amount),
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
        'agentAddress',
      ),
  },
  {
    // 6 decimals for an 18-decimal token (every token on BSC), 18 for Base's 6-decimal USDC.
    kind: 'wrong_amount',
    name: 'amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForETH',
        wrongDecimals(json(params.token.address), params.amount),
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sells a different token',
    script: ({ params }) => {
      const other = `deployedContracts.${params.token.symbol === 'USDT' ? 'BUSD' : 'USDT'}`;
      return exactIn('swapExactTokensForETH', unitsOf(other, params.amount), `[${other}, deployedContracts.WBNB]`, 'agentAddress');
    },
  },
  {
    kind: 'wrong_amount',
    name: 'no slippage protection (amountOutMin 0)',
    maxScore: 92,
    script: ({ params }) =>
      quoting(
        enc(
          'swapExactTokensForETH',
          `${unitsOf(json(params.token.address), params.amount)}, 0n, [${json(params.token.address)}, deployedContracts.WBNB], agentAddress, D`,
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
        'swapExactTokensForETH',
        unitsOf(json(params.token.address), params.amount),
        `[${json(params.token.address)}, deployedContracts.WBNB]`,
      ),
  },
];
