import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ABI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'value in gwei instead of BNB',
    script: ({ params }) => returns(`return { to: ${json(params.receiver)}, value: parseUnits(${json(params.amount)}, 9) };`, ABI),
  },
  { kind: 'no_op', name: 'zero-value ping', script: ({ params }) => returns(`return { to: ${json(params.receiver)}, value: 0n };`) },
  {
    kind: 'wrong_target',
    name: 'pays the donation box instead',
    script: ({ params }) => returns(`return { to: deployedContracts.donation_box, value: parseEther(${json(params.amount)}) };`, ABI),
  },
  // Right amount through fallback() rather than receive(): only the empty-calldata check fails.
  {
    kind: 'wrong_function',
    name: 'calls donate() on the receiver (fallback path)',
    maxScore: 85,
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.receiver)}, data: abi.encodeFunctionData('donate', []), value: parseEther(${json(params.amount)}) };`,
        ABI,
      ),
  },
];
