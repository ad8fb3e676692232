import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseUnits } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'stake_single_token'>;

const STAKING = parseAbi(['function stake(uint256 amount)']);

export async function executeSkill(providerUrl: string, _agentAddress: string, deployedContracts: TaskContracts<'stake_single_token'>) {
  // The staking contract already holds a standing CAKE allowance from the wallet, so one call suffices.
  const pool = deployedContracts.simple_staking;
  const client = createPublicClient({ transport: http(providerUrl) });
  const decimals = await client.readContract({ address: deployedContracts.CAKE, abi: erc20Abi, functionName: 'decimals' });
  return { to: pool, data: encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [parseUnits(PARAMS.amount, decimals)] }) };
}
