import { createPublicClient, encodeFunctionData, encodePacked, http, parseAbi, parseUnits, type Address } from 'viem';
import type { TaskParams, TaskContracts } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_precision_exact_output_multihop'>;

const FACTORY = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const ERC20 = parseAbi(['function decimals() view returns (uint8)']);
const QUOTER = parseAbi([
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[], uint32[], uint256)',
]);
const ROUTER = parseAbi([
  'struct ExactOutputParams { bytes path; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; }',
  'function exactOutput(ExactOutputParams params) payable returns (uint256 amountIn)',
]);

// Exact output: the path runs from the output back to the input. Each hop's tier is the one whose pool
// holds the most in-range liquidity; the cap is the quoter's exact-output price plus the margin.
export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_precision_exact_output_multihop'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const d = deployedContracts;
  const zero = '0x0000000000000000000000000000000000000000';
  async function deepest(a: Address, b: Address): Promise<number> {
    let best = 0;
    let bestL = -1n;
    for (const fee of [100, 500, 2500, 10000]) {
      const pool = await client.readContract({ address: d.v3_factory, abi: FACTORY, functionName: 'getPool', args: [a, b, fee] });
      if (pool === zero) continue;
      const l = await client.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
      if (l > bestL) [best, bestL] = [fee, l];
    }
    return best;
  }
  const [feeOut, feeIn] = [await deepest(d.WBNB, d.WBTC), await deepest(d.USDT, d.WBNB)];
  const decimals = await client.readContract({ address: d.WBTC, abi: ERC20, functionName: 'decimals' });
  const amountOut = parseUnits(PARAMS.amount, decimals);
  const path = encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [d.WBTC, feeOut, d.WBNB, feeIn, d.USDT]);
  const { result } = await client.simulateContract({
    address: d.v3_quoter,
    abi: QUOTER,
    functionName: 'quoteExactOutput',
    args: [path, amountOut],
    account: agent,
  });
  const amountInMaximum = (result[0] * BigInt(100 + PARAMS.slip)) / 100n;
  const { timestamp } = await client.getBlock();
  const data = encodeFunctionData({
    abi: ROUTER,
    functionName: 'exactOutput',
    args: [{ path, recipient: agent, deadline: timestamp + 1200n, amountOut, amountInMaximum }],
  });
  return { to: d.v3_swap_router, data };
}
