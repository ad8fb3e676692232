import { parseEther, parseUnits, type Address, type PublicClient } from 'viem';
import {
  BSC,
  balanceOf,
  compareAmount,
  defineValidator,
  PAIR,
  parseUintAnswer,
  quoteOut,
  setPairBalances,
  tokenDecimals,
  type CheckResult,
  chainProfileOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_reserves_before_after_swap'>;
type State = { reserve0: bigint; reserve1: bigint; wbnbIs0: boolean; usdt: bigint; quote: bigint };

/**
 * The pool's planted USDT side: poolWbnb at poolPrice USDT per WBNB, the price taken as BSC's (near 600)
 * scaled to the chain's wrapped native (ETH near 3000 on Base), in USDT's own decimals (6 for Base's USDC).
 */
async function plantedUsdt(chain: PublicClient, env: { readonly USDT: Address }, p: Pick<Params, 'poolWbnb' | 'poolPrice'>) {
  const profile = await chainProfileOf(chain);
  // Both profiles price the wrapped native (BSC 600, Base 3000), so the ratio is a whole number.
  const scale = BigInt(Math.round((profile.usd.WBNB ?? 1) / (BSC.usd.WBNB ?? 1)));
  const shift = 10n ** BigInt(18 - (await tokenDecimals(chain, env.USDT)));
  return (parseEther(p.poolWbnb) * parseUnits(p.poolPrice, 2) * scale) / (100n * shift);
}

const wbnbReserve = (s: State) => (s.wbnbIs0 ? s.reserve0 : s.reserve1);

/** The reported reserve pair under `key`, compared with the chain's. */
function reported(answer: unknown, key: 'before' | 'after', truth: State): CheckResult {
  const side = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
  if (typeof side !== 'object' || side === null) return { pass: false, detail: `answer has no "${key}" object` };
  const r0 = parseUintAnswer((side as Record<string, unknown>).reserve0);
  const r1 = parseUintAnswer((side as Record<string, unknown>).reserve1);
  if ('error' in r0 || 'error' in r1)
    return { pass: false, detail: `${key}: ${'error' in r0 ? r0.error : ''} ${'error' in r1 ? r1.error : ''}` };
  // 1e-9 relative forgives a slip in the last digits of a hand sum; the swap moves both reserves by far more.
  const c0 = compareAmount(`${key} reserve0`, r0.value, truth.reserve0, { rel: 1e-9 });
  const c1 = compareAmount(`${key} reserve1`, r1.value, truth.reserve1, { rel: 1e-9 });
  return { pass: c0.pass && c1.pass, detail: `${c0.detail}; ${c1.detail}` };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Per-instance reserves (price stays near 600 USDT per BNB, 3000 USDC per ETH on Base), so the values to report are unguessable.
  setup: async ({ chain, env, params }) => {
    await setPairBalances(chain, params.pair, [
      [env.WBNB, parseEther(params.poolWbnb)],
      [env.USDT, await plantedUsdt(chain.public, env, params)],
    ]);
  },
  observe: async ({ chain, env, params, agent }) => {
    const [r0, r1] = await chain.readContract({ address: params.pair, abi: PAIR, functionName: 'getReserves' });
    const token0 = await chain.readContract({ address: params.pair, abi: PAIR, functionName: 'token0' });
    const quote = await quoteOut(chain, env.router, parseEther(params.amount), [env.WBNB, env.USDT]);
    return {
      reserve0: r0,
      reserve1: r1,
      wbnbIs0: token0.toLowerCase() === env.WBNB.toLowerCase(),
      usdt: await balanceOf(chain, env.USDT, agent),
      quote,
    };
  },
  checks: [
    {
      name: 'swapped exactly the requested BNB for USDT in this pool',
      weight: 30,
      verify: async ({ pre, post, params, env, chain }) => {
        const into = compareAmount('WBNB into the pool', wbnbReserve(post) - wbnbReserve(pre), parseEther(params.amount), {
          symbol: 'WBNB',
        });
        const out = compareAmount('USDT received', post.usdt - pre.usdt, pre.quote, {
          rel: 0.01,
          symbol: 'USDT',
          decimals: await tokenDecimals(chain, env.USDT),
        });
        return { pass: into.pass && out.pass, detail: `${into.detail}; ${out.detail}` };
      },
    },
    {
      name: 'answer reports the reserves before the swap',
      weight: 25,
      verify: ({ answer, pre }) => reported(answer, 'before', pre),
    },
    {
      name: 'answer reports the reserves after the swap',
      weight: 45,
      verify: ({ answer, pre, post, params }) => {
        // Without the swap "after" equals "before": no credit for a second copy of the same numbers.
        if (wbnbReserve(post) - wbnbReserve(pre) !== parseEther(params.amount))
          return { pass: false, detail: 'the requested swap did not happen' };
        return reported(answer, 'after', post);
      },
    },
  ],
});
