import { returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { ETHERS } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'answers the next block number',
    script: () => returns('return { answer: (await new JsonRpcProvider(providerUrl).getBlockNumber()) + 1 };', ETHERS),
  },
  {
    kind: 'wrong_answer',
    name: "answers the latest block's timestamp",
    script: () => returns("const b = await new JsonRpcProvider(providerUrl).getBlock('latest'); return { answer: b!.timestamp };", ETHERS),
  },
  {
    kind: 'wrong_answer',
    name: 'answers as a hex quantity',
    script: () => returns("return { answer: await new JsonRpcProvider(providerUrl).send('eth_blockNumber', []) };", ETHERS),
  },
  { kind: 'no_op', name: 'returns a transaction instead of an answer', script: () => returns('return { to: agentAddress, value: 0n };') },
];
