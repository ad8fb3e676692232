import { returns, type Mutant } from '../../../src/tasks/mutants.ts';

const READ = (fn: string) => `import { Contract, JsonRpcProvider } from 'ethers';
const abi = ['${fn}'];`;

const nftAt = (address: string) => `new Contract(${address}, abi, new JsonRpcProvider(providerUrl))`;

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
