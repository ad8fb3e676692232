import { json, returns, type MutantTable } from './types.ts';

export const mutants: MutantTable = {
  query_bnb_balance: [
    { kind: 'wrong_answer', name: 'answers in BNB instead of wei', script: ({ params }) => returns(`const b = await new JsonRpcProvider(providerUrl).getBalance(${json(params.address)}); return { answer: formatEther(b) };`, "import { JsonRpcProvider, formatEther } from 'ethers';") },
    { kind: 'wrong_answer', name: "answers the agent's own balance", script: () => returns('const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { answer: b.toString() };', "import { JsonRpcProvider } from 'ethers';") },
    { kind: 'no_op', name: 'returns a transaction instead of an answer', script: () => returns('return { to: agentAddress, value: 0n };') },
  ],
  query_erc20_balance: [
    { kind: 'wrong_token', name: 'reads the WBNB balance', script: ({ params }) => returns(`const t = new Contract(deployedContracts.WBNB, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: (await t.getFunction('balanceOf')(${json(params.address)})).toString() };`, "import { Contract, JsonRpcProvider } from 'ethers';") },
    { kind: 'wrong_answer', name: 'answers in whole tokens', script: ({ params }) => returns(`const t = new Contract(${json(params.token.address)}, ['function balanceOf(address) view returns (uint256)'], new JsonRpcProvider(providerUrl)); return { answer: formatUnits(await t.getFunction('balanceOf')(${json(params.address)}), 18) };`, "import { Contract, JsonRpcProvider, formatUnits } from 'ethers';") },
    { kind: 'wrong_answer', name: 'answers the planted amount as if it had 6 decimals', script: ({ params }) => returns(`return { answer: parseUnits(${json(params.planted)}, 6).toString() };`, "import { parseUnits } from 'ethers';") },
  ],
};
