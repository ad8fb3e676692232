import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { inOut, read } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'getAmountsOut instead of getAmountsIn',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsOut')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[1].toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'input in whole tokens',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[0], 18) };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the output end of the amounts array',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[q.length - 1].toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
    script: ({ params }) =>
      read(
        `${inOut(params)} const out = parseUnits(${json(params.amount)}, 18); return { answer: (rIn * out * 1000n / ((rOut - out) * 997n) + 1n).toString() };`,
      ),
  },
];
