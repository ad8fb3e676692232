import { json, returns, type MutantTable } from './types.ts';

export const mutants: MutantTable = {
  query_bnb_balance: [
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
  ],
  query_erc20_balance: [
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
    {
      kind: 'wrong_answer',
      name: 'answers the planted amount as if it had 6 decimals',
      script: ({ params }) =>
        returns(`return { answer: parseUnits(${json(params.planted)}, 6).toString() };`, "import { parseUnits } from 'ethers';"),
    },
  ],
  query_erc20_allowance: [
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
  ],
  query_nft_balance: [
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
  ],
};
