import { createPublicClient, encodeFunctionData, http, parseAbi, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_lending_vault_exit_min'>;

const VAULT = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner, uint256 minAssets) returns (uint256)',
]);

// What the redemption pays is what executing it returns (the vault's previews leave out its exit fee):
// simulate the exact redeem with no minimum, then send it with the minimum below that.
export async function executeSkill(providerUrl: string, agent: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const vault = PARAMS.vault;
  const shares = await client.readContract({ address: vault, abi: VAULT, functionName: 'balanceOf', args: [agent] });
  const { result: pays } = await client.simulateContract({
    account: agent,
    address: vault,
    abi: VAULT,
    functionName: 'redeem',
    args: [shares, agent, agent, 0n],
  });
  const min = (pays * BigInt(10_000 - PARAMS.slippage.bps)) / 10_000n;
  return { to: vault, data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, agent, agent, min] }) };
}
