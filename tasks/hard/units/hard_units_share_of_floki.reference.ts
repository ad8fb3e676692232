import { createPublicClient, encodeFunctionData, erc20Abi, http, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_units_share_of_floki'>;

// The share of the balance in base units, in integers: no decimals to get wrong, nothing lost to floats.
export async function executeSkill(
  providerUrl: string,
  agentAddress: Address,
  deployedContracts: TaskContracts<'hard_units_share_of_floki'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const floki = deployedContracts.FLOKI;
  const balance = await client.readContract({ address: floki, abi: erc20Abi, functionName: 'balanceOf', args: [agentAddress] });
  return {
    to: floki,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, (balance * BigInt(PARAMS.pct)) / 100n] }),
  };
}
