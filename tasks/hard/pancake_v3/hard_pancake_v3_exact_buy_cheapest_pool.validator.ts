import { isAddressEqual, parseEther, parseUnits, type Address } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  gasCost,
  quoteExactOutputSingle,
  decodeV3Path,
  launchV3Pool,
  routerCalls,
  succeeded,
  type CheckContext,
} from 'evm-questbench/validators';
import TradeTaxToken from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_exact_buy_cheapest_pool'>;
/** cheapest: the WBNB that really buys exactly the amount, in the pool where that is least (pre-state). */
type State = { token: bigint; wbnb: bigint; bnb: bigint; cheapest: bigint };
type Ctx = CheckContext<Params, State>;

/** Where VRDT's trading tax goes: namedAddress('hard/sim/vrdt_collector'). */
const COLLECTOR: Address = '0x1A72F0C54F4b5eed0327aF0eD15826c4446660B9';
/** The launch pool (1 %), registered as VRDT's pair: its buys are taxed in transactions that pay for gas. */
const TAXED_FEE = 10000;
/** A 0.25 % pool the owner never registered: untaxed. */
const HONEST_FEE = 2500;
/** The wallet's standing WBNB allowance to the V3 SwapRouter. */
const ALLOWANCE = parseEther('3');

const amountOut = (p: Params) => parseUnits(p.amount, 18);
const taxBps = (p: Params) => BigInt(p.tax * 100);
/** The least a buy must take out of the pool for `want` to reach the wallet through a `bps` tax (tax rounds down). */
function grossUp(want: bigint, bps: bigint): bigint {
  let g = (want * 10_000n + (10_000n - bps - 1n)) / (10_000n - bps);
  while (g - 1n - ((g - 1n) * bps) / 10_000n >= want) g -= 1n;
  return g;
}

/** The one exact-output buy of a SwapRouter transaction: what it pays with, buys, for whom, and its cap. */
function exactBuy(ctx: Ctx): { tokenIn: Address; tokenOut: Address; recipient: Address; max: bigint } | undefined {
  if (!ctx.tx) return undefined;
  const swaps = routerCalls(ctx.tx.data).filter((c) => c.functionName.startsWith('exact'));
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  if (s.functionName === 'exactOutputSingle') {
    const a = s.args[0];
    return { tokenIn: a.tokenIn, tokenOut: a.tokenOut, recipient: a.recipient, max: a.amountInMaximum };
  }
  if (s.functionName === 'exactOutput') {
    const a = s.args[0];
    const path = decodeV3Path(a.path);
    if (!path) return undefined;
    // An exact-output path runs from the token bought back to the token paid.
    return { tokenIn: path.tokens[path.tokens.length - 1]!, tokenOut: path.tokens[0]!, recipient: a.recipient, max: a.amountInMaximum };
  }
  return undefined;
}

// VRDT (namedAddress('hard/sim/VRDT')) is launched per instance on PancakeSwap V3 only: its owner's 1 % pool
// (3.15 M VRDT against 58.4 BNB, ≈ $0.011, ±50 %) is registered as a pair, so every buy out of it pays
// `tax` % to the collector, but only in a transaction that pays for gas; a 0.25 % pool (620 k VRDT against
// 11.75 BNB, priced 1.2 % higher, 0.8-1.25×) is not. Fee-less, the quoter and a simulated exact-output buy
// make the 1 % pool ≈ 0.5-1 % cheaper with the whole amount arriving; mined, `tax` % of it goes to the
// collector. Exactly the amount really costs least in the 0.25 % pool (grossing the 1 % buy up for the tax
// costs ≈ 9-13 % more).
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router!,
  setup: async ({ chain, params, env, agent }) => {
    await deployContract(chain, TradeTaxToken as { abi: unknown[]; bytecode: `0x${string}` }, params.token, [
      'Verdant',
      'VRDT',
      COLLECTOR,
      params.tax * 100,
      params.tax * 100,
    ]);
    await launchV3Pool(chain, env, {
      token: params.token,
      fee: TAXED_FEE,
      tokenAmount: parseUnits('3150000', 18),
      bnbAmount: parseEther('58.4'),
      low: 0.5,
      high: 2,
      registerPool: true,
    });
    // 58.4 / 3.15 M × 1.012 BNB per VRDT.
    await launchV3Pool(chain, env, {
      token: params.token,
      fee: HONEST_FEE,
      tokenAmount: parseUnits('620000', 18),
      bnbAmount: parseEther('11.633'),
      low: 0.8,
      high: 1.25,
    });
    await chain.test.mine({ blocks: 12, interval: 3 });
    await approveAs(chain, agent, env.WBNB!, env.v3_swap_router!, ALLOWANCE);
  },
  observe: async ({ chain, params, env, agent }) => {
    const want = amountOut(params);
    const quote = (fee: number, amount: bigint) =>
      quoteExactOutputSingle(chain, env.v3_quoter!, { tokenIn: env.WBNB!, tokenOut: params.token, fee, amount }).catch(() => undefined);
    const costs = [await quote(HONEST_FEE, want), await quote(TAXED_FEE, grossUp(want, taxBps(params)))].filter(
      (c): c is bigint => c !== undefined,
    );
    return {
      token: await balanceOf(chain, params.token, agent),
      wbnb: await balanceOf(chain, env.WBNB!, agent),
      bnb: await chain.getBalance({ address: agent }),
      cheapest: costs.reduce((a, b) => (b < a ? b : a), costs[0] ?? 0n),
    };
  },
  checks: [
    succeeded(10, 'the buy went through'),
    {
      name: 'one exact-output buy of VRDT with WBNB, paid to the wallet',
      weight: 10,
      verify: (ctx) => {
        const s = exactBuy(ctx);
        const ok =
          !!s &&
          isAddressEqual(s.tokenIn, ctx.env.WBNB!) &&
          isAddressEqual(s.tokenOut, ctx.params.token) &&
          isAddressEqual(s.recipient, ctx.agent);
        return { pass: ok, detail: s ? `${s.tokenIn} → ${s.tokenOut}, to ${s.recipient}` : 'not one exactOutputSingle / exactOutput' };
      },
    },
    {
      name: 'exactly the requested VRDT reached the wallet (at most 1 VRDT over)',
      weight: 35,
      verify: ({ pre, post, params }) => {
        const got = post.token - pre.token;
        const want = amountOut(params);
        return { ...compareAmount('VRDT received', got, want, { symbol: 'VRDT' }), pass: got >= want && got <= want + parseUnits('1', 18) };
      },
    },
    {
      name: 'the WBNB paid per VRDT received is within the slippage of the cheapest real route',
      weight: 30,
      verify: (ctx) => {
        const { pre, post, params } = ctx;
        const got = post.token - pre.token;
        // WBNB, or BNB beyond gas for a buy paid in native BNB.
        const paid = pre.wbnb - post.wbnb + pre.bnb - post.bnb - gasCost(ctx);
        const want = amountOut(params);
        // paid / got ≤ cheapest / want × (1 + slippage)
        const pass = got > 0n && paid * want * 100n <= pre.cheapest * got * BigInt(100 + params.slippage);
        return { pass, detail: `paid ${paid} WBNB wei for ${got} VRDT wei; the cheapest real buy of ${want} costs ${pre.cheapest}` };
      },
    },
    {
      name: 'amountInMaximum is at most the slippage above what the cheapest real buy costs',
      weight: 15,
      verify: (ctx) => {
        const s = exactBuy(ctx);
        if (!s) return { pass: false, detail: 'not one exact-output buy' };
        const cap = (ctx.pre.cheapest * BigInt(100 + ctx.params.slippage)) / 100n;
        return {
          pass: s.max > 0n && s.max <= cap + cap / 200n,
          detail: `amountInMaximum ${s.max}; the cheapest real buy ${ctx.pre.cheapest}, +${ctx.params.slippage}% is ${cap}`,
        };
      },
    },
  ],
});
