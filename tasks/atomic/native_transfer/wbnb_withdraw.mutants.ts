import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';
import { WBNB_IFACE } from './_mutant-helpers.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'deposits instead of withdrawing',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('deposit'), value: parseEther(${json(params.amount)}) };`,
        WBNB_IFACE,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'unwraps amount ×10',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseEther(${json(params.amount)}) * 10n]) };`,
        WBNB_IFACE,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'amount with 9 decimals',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: wbnb.encodeFunctionData('withdraw', [parseUnits(${json(params.amount)}, 9)]) };`,
        WBNB_IFACE,
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'unwraps the whole WBNB balance',
    script: () =>
      returns(
        `const t = new Contract(deployedContracts.WBNB, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); const b: bigint = await t.getFunction('balanceOf')(agentAddress); return { to: deployedContracts.WBNB, data: new Interface(['function withdraw(uint256)']).encodeFunctionData('withdraw', [b]) };`,
        "import { Contract, Interface, JsonRpcProvider } from 'ethers';",
      ),
  },
];
