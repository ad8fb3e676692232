import { returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ETHERS } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: "answers the agent's nonce",
    script: () => returns('return { answer: await new JsonRpcProvider(providerUrl).getTransactionCount(agentAddress) };', ETHERS),
  },
  {
    kind: 'wrong_answer',
    name: 'answers the last used nonce (count − 1)',
    script: ({ params }) =>
      returns(
        `return { answer: (await new JsonRpcProvider(providerUrl).getTransactionCount(${JSON.stringify(params.address)})) - 1 };`,
        ETHERS,
      ),
  },
  { kind: 'wrong_answer', name: 'answers zero for an address it assumes is fresh', script: () => returns('return { answer: "0" };') },
  {
    kind: 'wrong_answer',
    name: 'answers as a hex quantity',
    script: ({ params }) =>
      returns(
        `return { answer: await new JsonRpcProvider(providerUrl).send('eth_getTransactionCount', [${JSON.stringify(params.address)}, 'latest']) };`,
        ETHERS,
      ),
  },
];
