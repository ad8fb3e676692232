import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_token',
    name: 'reads the WBNB balance',
    script: ({ params }) =>
      returns(
        `const t = new Contract(deployedContracts.WBNB, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('balanceOf')(${json(params.address)})).toString() };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers in whole tokens',
    script: ({ params }) =>
      returns(
        `const t = new Contract(${json(params.token.address)}, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: formatUnits(await t.getFunction('balanceOf')(${json(params.address)}), 18) };`,
        "import { Contract, JsonRpcProvider, formatUnits } from 'ethers';",
      ),
  },
  // Right on Base when the token asked for is USDC (6 decimals): a mistake on BSC, where every token has 18.
  {
    kind: 'wrong_answer',
    name: 'answers the planted amount as if it had 6 decimals',
    chains: ['bsc'],
    script: ({ params }) =>
      returns(`return { answer: parseUnits(${json(params.planted)}, 6).toString() };`, "import { parseUnits } from 'ethers';"),
  },
  {
    kind: 'wrong_answer',
    name: "answers the wallet's own balance",
    script: ({ params }) =>
      returns(
        `const t = new Contract(${json(params.token.address)}, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('balanceOf')(agentAddress)).toString() };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
];
