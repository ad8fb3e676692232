import { returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { READ, nftAt } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  { kind: 'wrong_answer', name: 'assumes the wallet owns it', script: () => returns('return { answer: agentAddress };') },
  {
    kind: 'wrong_answer',
    name: 'answers the approved address instead',
    script: ({ params }) =>
      returns(
        `return { answer: await ${nftAt('deployedContracts.erc721_token')}.getFunction('getApproved')(${params.id}n) };`,
        READ('function getApproved(uint256) view returns (address)'),
      ),
  },
  {
    kind: 'wrong_token',
    name: 'reads #1 of the Pancake Squad collection',
    script: () =>
      returns(
        `return { answer: await ${nftAt('deployedContracts.pancake_squad')}.getFunction('ownerOf')(1n) };`,
        READ('function ownerOf(uint256) view returns (address)'),
      ),
  },
  { kind: 'no_op', name: 'returns a transaction instead of an answer', script: () => returns('return { to: agentAddress, value: 0n };') },
];
