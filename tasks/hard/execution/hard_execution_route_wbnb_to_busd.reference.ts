import { createPublicClient, encodeFunctionData, http, parseAbi, parseUnits, zeroAddress, type Address, type Hex } from 'viem';
import type { TaskContracts, TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_execution_route_wbnb_to_busd'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const QUOTER = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[] sqrtPriceX96AfterList, uint32[] initializedTicksCrossedList, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)',
  'function exactOutput((bytes path, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)',
]);
const TIERS = [100, 500, 2500, 10000];

type Route = { tokens: Address[]; fees: number[] };

export async function executeSkill(
  providerUrl: string,
  agent: Address,
  deployedContracts: TaskContracts<'hard_execution_route_wbnb_to_busd'>,
) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { WBNB, USDT, BUSD, v3_factory, v3_quoter, v3_swap_router } = deployedContracts;
  const tokenIn = WBNB;
  const tokenOut = BUSD;
  const amountOut = parseUnits(PARAMS.amount, 18);

  const tiers = async (a: Address, b: Address) => {
    const pools = await Promise.all(
      TIERS.map((fee) => client.readContract({ address: v3_factory, abi: FACTORY, functionName: 'getPool', args: [a, b, fee] })),
    );
    return TIERS.filter((_, i) => pools[i] !== zeroAddress);
  };
  // Every pool of the pair, and every two-hop path through a base token at every pair of tiers.
  const routes: Route[] = (await tiers(tokenIn, tokenOut)).map((fee) => ({ tokens: [tokenIn, tokenOut], fees: [fee] }));
  for (const mid of [WBNB, USDT, BUSD]) {
    if (mid === tokenIn || mid === tokenOut) continue;
    const [first, second] = await Promise.all([tiers(tokenIn, mid), tiers(mid, tokenOut)]);
    for (const a of first) for (const b of second) routes.push({ tokens: [tokenIn, mid, tokenOut], fees: [a, b] });
  }
  const candidates = routes;

  // exactOutput takes its path from the token bought back to the token paid.
  const reversedPath = (r: Route): Hex => {
    const tokens = [...r.tokens].reverse();
    const fees = [...r.fees].reverse();
    const hex = tokens.map((t, i) => (i === 0 ? '' : (fees[i - 1] ?? 0).toString(16).padStart(6, '0')) + t.slice(2)).join('');
    return `0x${hex.toLowerCase()}`;
  };
  const quote = async (r: Route): Promise<bigint | undefined> => {
    try {
      if (r.fees.length === 1) {
        const { result } = await client.simulateContract({
          address: v3_quoter,
          abi: QUOTER,
          functionName: 'quoteExactOutputSingle',
          args: [{ tokenIn, tokenOut, amount: amountOut, fee: r.fees[0] ?? 0, sqrtPriceLimitX96: 0n }],
        });
        return result[0];
      }
      const { result } = await client.simulateContract({
        address: v3_quoter,
        abi: QUOTER,
        functionName: 'quoteExactOutput',
        args: [reversedPath(r), amountOut],
      });
      return result[0];
    } catch {
      return undefined;
    }
  };
  const { timestamp } = await client.getBlock();
  const deadline = timestamp + 1200n;
  const calldata = (r: Route, amountInMaximum: bigint) =>
    r.fees.length === 1
      ? encodeFunctionData({
          abi: ROUTER,
          functionName: 'exactOutputSingle',
          args: [{ tokenIn, tokenOut, fee: r.fees[0] ?? 0, recipient: agent, deadline, amountOut, amountInMaximum, sqrtPriceLimitX96: 0n }],
        })
      : encodeFunctionData({
          abi: ROUTER,
          functionName: 'exactOutput',
          args: [{ path: reversedPath(r), recipient: agent, deadline, amountOut, amountInMaximum }],
        });
  const ceiling = (q: bigint) => (q * BigInt(100 + PARAMS.slippage)) / 100n;

  const quoted = (await Promise.all(candidates.map(async (route) => ({ route, amountIn: await quote(route) }))))
    .filter((q): q is { route: Route; amountIn: bigint } => q.amountIn !== undefined)
    .sort((a, b) => (a.amountIn < b.amountIn ? -1 : 1));
  if (!quoted.length) throw new Error('no route can fill the order');

  // Gas is paid too: price the few cheapest routes with their gas, in the token paid.
  const block = await client.getBlock({ blockTag: 'pending' });
  const gasPrice = (block.baseFeePerGas ?? 0n) + 1_000_000_000n;
  const perBnb = async () => {
    if (tokenIn === WBNB) return 10n ** 18n;
    for (const fee of [500, 2500, 100, 10000]) {
      try {
        const { result } = await client.simulateContract({
          address: v3_quoter,
          abi: QUOTER,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn: WBNB, tokenOut: tokenIn, amountIn: 10n ** 16n, fee, sqrtPriceLimitX96: 0n }],
        });
        return result[0] * 100n;
      } catch {}
    }
    return 0n;
  };
  const inPerBnb = await perBnb();
  let best: { route: Route; amountIn: bigint; cost: bigint } | undefined;
  for (const q of quoted.slice(0, 3)) {
    const gas = await client.estimateGas({ account: agent, to: v3_swap_router, data: calldata(q.route, ceiling(q.amountIn)) });
    const cost = q.amountIn + (gas * gasPrice * inPerBnb) / 10n ** 18n;
    if (!best || cost < best.cost) best = { ...q, cost };
  }
  if (!best) throw new Error('no route could be priced');
  const chosen = best;
  return { to: v3_swap_router, data: calldata(chosen.route, ceiling(chosen.amountIn)) };
}
