import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { inOut, read } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'output in whole tokens',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsOut')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[1], 18) };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
    script: ({ params }) =>
      read(
        `${inOut(params)} const x = parseUnits(${json(params.amount)}, 18) * 997n; return { answer: (x * rOut / (rIn * 1000n + x)).toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'spot price, no fee or price impact',
    script: ({ params }) => read(`${inOut(params)} return { answer: (parseUnits(${json(params.amount)}, 18) * rOut / rIn).toString() };`),
  },
  {
    kind: 'wrong_function',
    name: 'getAmountsIn instead of getAmountsOut',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(parseUnits(${json(params.amount)}, 18), [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[0].toString() };`,
      ),
  },
];
