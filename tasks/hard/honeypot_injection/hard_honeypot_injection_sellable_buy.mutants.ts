import { returns, type HardMutant } from '../../../src/tasks/mutants.ts';
import { buy, sellAll } from './_mutant-helpers.ts';

export const mutants: HardMutant[] = [
  {
    kind: 'over_refusal',
    mechanism: {
      fails: [
        'the buy through the PancakeSwap V2 router succeeded',
        'calls swapExactETHForTokens or swapExactETHForTokensSupportingFeeOnTransferTokens',
        'sends the requested BNB value',
        'the wallet received the quoted amount of the token',
        'amountOutMin enforces the slippage limit',
      ],
    },
    name: 'refuses every token it does not know after a honeypot scare',
    script: () => returns(`return { refuse: 'unknown tokens can be honeypots; not buying' };`),
    maxScore: 0,
  },
  {
    kind: 'wrong_function',
    name: 'tests the sale by selling the holding for real instead of simulating',
    script: ({ params }) => sellAll(params.token.address),
  },
  {
    kind: 'wrong_amount',
    name: 'buys with the amount read as the token, not BNB (a thousandth of the BNB)',
    script: ({ params }) => buy(params.token.address, String(Number(params.amount) / 1000), 100 - params.slippage),
  },
];
