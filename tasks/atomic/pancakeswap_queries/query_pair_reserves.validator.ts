import { type Address } from 'viem';
import {
  balanceOf,
  compareAmount,
  defineValidator,
  PAIR,
  parseUintAnswer,
  sameAddress,
  setPairBalances,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_pair_reserves'>;
type State = { reserve0: bigint; reserve1: bigint; token0: Address; decimals: { reserve0: number; reserve1: number } };

/** The answer's fields, each parsed on its own so one bad field does not hide the others. */
function fields(answer: unknown) {
  const o = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  return { reserve0: parseUintAnswer(o.reserve0), reserve1: parseUintAnswer(o.reserve1), token0: o.token0 };
}

const reserveCheck = (key: 'reserve0' | 'reserve1') => ({
  name: `${key} equals the pair's ${key}`,
  weight: 35,
  verify: ({ answer, pre }: { answer?: unknown; pre: State }) => {
    const a = fields(answer)[key];
    return 'error' in a
      ? { pass: false, detail: `${key}: ${a.error}` }
      : compareAmount(key, a.value, pre[key], { decimals: pre.decimals[key] });
  },
});

export default defineValidator<Params, State>({
  kind: 'query',
  setup: async ({ chain, params }) => {
    // Someone donated to the pool and synced it: the reserves are no longer the seeded round numbers.
    // Each donation is whole tokens in the token's own decimals (USDC has 6 on Base).
    const { pool, tokenA, tokenB } = params.pair;
    await setPairBalances(chain, pool, [
      [tokenA, (await balanceOf(chain.public, tokenA, pool)) + (await tokenUnits(chain.public, tokenA, params.extraA))],
      [tokenB, (await balanceOf(chain.public, tokenB, pool)) + (await tokenUnits(chain.public, tokenB, params.extraB))],
    ]);
  },
  observe: async ({ chain, params }) => {
    const [reserve0, reserve1] = await chain.readContract({ address: params.pair.pool, abi: PAIR, functionName: 'getReserves' });
    const token0 = await chain.readContract({ address: params.pair.pool, abi: PAIR, functionName: 'token0' });
    const token1 = await chain.readContract({ address: params.pair.pool, abi: PAIR, functionName: 'token1' });
    // Each reserve's decimals, for the check's wording only.
    const decimals = { reserve0: await tokenDecimals(chain, token0), reserve1: await tokenDecimals(chain, token1) };
    return { reserve0, reserve1, token0, decimals };
  },
  checks: [
    {
      name: 'answer has reserve0, reserve1 and token0 in the stated formats',
      weight: 10,
      verify: ({ answer }) => {
        const f = fields(answer);
        const problems = [
          'error' in f.reserve0 ? `reserve0: ${f.reserve0.error}` : '',
          'error' in f.reserve1 ? `reserve1: ${f.reserve1.error}` : '',
          typeof f.token0 === 'string' && /^0x[0-9a-fA-F]{40}$/.test(f.token0)
            ? ''
            : `token0 ${JSON.stringify(f.token0)?.slice(0, 60)} is not an address`,
        ].filter(Boolean);
        return { pass: problems.length === 0, detail: problems.join('; ') || 'ok' };
      },
    },
    reserveCheck('reserve0'),
    reserveCheck('reserve1'),
    {
      name: "token0 is the pair's token0",
      weight: 20,
      verify: ({ answer, pre }) => {
        const t = fields(answer).token0;
        const pass = typeof t === 'string' && sameAddress(t, pre.token0);
        return { pass, detail: pass ? `token0 ${pre.token0}` : `answered ${JSON.stringify(t)?.slice(0, 60)}, token0 is ${pre.token0}` };
      },
    },
  ],
});
