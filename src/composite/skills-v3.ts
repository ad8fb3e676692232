// Skills for PancakeSwap V3 rounds (the hard split): each an ordinary function of the script's context
// and its arguments, run alone in the sandbox.
import type { Address } from 'viem';
import type { SkillContext, Tx } from './script.ts';

/**
 * Sells exactly `amountIn` of `token` for native BNB in the token's deepest V3 pool (the tier whose pool
 * has the most in-range liquidity): one SwapRouter multicall of exactInputSingle with the router as
 * recipient, then unwrapWETH9 to the wallet; both minimums at QuoterV2's quote less `slippage` %.
 */
export async function sellForBnbDeepestV3(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi, zeroAddress },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext,
  a: { token: Address; amountIn: bigint; slippage: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const factory = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
  const pool = parseAbi(['function liquidity() view returns (uint128)']);
  const quoter = parseAbi([
    'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96)) returns (uint256, uint160, uint32, uint256)',
  ]);
  const router = parseAbi([
    'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96)) payable returns (uint256)',
    'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
    'function multicall(bytes[] data) payable returns (bytes[])',
  ]);
  const wbnb = deployedContracts.WBNB;
  let best = { fee: 0, liquidity: -1n };
  for (const fee of [100, 500, 2500, 10000]) {
    const at = await client.readContract({
      address: deployedContracts.v3_factory!,
      abi: factory,
      functionName: 'getPool',
      args: [a.token, wbnb, fee],
    });
    if (at === zeroAddress) continue;
    const liquidity = await client.readContract({ address: at, abi: pool, functionName: 'liquidity' });
    if (liquidity > best.liquidity) best = { fee, liquidity };
  }
  const single = { tokenIn: a.token, tokenOut: wbnb, fee: best.fee };
  const { result } = await client.simulateContract({
    address: deployedContracts.v3_quoter!,
    abi: quoter,
    functionName: 'quoteExactInputSingle',
    args: [{ ...single, amountIn: a.amountIn, sqrtPriceLimitX96: 0n }],
  });
  const minimum = (result[0] * BigInt(100 - a.slippage)) / 100n;
  const deadline = (await client.getBlock()).timestamp + 1200n;
  const routerAddress = deployedContracts.v3_swap_router!;
  const swap = encodeFunctionData({
    abi: router,
    functionName: 'exactInputSingle',
    args: [{ ...single, recipient: routerAddress, deadline, amountIn: a.amountIn, amountOutMinimum: minimum, sqrtPriceLimitX96: 0n }],
  });
  const unwrap = encodeFunctionData({ abi: router, functionName: 'unwrapWETH9', args: [minimum, agentAddress] });
  return { to: routerAddress, data: encodeFunctionData({ abi: router, functionName: 'multicall', args: [[swap, unwrap]] }) };
}
