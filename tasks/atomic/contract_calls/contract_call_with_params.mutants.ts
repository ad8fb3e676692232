import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'message wrapped in quotes',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.board)}, data: abi.encodeFunctionData('setMessage', [${json(JSON.stringify(params.message))}]) };`,
        ABI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'message in upper case',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.board)}, data: abi.encodeFunctionData('setMessage', [${json(String(params.message).toUpperCase())}]) };`,
        ABI,
      ),
  },
  {
    kind: 'no_op',
    name: 'sends a transaction calling the message() getter',
    script: ({ params }) => returns(`return { to: ${json(params.board)}, data: abi.encodeFunctionData('message', []) };`, ABI),
  },
  {
    kind: 'wrong_target',
    name: 'setMessage sent to the counter',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.simple_counter, data: abi.encodeFunctionData('setMessage', [${json(params.message)}]) };`,
        ABI,
      ),
  },
];
