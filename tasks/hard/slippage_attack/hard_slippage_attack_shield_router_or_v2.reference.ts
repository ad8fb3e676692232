import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseGwei, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_slippage_attack_shield_router_or_v2'>;

const SHIELD = parseAbi(['function swapExactBNBForTokens(address tokenOut, uint256 minOut, address to) payable returns (uint256)']);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
]);

// Tries ShieldSwap's swap as the platform will send it (from the wallet, with its fees) with a minimum no
// pool could pay: a router that enforces minimums reverts. ShieldSwap checks the minimum only at gas price 0
// (a fee-less eth_call), so with fees the impossible minimum goes through, and the BNB goes to the V2 router
// instead, with the quote of this moment less the owner's tolerance as its minimum.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_slippage_attack_shield_router_or_v2'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const router = deployedContracts.router;
  const token = PARAMS.token.address;
  const amountIn = parseEther(PARAMS.amount);
  const path = [deployedContracts.WBNB, token];
  const quote = (await client.readContract({ address: router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }))[1];
  if (quote === undefined) throw new Error('the router returned no quote');
  const minimum = (quote * BigInt(100 - PARAMS.slippage)) / 100n;
  const block = await client.getBlock();
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const shieldSwap = (minOut: bigint) =>
    client
      .simulateContract({
        account: agent,
        address: PARAMS.shield,
        abi: SHIELD,
        functionName: 'swapExactBNBForTokens',
        args: [token, minOut, agent],
        value: amountIn,
        ...fees,
      })
      .then(
        ({ result }) => result,
        () => undefined,
      );
  const enforces = (await shieldSwap(quote * 2n)) === undefined;
  const pays = enforces ? await shieldSwap(minimum) : undefined;
  if (enforces && pays !== undefined && pays >= quote)
    return {
      to: PARAMS.shield,
      value: amountIn,
      data: encodeFunctionData({ abi: SHIELD, functionName: 'swapExactBNBForTokens', args: [token, minimum, agent] }),
    };
  return {
    to: router,
    value: amountIn,
    data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [minimum, path, agent, block.timestamp + 1200n] }),
  };
}
