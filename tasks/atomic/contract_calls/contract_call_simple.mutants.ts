import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'no_op',
    name: 'sends a transaction calling the count() getter',
    script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: abi.encodeFunctionData('count', []) };`, ABI),
  },
  {
    kind: 'reverted',
    name: 'calls the owner-only reset()',
    script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: abi.encodeFunctionData('reset', []) };`, ABI),
  },
  {
    kind: 'no_op',
    name: 'empty calldata to the counter',
    script: ({ params }) => returns(`return { to: ${json(params.counter)}, data: '0x' };`),
  },
  {
    kind: 'wrong_target',
    name: 'increment() on the proxy',
    script: () => returns(`return { to: deployedContracts.proxy, data: abi.encodeFunctionData('increment', []) };`, ABI),
  },
];
