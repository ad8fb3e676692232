import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_stake_value_payment'>;

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)']);
const PAIR = parseAbi(['function token0() view returns (address)', 'function getReserves() view returns (uint112, uint112, uint32)']);

// Value = stake × USDT reserve / CAKE reserve, with the reserves taken in the pair's own token order;
// both tokens have 18 decimals, a cent is 1e16.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_precision_stake_value_payment'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const d = deployedContracts;
  const staked = await client.readContract({ address: d.simple_staking, abi: STAKING, functionName: 'stakedOf', args: [agent] });
  const [token0, [r0, r1]] = await Promise.all([
    client.readContract({ address: d.pair_CAKE_USDT, abi: PAIR, functionName: 'token0' }),
    client.readContract({ address: d.pair_CAKE_USDT, abi: PAIR, functionName: 'getReserves' }),
  ]);
  const [cake, usdt] = token0.toLowerCase() === d.CAKE.toLowerCase() ? [r0, r1] : [r1, r0];
  const cent = 10n ** 16n;
  const value = ((staked * usdt) / cake / cent) * cent;
  return { to: d.USDT, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [PARAMS.to, value] }) };
}
