import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { NFT } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'approves a different address',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('approve', [${json(BURN_ADDRESS)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'approves the neighbouring id',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('approve', [${json(params.spender)}, ${(params.id % 3) + 1}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'grants operator approval for the whole collection',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('setApprovalForAll', [${json(params.spender)}, true]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'transfers the NFT to the spender',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(params.spender)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'approves on the Quest Squad collection',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('approve', [${json(params.spender)}, ${params.id}n]) };`,
        NFT,
      ),
  },
];
