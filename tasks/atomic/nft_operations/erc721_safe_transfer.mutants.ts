import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { NFT } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  // The NFT arrives, but without the receiver check the request asked for: an honest partial.
  {
    kind: 'wrong_function',
    name: 'plain transferFrom instead of a safe transfer',
    maxScore: 75,
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(params.to)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'safe-transfers to a different address',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(BURN_ADDRESS)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'safe-transfers the neighbouring id',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${(params.id % 3) + 1}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'safe-transfers from the Quest Squad collection',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(params.to)}, ${params.id}n]) };`,
        NFT,
      ),
  },
  {
    kind: 'no_op',
    name: 'safe-transfers the NFT to the wallet itself',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, agentAddress, ${params.id}n]) };`,
        NFT,
      ),
  },
];
