import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';
const NFT = `import { Interface } from 'ethers';
const nft = new Interface([
  'function transferFrom(address,address,uint256)',
  'function safeTransferFrom(address,address,uint256)',
  'function approve(address,uint256)',
  'function setApprovalForAll(address,bool)',
]);`;
const MULTI = `import { AbiCoder, Interface, parseUnits, toUtf8Bytes, hexlify } from 'ethers';
const multi = new Interface([
  'function safeTransferFrom(address,address,uint256,uint256,bytes)',
  'function safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'function setApprovalForAll(address,bool)',
]);`;

export const mutants: MutantTable = {
  erc721_transfer: [
    {
      kind: 'wrong_recipient',
      name: 'sends the NFT to a different address',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.erc721_token, data: nft.encodeFunctionData('transferFrom', [agentAddress, ${json(OTHER)}, ${params.id}n]) };`,
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
  ],
  erc721_safe_transfer: [
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
          `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(OTHER)}, ${params.id}n]) };`,
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
  ],
  erc721_approve: [
    {
      kind: 'wrong_recipient',
      name: 'approves a different address',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('approve', [${json(OTHER)}, ${params.id}n]) };`,
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
  ],
  erc721_set_approval_for_all: [
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
          `return { to: deployedContracts.pancake_squad, data: nft.encodeFunctionData('setApprovalForAll', [${json(OTHER)}, true]) };`,
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
  ],
  erc1155_transfer_single: [
    {
      kind: 'wrong_recipient',
      name: 'sends the units to a different address',
      script: ({ params }) =>
        returns(
          `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(OTHER)}, ${params.id}n, ${params.amount}n, '0x']) };`,
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
  ],
  erc1155_safe_transfer_with_data: [
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
          `return { to: deployedContracts.erc1155_token, data: multi.encodeFunctionData('safeTransferFrom', [agentAddress, ${json(OTHER)}, ${params.id}n, ${params.amount}n, hexlify(toUtf8Bytes(${json(params.note.text)}))]) };`,
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
  ],
};
