import { json, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { wrongInput, quoting, exactIn, enc, unitsOf } from './_mutant-helpers.ts';

/** An exact-output swap of `whole` of the path's last token along `path` (a script expression), capped `slippage` % over the router's quote. */
const exactOut = (whole: string, path: string, slippage: number, to: string, scale = '') =>
  quoting(
    `const path = ${path}; const out = ${unitsOf('path[path.length - 1]', whole)}${scale}; const q = await router.getAmountsIn(out, path); ${enc('swapTokensForExactTokens', `out, q[0] * ${100 + slippage}n / 100n, path, ${to}, D`)}`,
  );

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'sells the amount as an exact input instead',
    script: ({ params }) =>
      exactIn(
        'swapExactTokensForTokens',
        unitsOf(json(params.pair.sellAddress), params.amount),
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        'agentAddress',
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'exact output delivered to another address',
    script: ({ params }) =>
      exactOut(params.amount, `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`, params.slippage, json(BURN_ADDRESS)),
  },
  {
    kind: 'wrong_amount',
    name: 'output ×10',
    script: ({ params }) =>
      exactOut(
        params.amount,
        `[${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]`,
        params.slippage,
        'agentAddress',
        ' * 10n',
      ),
  },
  {
    kind: 'wrong_token',
    name: 'buys the token it should pay with',
    script: ({ params }) =>
      exactOut(params.amount, `[${json(params.pair.buyAddress)}, ${json(params.pair.sellAddress)}]`, params.slippage, 'agentAddress'),
  },
  {
    kind: 'wrong_token',
    name: 'pays with a third token',
    script: ({ params }) => exactOut(params.amount, wrongInput(params.pair.sell, params.pair.buy), params.slippage, 'agentAddress'),
  },
  {
    kind: 'wrong_amount',
    name: 'no input cap (amountInMax = whole balance)',
    maxScore: 92,
    script: ({ params }) =>
      quoting(
        `${enc('swapTokensForExactTokens', `${unitsOf(json(params.pair.buyAddress), params.amount)}, await balance(${json(params.pair.sellAddress)}), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}], agentAddress, D`)}`,
      ),
  },
  {
    // Right on BSC, where the pair keeps 0.25 %: the swap takes exactly that. Base's Uniswap V2 keeps 0.3 %, so it needs more.
    kind: 'wrong_amount',
    name: "amountInMax worked out by hand at PancakeSwap's 0.25 % fee, no margin",
    chains: ['base'],
    script: ({ params }) =>
      quoting(
        `const path = [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]; const out = ${unitsOf(json(params.pair.buyAddress), params.amount)}; ${enc('swapTokensForExactTokens', 'out, await pancakeIn(out, path), path, agentAddress, D')}`,
      ),
  },
];
