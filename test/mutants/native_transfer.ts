import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';

export const mutants: MutantTable = {
  bnb_transfer_basic: [
    { kind: 'wrong_recipient', name: 'pays a different address', script: ({ params }) => returns(`return { to: ${json(OTHER)}, value: parseEther(${json(params.amount)}) };`, "import { parseEther } from 'ethers';") },
    { kind: 'wrong_amount', name: 'amount ×10', script: ({ params }) => returns(`return { to: ${json(params.to)}, value: parseEther(${json(params.amount)}) * 10n };`, "import { parseEther } from 'ethers';") },
    { kind: 'wrong_amount', name: 'amount in gwei instead of ether', script: ({ params }) => returns(`return { to: ${json(params.to)}, value: parseUnits(${json(params.amount)}, 9) };`, "import { parseUnits } from 'ethers';") },
    { kind: 'no_op', name: 'zero-value self transfer', script: () => returns('return { to: agentAddress, value: 0n };') },
  ],
  bnb_transfer_percentage: [
    { kind: 'wrong_amount', name: 'sends the percentage as BNB', script: ({ params }) => returns(`return { to: ${json(params.to)}, value: parseEther(String(${params.percent})) / 100n };`, "import { parseEther } from 'ethers';") },
    { kind: 'wrong_amount', name: 'sends the complement share', script: ({ params }) => returns(`const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(params.to)}, value: b * BigInt(100 - ${params.percent}) / 100n };`, "import { JsonRpcProvider } from 'ethers';") },
    { kind: 'wrong_recipient', name: 'right share, wrong recipient', script: ({ params }) => returns(`const b = await new JsonRpcProvider(providerUrl).getBalance(agentAddress); return { to: ${json(OTHER)}, value: b * BigInt(${params.percent}) / 100n };`, "import { JsonRpcProvider } from 'ethers';") },
  ],
  wbnb_deposit: [
    { kind: 'wrong_function', name: 'calls withdraw instead of deposit', script: ({ params }) => returns(`return { to: deployedContracts.WBNB, data: new Interface(['function withdraw(uint256)']).encodeFunctionData('withdraw', [parseEther(${json(params.amount)})]) };`, "import { Interface, parseEther } from 'ethers';") },
    { kind: 'wrong_amount', name: 'wraps amount ÷1000', script: ({ params }) => returns(`return { to: deployedContracts.WBNB, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) / 1000n };`, "import { parseEther } from 'ethers';") },
    { kind: 'wrong_target', name: 'sends BNB to the router', script: ({ params }) => returns(`return { to: deployedContracts.router, data: '0xd0e30db0', value: parseEther(${json(params.amount)}) };`, "import { parseEther } from 'ethers';") },
  ],
};
