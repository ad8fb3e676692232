import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_slippage_attack_pool_quote_fee_floor'>;

const POOL = parseAbi(['function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)']);

// What the sale really pays is what executing it returns (the pool's getAmountOut prices an older fee):
// simulate the exact swap with no minimum, then send it with the minimum the owner's tolerance below that.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_slippage_attack_pool_quote_fee_floor'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { CAKE: cake } = deployedContracts;
  const amountIn = parseEther(PARAMS.amount);
  const { result: pays } = await client.simulateContract({
    account: agent,
    address: PARAMS.pool,
    abi: POOL,
    functionName: 'swap',
    args: [cake, amountIn, 0n, agent],
  });
  const min = (pays * BigInt(10_000 - PARAMS.slippage.bps)) / 10_000n;
  return { to: PARAMS.pool, data: encodeFunctionData({ abi: POOL, functionName: 'swap', args: [cake, amountIn, min, agent] }) };
}
