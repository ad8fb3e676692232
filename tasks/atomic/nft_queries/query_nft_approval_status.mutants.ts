import { returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { READ, nftAt } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'answers the owner instead of the approved address',
    script: ({ params }) =>
      returns(
        `return { answer: await ${nftAt('deployedContracts.erc721_token')}.getFunction('ownerOf')(${params.id}n) };`,
        READ('function ownerOf(uint256) view returns (address)'),
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'reads the approval of the neighbouring id',
    script: ({ params }) =>
      returns(
        `return { answer: await ${nftAt('deployedContracts.erc721_token')}.getFunction('getApproved')(${(params.id % 10) + 1}n) };`,
        READ('function getApproved(uint256) view returns (address)'),
      ),
  },
  {
    kind: 'wrong_token',
    name: 'reads the Pancake Squad collection',
    script: () =>
      returns(
        `return { answer: await ${nftAt('deployedContracts.pancake_squad')}.getFunction('getApproved')(1n) };`,
        READ('function getApproved(uint256) view returns (address)'),
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers whether anyone is approved',
    script: ({ params }) =>
      returns(
        `const a = await ${nftAt('deployedContracts.erc721_token')}.getFunction('getApproved')(${params.id}n); return { answer: a !== '0x0000000000000000000000000000000000000000' };`,
        READ('function getApproved(uint256) view returns (address)'),
      ),
  },
];
