import { json, returns, type MutantTable } from './types.ts';

const READ = (fn: string) => `import { Contract, JsonRpcProvider } from 'ethers';
const abi = ['${fn}'];`;
const nftAt = (address: string) => `new Contract(${address}, abi, new JsonRpcProvider(providerUrl))`;

export const mutants: MutantTable = {
  query_nft_approval_status: [
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
  ],
  query_nft_owner: [
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
  ],
  query_nft_token_uri: [
    {
      kind: 'wrong_token',
      name: 'reads the other collection',
      script: ({ params, env }) =>
        returns(
          `return { answer: await ${nftAt(json(params.collection.address === env.erc721_token ? env.pancake_squad : env.erc721_token))}.getFunction('tokenURI')(${params.id}n) };`,
          READ('function tokenURI(uint256) view returns (string)'),
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'reads the neighbouring id',
      script: ({ params }) =>
        returns(
          `return { answer: await ${nftAt(json(params.collection.address))}.getFunction('tokenURI')(${(params.id % 3) + 1}n) };`,
          READ('function tokenURI(uint256) view returns (string)'),
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'wraps the URI in an object',
      script: ({ params }) =>
        returns(
          `return { answer: { tokenURI: await ${nftAt(json(params.collection.address))}.getFunction('tokenURI')(${params.id}n) } };`,
          READ('function tokenURI(uint256) view returns (string)'),
        ),
    },
    {
      kind: 'wrong_answer',
      name: 'answers the URI without the id',
      script: ({ params }) =>
        returns(
          `const u = await ${nftAt(json(params.collection.address))}.getFunction('tokenURI')(${params.id}n); return { answer: u.slice(0, u.length - ${String(params.id).length}) };`,
          READ('function tokenURI(uint256) view returns (string)'),
        ),
    },
  ],
};
