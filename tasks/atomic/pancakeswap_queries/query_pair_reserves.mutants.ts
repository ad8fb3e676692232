import { json, type Mutant } from '../../../src/tasks/mutants.ts';
import { read } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'reserves swapped',
    script: ({ params }) =>
      read(
        `const pair = pairAt(${json(params.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: r1.toString(), reserve1: r0.toString(), token0: await pair.getFunction('token0')() } };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'reserves in whole tokens',
    script: ({ params }) =>
      read(
        `const pair = pairAt(${json(params.pair.pool)}); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: formatUnits(r0, await decimalsOf(await pair.getFunction('token0')())), reserve1: formatUnits(r1, await decimalsOf(await pair.getFunction('token1')())), token0: await pair.getFunction('token0')() } };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'a bare array instead of the object',
    script: ({ params }) =>
      read(
        `const [r0, r1] = await pairAt(${json(params.pair.pool)}).getFunction('getReserves')(); return { answer: [r0.toString(), r1.toString()] };`,
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'reserves of the wrong pool',
    script: ({ params }) =>
      read(`const other = ${json(params.pair.pool)}.toLowerCase() === deployedContracts.pair_USDT_BUSD.toLowerCase() ? deployedContracts.pair_WBNB_USDT : deployedContracts.pair_USDT_BUSD;
const pair = pairAt(other); const [r0, r1] = await pair.getFunction('getReserves')(); return { answer: { reserve0: r0.toString(), reserve1: r1.toString(), token0: await pair.getFunction('token0')() } };`),
  },
  // Reserves right, token0 left out: most of the question answered.
  {
    kind: 'wrong_answer',
    name: 'omits token0',
    maxScore: 70,
    script: ({ params }) =>
      read(
        `const [r0, r1] = await pairAt(${json(params.pair.pool)}).getFunction('getReserves')(); return { answer: { reserve0: r0.toString(), reserve1: r1.toString() } };`,
      ),
  },
];
