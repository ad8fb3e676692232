import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { MULTI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  // The units arrive; only the note is missing or mis-encoded: honest partials.
  {
    kind: 'wrong_amount',
    name: 'leaves the data empty',
    maxScore: 75,
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n, ${params.amount}n, '0x']) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'ABI-encodes the note as a string instead of raw UTF-8',
    maxScore: 75,
    script: ({ params }) =>
      returns(
        `const note = AbiCoder.defaultAbiCoder().encode(['string'], [${json(params.note.text)}]); return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n, ${params.amount}n, note]) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'sends the units and note to a different address',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(BURN_ADDRESS)}, ${params.id}n, ${params.amount}n, hexlify(toUtf8Bytes(${json(params.note.text)}))]) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'treats the units as 18-decimal amounts',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n, parseUnits(${json(String(params.amount))}, 18), hexlify(toUtf8Bytes(${json(params.note.text)}))]) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sends the neighbouring id with the note',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${(params.id % 3) + 1}n, ${params.amount}n, hexlify(toUtf8Bytes(${json(params.note.text)}))]) };`,
        MULTI,
      ),
  },
];
