import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';
import { NFT } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'approves the operator for token #1 only',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('approve', [${json(params.operator)}, 1n]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'makes a different address the operator',
    script: () =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('setApprovalForAll', [${json(BURN_ADDRESS)}, true]) };`,
        NFT,
      ),
  },
  {
    kind: 'no_op',
    name: 'sets the approval to false',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('setApprovalForAll', [${json(params.operator)}, false]) };`,
        NFT,
      ),
  },
  {
    kind: 'wrong_token',
    name: 'approves the operator on the Quest Squad collection',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('setApprovalForAll', [${json(params.operator)}, true]) };`,
        NFT,
      ),
  },
];
