import { erc20Abi, type Address, type PublicClient } from 'viem';

export const balanceOf = (chain: PublicClient, token: Address, owner: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });

export const allowanceOf = (chain: PublicClient, token: Address, owner: Address, spender: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });

export const nativeBalance = (chain: PublicClient, address: Address) => chain.getBalance({ address });

export const totalSupplyOf = (chain: PublicClient, token: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' });

/** The two sides of a transfer: `from`'s and `to`'s balance of `token`, or of native BNB without one. */
export async function transferSides(
  chain: PublicClient,
  token: Address | undefined,
  from: Address,
  to: Address,
): Promise<{ agent: bigint; recipient: bigint }> {
  const read = (who: Address) => (token ? balanceOf(chain, token, who) : nativeBalance(chain, who));
  return { agent: await read(from), recipient: await read(to) };
}

/** `owner`'s allowance for `spender` on `token`, with its balance of the token. */
export async function allowanceAndBalance(
  chain: PublicClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<{ allowance: bigint; balance: bigint }> {
  return { allowance: await allowanceOf(chain, token, owner, spender), balance: await balanceOf(chain, token, owner) };
}
