import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { wrongInput, quoting, exactIn, enc } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'sells the amount as an exact input instead',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        `parseUnits(${json(params.amount)}, 18)`,
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'exact output delivered to another address',
    script: ({ params }) =>
      quoting(
        `const out = parseUnits(${json(params.amount)}, 18); const path = [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, ${json(BURN_ADDRESS)}, D`)}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'output ×10',
    script: ({ params }) =>
      quoting(
        `const out = parseUnits(${json(params.amount)}, 19); const path = [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'buys the token it should pay with',
    script: ({ params }) =>
      quoting(
        `const out = parseUnits(${json(params.amount)}, 18); const path = [${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'pays with a third token',
    script: ({ params }) =>
      quoting(
        `const out = parseUnits(${json(params.amount)}, 18); const path = ${wrongInput(params.pair.sell, params.pair.buy)}; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + params.slippage}n / 100n, path, agentAddress, D`)}`,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'no input cap (amountInMax = whole balance)',
    maxScore: 92,
    script: ({ params }) =>
      quoting(
        `${enc('swapTokensForExactTokens', `parseUnits(${json(params.amount)}, 18), parseUnits("200", 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`)}`,
      ),
  },
];
