import { encodeFunctionData, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { DEPLOYER } from './addresses.ts';
import { sendAs } from './impersonate.ts';
import { fixtureMissing } from './fixture-error.ts';
import { placeContract } from './place-contract.ts';
import type { ChainClients } from './rpc.ts';

const ERC20_TRANSFER = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);

/** A contract of our own the mirror carries, placed at a fixed address by placeAuxContracts. */
export interface AuxContract {
  /** Key in the address map given to the model. */
  key: string;
  artifact: string;
  address: Address;
  /** Constructor arguments; may refer to pairs and to contracts placed earlier in the list. */
  args: (placed: { pairs: Record<string, Address>; contracts: Record<string, Address> }) => readonly unknown[];
  /** Tokens the deployer sends the contract once it is placed (lending pools, reward funds). */
  fund?: { token: Address; amount: bigint }[];
}

/**
 * Places the auxiliary contracts at their fixed addresses, in order, and funds the ones that need
 * tokens (lending pool, reward funds) from the deployer. The mirror build and fork mode share it, so
 * the model sees the same address map in both.
 */
export async function placeAuxContracts(
  chain: ChainClients,
  artifacts: ReadonlyMap<string, { abi: Abi | readonly unknown[]; bytecode: Hex }>,
  aux: readonly AuxContract[],
  pairs: Record<string, Address>,
): Promise<Record<string, Address>> {
  const contracts: Record<string, Address> = {};
  for (const c of aux) {
    const artifact = artifacts.get(c.artifact);
    if (!artifact) throw fixtureMissing(`artifact ${c.artifact} missing (run npm run build:fixtures)`);
    // sendAs ends impersonation after each funding transfer, so each deployment starts it again.
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await placeContract(chain, DEPLOYER, c.address, artifact, c.args({ pairs, contracts }));
    contracts[c.key] = c.address;
    for (const f of c.fund ?? []) {
      await sendAs(
        chain,
        DEPLOYER,
        f.token,
        encodeFunctionData({ abi: ERC20_TRANSFER, functionName: 'transfer', args: [c.address, f.amount] }),
      );
    }
  }
  return contracts;
}
