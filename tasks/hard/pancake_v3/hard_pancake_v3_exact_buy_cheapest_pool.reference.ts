import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseGwei,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import type { TaskParams } from '../../params.ts';

declare const PARAMS: TaskParams<'hard_pancake_v3_exact_buy_cheapest_pool'>;

const FACTORY = parseAbi(['function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)']);
const QUOTER = parseAbi([
  'function quoteExactOutputSingle((address tokenIn, address tokenOut, uint256 amount, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const ROUTER = parseAbi([
  'function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)',
]);
const ERC20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const TIERS = [100, 500, 2500, 10000];
/**
 * Runtime code put at the wallet's own address for one eth_call: calldata = token (32 bytes) | target
 * (32) | call data; it calls the target with that data as the wallet and returns the wallet's token
 * balance before and after (the Yul is in test/helpers/balance-probe.ts).
 */
const BALANCE_PROBE: Hex =
  '0x5f356370a0823160e01b5f52306004526020608060245f845afa15605a575f8036603f190180604061010037610100826020355af115605e5760a060245f6020936370a0823160e01b8252306004525afa15605a5760406080f35b5f80fd5b3d5f803e3d5ffd';

// Every VRDT/WBNB pool is tried the way the platform sends the buy (from the wallet, 1 gwei priority over
// the base fee), watching what reaches the wallet's VRDT balance. Where less than the amount arrives (a tax
// on buys), the amount bought is grossed up until exactly the amount arrives. Each pool's cost for that is
// the quoter's amountIn; the cheapest is sent with its cap `slippage` % above it.
export async function executeSkill(providerUrl: string, agent: Address, deployedContracts: Record<string, Address>) {
  const client = createPublicClient({ transport: http(providerUrl) });
  const [token, wbnb, router] = [PARAMS.token, deployedContracts.WBNB!, deployedContracts.v3_swap_router!];
  const want = parseUnits(PARAMS.amount, 18);
  const block = await client.getBlock();
  const deadline = block.timestamp + 1200n;
  const priority = parseGwei('1');
  const fees = { maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + priority, maxPriorityFeePerGas: priority };
  const budget = await client.readContract({ address: wbnb, abi: ERC20, functionName: 'balanceOf', args: [agent] });
  const buy = (fee: number, amountOut: bigint, amountInMaximum: bigint) =>
    encodeFunctionData({
      abi: ROUTER,
      functionName: 'exactOutputSingle',
      args: [{ tokenIn: wbnb, tokenOut: token, fee, recipient: agent, deadline, amountOut, amountInMaximum, sqrtPriceLimitX96: 0n }],
    });
  /** VRDT that reaches the wallet when the buy of `amountOut` is mined (0 when it would revert). */
  const arrives = async (fee: number, amountOut: bigint) => {
    const probe =
      `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, router])}${buy(fee, amountOut, budget).slice(2)}` as Hex;
    const { data } = await client
      .call({ account: agent, to: agent, data: probe, stateOverride: [{ address: agent, code: BALANCE_PROBE }], ...fees })
      .catch(() => ({ data: undefined }));
    return data ? BigInt(`0x${data.slice(66, 130)}`) - BigInt(data.slice(0, 66)) : 0n;
  };

  let best: { fee: number; amountOut: bigint; cost: bigint } | undefined;
  for (const fee of TIERS) {
    const pool = await client.readContract({
      address: deployedContracts.v3_factory!,
      abi: FACTORY,
      functionName: 'getPool',
      args: [token, wbnb, fee],
    });
    if (pool === zeroAddress) continue;
    let amountOut = want;
    let got = await arrives(fee, amountOut);
    for (let i = 0; i < 4 && got > 0n && got < want; i++) {
      amountOut = (amountOut * want + got - 1n) / got;
      got = await arrives(fee, amountOut);
    }
    if (got < want || got > want + parseUnits('1', 18)) continue;
    const { result } = await client.simulateContract({
      address: deployedContracts.v3_quoter!,
      abi: QUOTER,
      functionName: 'quoteExactOutputSingle',
      args: [{ tokenIn: wbnb, tokenOut: token, amount: amountOut, fee, sqrtPriceLimitX96: 0n }],
    });
    if (!best || result[0] < best.cost) best = { fee, amountOut, cost: result[0] };
  }
  if (!best) throw new Error('no VRDT pool delivers the amount');
  return { to: router, data: buy(best.fee, best.amountOut, (best.cost * BigInt(100 + PARAMS.slippage)) / 100n) };
}
