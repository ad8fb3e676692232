import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { inOut, read, unitsOf, wrongDecimals } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'getAmountsOut instead of getAmountsIn',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsOut')(${unitsOf(json(params.pair.buyAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[1].toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'input in whole tokens',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(${unitsOf(json(params.pair.buyAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: formatUnits(q[0], await decimalsOf(${json(params.pair.sellAddress)})) };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the output end of the amounts array',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(${unitsOf(json(params.pair.buyAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[q.length - 1].toString() };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: "Uniswap V2's 0.30 % fee instead of PancakeSwap's 0.25 %",
    // Base's pairs are Uniswap V2's: there this is the right answer.
    chains: ['bsc'],
    script: ({ params }) =>
      read(
        `${inOut(params)} const out = ${unitsOf(json(params.pair.buyAddress), params.amount)}; return { answer: (rIn * out * 1000n / ((rOut - out) * 997n) + 1n).toString() };`,
      ),
  },
  {
    // Right on BSC, whose pairs keep PancakeSwap's 0.25 %; Base's Uniswap V2 pairs keep 0.30 %.
    kind: 'wrong_answer',
    name: "PancakeSwap's 0.25 % fee instead of Uniswap V2's 0.30 %",
    chains: ['base'],
    script: ({ params }) =>
      read(
        `${inOut(params)} const out = ${unitsOf(json(params.pair.buyAddress), params.amount)}; return { answer: (rIn * out * 10000n / ((rOut - out) * 9975n) + 1n).toString() };`,
      ),
  },
  {
    // 6 decimals for an 18-decimal token (every token on BSC), 18 for Base's 6-decimal USDC.
    kind: 'wrong_answer',
    name: 'output amount with 6 decimals (18 for a 6-decimal token)',
    script: ({ params }) =>
      read(
        `const q = await router.getFunction('getAmountsIn')(${wrongDecimals(json(params.pair.buyAddress), params.amount)}, [${json(params.pair.sellAddress)}, ${json(params.pair.buyAddress)}]); return { answer: q[0].toString() };`,
      ),
  },
];
