import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { MULTI } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'sends the units to a different address',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(BURN_ADDRESS)}, ${params.id}n, ${params.amount}n, '0x']) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sends 10× the units',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n, ${params.amount * 10}n, '0x']) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'sends the neighbouring id',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${(params.id % 3) + 1}n, ${params.amount}n, '0x']) };`,
        MULTI,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'makes the recipient an operator instead',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('setApprovalForAll', [${json(params.to)}, true]) };`,
        MULTI,
      ),
  },
  // Right units, right place, through the batch function with one id: a partial for the wrong call.
  {
    kind: 'wrong_function',
    name: 'batch transfer with a single id',
    maxScore: 85,
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeBatchTransferFrom', [agentAddress, ${json(params.to)}, [${params.id}n], [${params.amount}n], '0x']) };`,
        MULTI,
      ),
  },
];
