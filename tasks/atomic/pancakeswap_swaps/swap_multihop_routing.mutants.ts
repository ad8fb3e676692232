import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { exactIn, exactInAtPancakeFee } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'ignores the route: CAKE → USDT → BUSD',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        '[deployedContracts.CAKE, deployedContracts.USDT, deployedContracts.BUSD]',
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_function',
    name: 'ignores the route: CAKE → WBNB → BUSD',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.BUSD]',
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'right route, BUSD to another address',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD]',
        json(BURN_ADDRESS),
      ),
  },
  {
    kind: 'wrong_token',
    name: 'stops at USDT',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT]',
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
        '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD]',
        'agentAddress',
      ),
  },
  {
    // Right on BSC, where each pair keeps 0.25 %: the swap pays exactly that. Base's Uniswap V2 keeps 0.3 % a hop.
    kind: 'wrong_amount',
    name: "amountOutMin worked out by hand at PancakeSwap's 0.25 % fee, no margin",
    chains: ['base'],
    script: ({ params }) =>
      exactInAtPancakeFee(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        '[deployedContracts.CAKE, deployedContracts.WBNB, deployedContracts.USDT, deployedContracts.BUSD]',
      ),
  },
];
