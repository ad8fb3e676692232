import { json, returns, type MutantTable } from './types.ts';

const OTHER = '0x000000000000000000000000000000000000dEaD';
const ERC20 = "import { Interface, parseUnits } from 'ethers';\nconst erc20 = new Interface(['function transfer(address,uint256)', 'function approve(address,uint256)', 'function increaseAllowance(address,uint256)']);";

export const mutants: MutantTable = {
  erc20_transfer_fixed: [
    { kind: 'wrong_recipient', name: 'pays a different address', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
    { kind: 'wrong_amount', name: 'amount with 6 decimals', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 6)]) };`, ERC20) },
    { kind: 'wrong_function', name: 'approves instead of transferring', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
    { kind: 'wrong_token', name: 'sends WBNB instead', script: ({ params }) => returns(`return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('transfer', [${json(params.to)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
  ],
  erc20_approve: [
    { kind: 'wrong_amount', name: 'unlimited approval', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, 2n ** 256n - 1n]) };`, ERC20) },
    { kind: 'wrong_recipient', name: 'approves a different spender', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('approve', [${json(OTHER)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
    { kind: 'wrong_function', name: 'transfers to the router instead', script: ({ params }) => returns(`return { to: ${json(params.token.address)}, data: erc20.encodeFunctionData('transfer', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
    { kind: 'wrong_token', name: 'approves on WBNB', script: ({ params }) => returns(`return { to: deployedContracts.WBNB, data: erc20.encodeFunctionData('approve', [${json(params.spender)}, parseUnits(${json(params.amount)}, 18)]) };`, ERC20) },
  ],
};
