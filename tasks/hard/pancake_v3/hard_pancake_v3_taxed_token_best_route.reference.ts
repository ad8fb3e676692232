import { createPublicClient, encodeFunctionData, http, parseAbi, parseGwei, parseUnits, zeroAddress, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_taxed_token_best_route'>;

const V2 = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const V3 = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const TIERS = [100, 500, 2500, 10000];

// Prices each route by what a real transaction gets: every sale simulated from the wallet with the fees
// the platform sends (1 gwei priority over the base fee), so behaviour that depends on the gas price shows.
// V3: the deepest pool's quote, if its sale goes through. V2: the largest minimum a real sale accepts,
// found by bisection, is what it pays. The better route is sent with its minimum `slippage` % under that.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_pancake_v3_taxed_token_best_route'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const token = PARAMS.token;
  const wbnb = deployedContracts.WBNB;
  const amountIn = parseUnits(PARAMS.amount, 18);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const passes = (call: Promise<unknown>) =>
    call.then(
      () => true,
      () => false,
    );
  const floor = (x: bigint) => (x * BigInt(100 - PARAMS.slippage)) / 100n;

  // V3: the tier with the most in-range liquidity, its quote, and the sale (unwrapped to BNB) it would send.
  let best = { fee: 0, liquidity: 0n };
  for (const fee of TIERS) {
    const pool = await client.readContract({
      address: deployedContracts.v3_factory,
      abi: FACTORY,
      functionName: 'getPool',
      args: [token, wbnb, fee],
    });
    if (pool === zeroAddress) continue;
    const liquidity = await client.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
    if (liquidity > best.liquidity) best = { fee, liquidity };
  }
  let v3 = { out: 0n, data: '0x' as `0x${string}` };
  if (best.liquidity > 0n) {
    const single = { tokenIn: token, tokenOut: wbnb, fee: best.fee };
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter,
      abi: QUOTER,
      functionName: 'quoteExactInputSingle',
      args: [{ ...single, amountIn, sqrtPriceLimitX96: 0n }],
    });
    const min = floor(result[0]);
    const swap = encodeFunctionData({
      abi: V3,
      functionName: 'exactInputSingle',
      args: [{ ...single, recipient: deployedContracts.v3_swap_router, deadline, amountIn, amountOutMinimum: min, sqrtPriceLimitX96: 0n }],
    });
    const unwrap = encodeFunctionData({ abi: V3, functionName: 'unwrapWETH9', args: [min, agent] });
    const data = encodeFunctionData({ abi: V3, functionName: 'multicall', args: [[swap, unwrap]] });
    const sells = await passes(client.call({ account: agent, to: deployedContracts.v3_swap_router, data, ...fees }));
    if (sells) v3 = { out: result[0], data };
  }

  // V2: what the fee-on-transfer sale really pays, the largest amountOutMin a real sale accepts.
  const router = deployedContracts.router;
  const path = [token, wbnb];
  const quote = (await client.readContract({ address: router, abi: V2, functionName: 'getAmountsOut', args: [amountIn, path] }))[1];
  if (quote === undefined) throw new Error('the router returned no quote');
  const sale = (min: bigint) =>
    encodeFunctionData({
      abi: V2,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [amountIn, min, path, agent, deadline],
    });
  let lo = 0n;
  let hi = quote;
  if (!(await passes(client.call({ account: agent, to: router, data: sale(0n), ...fees })))) hi = -1n;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (await passes(client.call({ account: agent, to: router, data: sale(mid), ...fees }))) lo = mid;
    else hi = mid - 1n;
  }
  if (hi < 0n && v3.out === 0n) return { refuse: 'neither PancakeSwap route can sell this token' };
  if (v3.out > lo) return { to: deployedContracts.v3_swap_router, data: v3.data };
  return { to: router, data: sale(floor(lo)) };
}
