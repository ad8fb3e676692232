import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_function',
    name: 'calls withdraw instead of deposit',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: new Interface(['function withdraw(uint256)']).encodeFunctionData('withdraw', [parseEther(${json(params.amount)})]) };`,
        "import { Interface, parseEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_amount',
    name: 'wraps amount ÷1000',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.WBNB, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) / 1000n };`,
        "import { parseEther } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_target',
    name: 'sends BNB to the router',
    script: ({ params }) =>
      returns(
        `return { to: deployedContracts.router, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) };`,
        "import { parseEther } from 'ethers';",
      ),
  },
];
