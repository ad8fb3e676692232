import { decodeFunctionData, encodePacked, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { balanceOf, compareAmount, defineValidator, succeeded, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_exact_output_multihop'>;
type State = { usdt: bigint; wbtc: bigint; quote: bigint };

const QUOTER = parseAbi([
  'function quoteExactOutput(bytes path, uint256 amountOut) returns (uint256 amountIn, uint160[], uint32[], uint256)',
]);
const ROUTER = parseAbi([
  'struct ExactOutputParams { bytes path; address recipient; uint256 deadline; uint256 amountOut; uint256 amountInMaximum; }',
  'function exactOutput(ExactOutputParams params) payable returns (uint256 amountIn)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
]);
const FACTORY = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const POOL = parseAbi(['function liquidity() view returns (uint128)']);
const amountOut = (p: Params) => parseUnits(p.amount, 8);

/** amountInMaximum of the exactOutput call, directly or inside a multicall. */
function amountInMaximum(data: Hex): bigint | undefined {
  try {
    const call = decodeFunctionData({ abi: ROUTER, data });
    if (call.functionName === 'exactOutput') return call.args[0].amountInMaximum;
    if (call.functionName === 'multicall')
      for (const inner of call.args[0]) {
        const m = amountInMaximum(inner);
        if (m !== undefined) return m;
      }
  } catch {
    return undefined;
  }
  return undefined;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  observe: async ({ chain, env, agent, params }) => {
    /** The tier whose pool holds the most in-range liquidity (on this chain 0.05 % for both hops). */
    const deepest = async (a: Address, b: Address) => {
      let [best, most] = [0, -1n];
      for (const fee of [100, 500, 2500, 10000]) {
        const pool = await chain.readContract({ address: env.v3_factory, abi: FACTORY, functionName: 'getPool', args: [a, b, fee] });
        if (/^0x0+$/.test(pool)) continue;
        const l = await chain.readContract({ address: pool, abi: POOL, functionName: 'liquidity' });
        if (l > most) [best, most] = [fee, l];
      }
      return best;
    };
    const path = encodePacked(
      ['address', 'uint24', 'address', 'uint24', 'address'],
      [env.WBTC, await deepest(env.WBNB, env.WBTC), env.WBNB, await deepest(env.USDT, env.WBNB), env.USDT],
    );
    const { result } = await chain.simulateContract({
      address: env.v3_quoter,
      abi: QUOTER,
      functionName: 'quoteExactOutput',
      args: [path, amountOut(params)],
      account: agent,
    });
    return { usdt: await balanceOf(chain, env.USDT, agent), wbtc: await balanceOf(chain, env.WBTC, agent), quote: result[0] };
  },
  checks: [
    succeeded(5, 'the swap went through at the V3 router'),
    {
      name: 'the wallet received exactly the WBTC asked for',
      weight: 30,
      verify: ({ pre, post, params }) =>
        compareAmount('WBTC received', post.wbtc - pre.wbtc, amountOut(params), { symbol: 'WBTC', decimals: 8 }),
    },
    {
      // Nothing else trades between the read and the swap, so the deepest route's quote is what it costs.
      name: 'paid the price of the route through the deepest pools',
      weight: 20,
      verify: ({ pre, post }) => compareAmount('USDT paid', pre.usdt - post.usdt, pre.quote, { rel: 1e-6, symbol: 'USDT' }),
    },
    {
      name: 'the USDT cap is the quote plus the stated margin, no more',
      weight: 45,
      verify: ({ pre, params, tx }) => {
        const max = tx ? amountInMaximum(tx.data) : undefined;
        if (max === undefined) return { pass: false, detail: 'no exactOutput call with an amountInMaximum' };
        const limit = (pre.quote * BigInt(100 + params.slip)) / 100n;
        const pass = max >= pre.quote && max <= limit + limit / 1_000_000n;
        return {
          pass,
          detail: `amountInMaximum ${Number(max) / 1e18} USDT; quote ${Number(pre.quote) / 1e18}, cap at ${params.slip}% ${Number(limit) / 1e18}`,
        };
      },
    },
  ],
});
