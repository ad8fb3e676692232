import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_recipient',
    name: 'pays a different address',
    script: ({ params }) =>
      returns(`return { to: ${json(BURN_ADDRESS)}, value: parseEther(${json(params.amount)}) };`, "import { parseEther } from 'ethers';"),
  },
  {
    kind: 'wrong_amount',
    name: 'amount ×10',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) * 10n };`,
        "import { parseEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount in gwei instead of ether',
    script: ({ params }) =>
      returns(`return { to: ${json(params.to)}, value: parseUnits(${json(params.amount)}, 9) };`, "import { parseUnits } from 'ethers';"),
  },
  { kind: 'no_op', name: 'zero-value self transfer', script: () => returns('return { to: agentAddress, value: 0n };') },
];
