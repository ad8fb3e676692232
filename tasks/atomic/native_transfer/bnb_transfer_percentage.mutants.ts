import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'sends the percentage as BNB',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.to)}, value: parseEther(String(${params.percent})) / 100n };`,
        "import { parseEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'sends the complement share',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b * BigInt(100 - ${params.percent}) / 100n };`,
        "import { JsonRpcProvider } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'right share, wrong recipient',
    script: ({ params }) =>
      returns(
        `const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(BURN_ADDRESS)}, value: b * BigInt(${params.percent}) / 100n };`,
        "import { JsonRpcProvider } from 'ethers';",
      ),
  },
];
