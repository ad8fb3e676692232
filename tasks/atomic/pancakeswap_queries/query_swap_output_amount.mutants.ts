import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { inOut, read, unitsOf, wrongDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'output in whole tokens',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsOut')(${unitsOf(json(params.pair.sellAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[1], await decimalsOf(${json(params.pair.buyAddress)})) };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
    // Base's pairs are Uniswap V2's: there this is the right answer.
    chains: ['bsc'],
    script: ({ params }) =>
      read(
        `${inOut(params)} const x = ${unitsOf(json(params.pair.sellAddress), params.amount)} * 997n; return { answer: (x * rOut / (rIn * 1000n + x)).toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'spot price, no fee or price impact',
    script: ({ params }) =>
      read(`${inOut(params)} return { answer: (${unitsOf(json(params.pair.sellAddress), params.amount)} * rOut / rIn).toString() };`),
  },
  {
    kind: 'wrong_function',
    name: 'getAmountsIn instead of getAmountsOut',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(${unitsOf(json(params.pair.sellAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[0].toString() };`,
      ),
  },
  {
    // Right on BSC, whose pairs keep PancakeSwap's 0.25 %; Base's Uniswap V2 pairs keep 0.30 %.
    kind: 'wrong_answer',
    name: "PancakeSwap's 0.25 % fee instead of Uniswap V2's 0.30 %",
    chains: ['base'],
    script: ({ params }) =>
      read(
        `${inOut(params)} const x = ${unitsOf(json(params.pair.sellAddress), params.amount)} * 9975n; return { answer: (x * rOut / (rIn * 10000n + x)).toString() };`,
      ),
  },
  {
    // 6 decimals for an 18-decimal token (every token on BSC), 18 for Base's 6-decimal USDC.
    kind: 'wrong_answer',
    name: 'input amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsOut')(${wrongDecimals(json(params.pair.sellAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[1].toString() };`,
      ),
  },
];
