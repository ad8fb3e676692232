import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { NFT } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'sends the NFT to a different address',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(BURN_ADDRESS)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sends the neighbouring id',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(params.to)}, ${(params.id % 10) + 1}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_function',
    name: 'approves the recipient instead of transferring',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('approve', [${json(params.to)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'transfers from the Pancake Squad collection',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(params.to)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  // Same outcome for an EOA recipient; only the requested function differs.
  {
    kind: 'wrong_function',
    name: 'uses safeTransferFrom instead of transferFrom',
    maxScore: 85,
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n]) };`,
        NFT,
      ),
  },
];
