import { json, returns, BURN_ADDRESS, type Mutant } from '../../../src/tasks/mutants.ts';

const ETHERS = "import { parseEther } from 'ethers';";

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'right note, amount ×10',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) * 10n, data: hexlify(toUtf8Bytes(${json(params.message)})) };`,
        "import { hexlify, parseEther, toUtf8Bytes } from 'ethers';",
      ),
  },
  {
    kind: 'no_op',
    name: 'plain transfer without the note',
    script: ({ params }) => returns(`return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) };`, ETHERS),
  },
  {
    kind: 'wrong_function',
    name: 'note ABI-encoded as a string',
    script: ({ params }) =>
      returns(
        `return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}), data: AbiCoder.defaultAbiCoder().encode(['string'], [${json(params.message)}]) };`,
        "import { AbiCoder, parseEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_recipient',
    name: 'right note, different recipient',
    script: ({ params }) =>
      returns(
        `return { to: ${json(BURN_ADDRESS)}, value: parseEther(${json(params.amount)}), data: hexlify(toUtf8Bytes(${json(params.message)})) };`,
        "import { hexlify, parseEther, toUtf8Bytes } from 'ethers';",
      ),
  },
];
