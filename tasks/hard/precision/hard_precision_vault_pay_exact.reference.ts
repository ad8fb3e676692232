import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_vault_pay_exact'>;

const VAULT = parseAbi([
  'function previewWithdraw(uint256 assets) view returns (uint256)',
  'function redeem(uint256 shares, address receiver, address owner) returns (uint256)',
]);

// The vault's previews leave out its exit fee: simulate the redeem the wallet will send, learn what it
// really pays for the previewed shares, scale the shares up by the shortfall, and step up until the
// simulation pays the whole amount.
export async function executeSkill(providerUrl: string, agent: Address) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const vault = PARAMS.vault;
  const want = parseEther(PARAMS.amount);
  const pays = async (shares: bigint) =>
    (
      await client.simulateContract({
        account: agent,
        address: vault,
        abi: VAULT,
        functionName: 'redeem',
        args: [shares, PARAMS.payee, agent],
      })
    ).result;
  const preview = await client.readContract({ address: vault, abi: VAULT, functionName: 'previewWithdraw', args: [want] });
  const paid = await pays(preview);
  let shares = (preview * want + paid - 1n) / paid;
  for (let got = await pays(shares), step = 1n; got < want; got = await pays(shares), step *= 2n) shares += step;
  return { to: vault, data: encodeFunctionData({ abi: VAULT, functionName: 'redeem', args: [shares, PARAMS.payee, agent] }) };
}
