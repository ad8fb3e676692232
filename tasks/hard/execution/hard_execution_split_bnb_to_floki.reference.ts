import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, zeroAddress, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_split_bnb_to_floki'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const TIERS = [100, 500, 2500, 10000];
/** The order in 40 slices of 2.5 %. */
const SLICES = 40n;

export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_split_bnb_to_floki'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBNB, FLOKI, v3_factory, v3_quoter, v3_swap_router } = deployedContracts;
  const amount = parseEther(PARAMS.amount);
  const fees: number[] = [];
  for (const fee of TIERS) {
    const pool = await client.readContract({ address: v3_factory, abi: FACTORY, functionName: 'getPool', args: [WBNB, FLOKI, fee] });
    if (pool !== zeroAddress) fees.push(fee);
  }
  const quote = async (fee: number, amountIn: bigint) => {
    if (amountIn === 0n) return 0n;
    const { result } = await client.simulateContract({
      address: v3_quoter,
      abi: QUOTER,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: WBNB, tokenOut: FLOKI, amountIn, fee, sqrtPriceLimitX96: 0n }],
    });
    return result[0];
  };
  // Each slice goes to the pool whose output it raises most; the split ends where the pools' marginal prices meet.
  const slice = amount / SLICES;
  const legs = await Promise.all(fees.map(async (fee) => ({ fee, amountIn: 0n, amountOut: 0n, next: await quote(fee, slice) })));
  for (let i = 0n; i < SLICES; i++) {
    const size = i === SLICES - 1n ? amount - slice * (SLICES - 1n) : slice;
    const best = legs.reduce((b, l) => (l.next - l.amountOut > b.next - b.amountOut ? l : b));
    best.amountIn += size;
    best.amountOut = size === slice ? best.next : await quote(best.fee, best.amountIn);
    best.next = await quote(best.fee, best.amountIn + slice);
  }
  const { timestamp } = await client.getBlock();
  const calls = legs
    .filter((l) => l.amountIn > 0n)
    .map((l) =>
      encodeFunctionData({
        abi: ROUTER,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: WBNB,
            tokenOut: FLOKI,
            fee: l.fee,
            recipient: agent,
            deadline: timestamp + 1200n,
            amountIn: l.amountIn,
            amountOutMinimum: (l.amountOut * BigInt(100 - PARAMS.slippage)) / 100n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    );
  // The router wraps the BNB the transaction carries for each swap in turn.
  return { to: v3_swap_router, value: amount, data: encodeFunctionData({ abi: ROUTER, functionName: 'multicall', args: [calls] }) };
}
