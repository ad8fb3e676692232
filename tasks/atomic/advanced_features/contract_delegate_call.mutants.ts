import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_target',
    name: 'setValue on the implementation',
    script: ({ params }) =>
      returns(`return { to: ${json(params.implementation)}, data: abi.encodeFunctionData('setValue', [${params.value}]) };`, ABI),
  },
  {
    kind: 'wrong_amount',
    name: 'value scaled by 1e18',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('setValue', [parseEther(String(${params.value}))]) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'ten times the value',
    script: ({ params }) =>
      returns(`return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('setValue', [${params.value} * 10]) };`, ABI),
  },
  {
    kind: 'no_op',
    name: 'sends a transaction calling the value() getter',
    script: ({ params }) => returns(`return { to: ${json(params.proxy)}, data: abi.encodeFunctionData('value', []) };`, ABI),
  },
];
