import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, zeroAddress, type Address } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_tiers_bnb_to_cake'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const TIERS = [100, 500, 2500, 10000];
const CHUNKS = 40n;

export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_tiers_bnb_to_cake'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBNB, CAKE, v3_factory, v3_quoter, v3_swap_router } = deployedContracts;
  const amount = parseEther(PARAMS.amount);
  const fees: number[] = [];
  for (const fee of TIERS) {
    const pool = await client.readContract({ address: v3_factory, abi: FACTORY, functionName: 'getPool', args: [WBNB, CAKE, fee] });
    if (pool !== zeroAddress) fees.push(fee);
  }
  const quote = async (fee: number, amountIn: bigint) => {
    if (amountIn === 0n) return 0n;
    const { result } = await client.simulateContract({
      address: v3_quoter,
      abi: QUOTER,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: WBNB, tokenOut: CAKE, amountIn, fee, sqrtPriceLimitX96: 0n }],
    });
    return result[0];
  };
  // Each fortieth of the order goes to the pool that pays most for it next, until the marginal prices meet.
  const chunk = amount / CHUNKS;
  const alloc = await Promise.all(fees.map(async (fee) => ({ fee, amountIn: 0n, amountOut: 0n, next: await quote(fee, chunk) })));
  for (let i = 0n; i < CHUNKS; i++) {
    const size = i === CHUNKS - 1n ? amount - chunk * (CHUNKS - 1n) : chunk;
    const best = alloc.reduce((b, p) => (p.next - p.amountOut > b.next - b.amountOut ? p : b));
    best.amountIn += size;
    best.amountOut = size === chunk ? best.next : await quote(best.fee, best.amountIn);
    best.next = await quote(best.fee, best.amountIn + chunk);
  }
  const { timestamp } = await client.getBlock();
  const calls = alloc
    .filter((a) => a.amountIn > 0n)
    .map((a) =>
      encodeFunctionData({
        abi: ROUTER,
        functionName: 'exactInputSingle',
        args: [
          {
            tokenIn: WBNB,
            tokenOut: CAKE,
            fee: a.fee,
            recipient: agent,
            deadline: timestamp + 1200n,
            amountIn: a.amountIn,
            amountOutMinimum: (a.amountOut * BigInt(100 - PARAMS.slippage)) / 100n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    );
  return { to: v3_swap_router, value: amount, data: encodeFunctionData({ abi: ROUTER, functionName: 'multicall', args: [calls] }) };
}
