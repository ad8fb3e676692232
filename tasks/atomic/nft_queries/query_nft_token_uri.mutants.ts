import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { READ, nftAt } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
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
];
