import { json, returns, type Mutant } from '../../../src/tasks/mutants.ts';

export const mutants: Mutant[] = [
  {
    kind: 'wrong_answer',
    name: 'swaps owner and spender',
    script: ({ params }) =>
      returns(
        `const t = new Contract(${json(params.token.address)}, ['function allowance(address,address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('allowance')(${json(params.spender)}, ${json(params.owner)})).toString() };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: 'answers in whole tokens',
    script: ({ params }) =>
      returns(
        `const t = new Contract(${json(params.token.address)}, ['function allowance(address,address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: formatUnits(await t.getFunction('allowance')(${json(params.owner)}, ${json(params.spender)}), 18) };`,
        "import { Contract, JsonRpcProvider, formatUnits } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_answer',
    name: "answers the owner's token balance",
    script: ({ params }) =>
      returns(
        `const t = new Contract(${json(params.token.address)}, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('balanceOf')(${json(params.owner)})).toString() };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
  {
    kind: 'wrong_token',
    name: 'reads the allowance on another stablecoin',
    script: ({ params, env }) =>
      returns(
        `const t = new Contract(${json(params.token.symbol === 'USDT' ? env.BUSD : env.USDT)}, ['function allowance(address,address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('allowance')(${json(params.owner)}, ${json(params.spender)})).toString() };`,
        "import { Contract, JsonRpcProvider } from 'ethers';",
      ),
  },
];
