import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_fee_on_transfer_rebased_share'>;

// balanceOf already applies the rebase index: the share of it, in integers.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_fee_on_transfer_rebased_share'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const orb = deployedContracts.ORB;
  const balance = await client.readContract({ address: orb, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return {
    to: orb,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, (balance * BigInt(PARAMS.pct)) / 100n] }),
  };
}
