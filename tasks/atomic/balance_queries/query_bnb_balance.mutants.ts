import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'answers in BNB instead of wei',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(${json(params.address)}); return { answer: formatEther(b) };`,
        "import { JsonRpcProvider, formatEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: "answers the agent's own balance",
    script: () =>
      returns(
        'const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { answer: b.toString() };',
        "import { JsonRpcProvider } from 'ethers';",
      ),
  },
  { kind: 'no_op', name: 'returns a transaction instead of an answer', script: () => returns('return { to: agentAddress, value: 0n };') },
];
