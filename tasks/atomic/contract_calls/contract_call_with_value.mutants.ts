import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'value in gwei instead of BNB',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []), value: parseUnits(${json(params.amount)}, 9) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'ten times the amount',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []), value: parseEther(${json(params.amount)}) * 10n };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'plain BNB transfer without donate()',
    script: ({ params }) => returns(`return { to: ${json(params.box)}, value: parseEther(${json(params.amount)}) };`, ABI),
  },
  {
    kind: 'reverted',
    name: 'donate() without value',
    script: ({ params }) => returns(`return { to: ${json(params.box)}, data: abi.encodeFunctionData('donate', []) };`, ABI),
  },
];
