import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { WBNB_IFACE } from './_mutant-helpers.ts';

const ETHERS = "import { parseEther } from 'ethers';";

export const mutants: Mutant[] = [
  {
    kind: 'wrong_amount',
    name: 'amount ×10',
    script: ({ params }) => returns(`return { to: deployedContracts.WBNB, value: parseEther(${json(params.amount)}) * 10n };`, ETHERS),
  },
  {
    kind: 'wrong_amount',
    name: 'amount in gwei instead of ether',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, value: parseUnits(${json(params.amount)}, 9) };`,
        "import { parseUnits } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_function',
    name: 'calls withdraw with the amount and no value',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseEther(${json(params.amount)})]) };`,
        WBNB_IFACE,
      ),
  },
  {
    kind: 'wrong_target',
    name: 'sends the BNB to the router',
    script: ({ params }) => returns(`return { to: deployedContracts.router, value: parseEther(${json(params.amount)}) };`, ETHERS),
  },
];
