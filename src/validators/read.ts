import { erc20Abi, type Address, type PublicClient } from 'viem';

export const balanceOf = (chain: PublicClient, token: Address, owner: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

export const allowanceOf = (chain: PublicClient, token: Address, owner: Address, spender: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });

export const nativeBalance = (chain: PublicClient, address: Address) => chain.getBalance({ address });

export const totalSupplyOf = (chain: PublicClient, token: Address) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' });
