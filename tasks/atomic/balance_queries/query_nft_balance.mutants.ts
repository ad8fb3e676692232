import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_token',
    name: 'counts Pancake Squad NFTs instead',
    script: ({ params }) =>
      returns(
        `const n = new Contract(deployedContracts.pancake_squad!, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: Number(await n.getFunction('balanceOf')(${json(params.address)})) };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers in 18-decimal base units',
    script: ({ params }) =>
      returns(
        `const n = new Contract(deployedContracts.erc721_token!, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: parseUnits((await n.getFunction('balanceOf')(${json(params.address)})).toString(), 18).toString() };`,
        "import { Contract, JsonRpcProvider, parseUnits } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers as a hex quantity',
    script: ({ params }) =>
      returns(
        `const n = new Contract(deployedContracts.erc721_token!, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: '0x' + (await n.getFunction('balanceOf')(${json(params.address)})).toString(16) };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
  { kind: 'wrong_answer', name: 'assumes the address holds none', script: () => returns('return { answer: 0 };') },
];
