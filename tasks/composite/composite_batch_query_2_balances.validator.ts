import type { PublicClient } from 'viem';
import {
  balanceOf,
  chainKey,
  compareAmount,
  defineValidator,
  parseUintAnswer,
  setTokenBalance,
  tokenDecimals,
  tokenUnits,
  type CheckResult,
  chainProfileOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_query_2_balances'>;
type State = { usdt: bigint; busd: bigint };

/** What the request and the answer format call a BSC role on the chain the client talks to (USDT is USDC on Base). */
const nameOn = async (chain: PublicClient, bscKey: string) => chainKey(await chainProfileOf(chain), bscKey);

/** reportedBySymbol, the amounts shown in the token's own decimals: the answer's value under `symbol` (any case) against the chain's. */
function reportedAs(answer: unknown, symbol: string, truth: bigint, decimals: number): CheckResult {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return { pass: false, detail: `answer ${JSON.stringify(answer)?.slice(0, 80)} is not an object` };
  const key = Object.keys(answer).find((k) => k.toLowerCase() === symbol.toLowerCase());
  const a = parseUintAnswer(key === undefined ? undefined : (answer as Record<string, unknown>)[key]);
  if ('error' in a) return { pass: false, detail: `${symbol}: ${a.error}` };
  return compareAmount(symbol, a.value, truth, { symbol, decimals });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Unguessable truth: a fresh address with random balances of both tokens (in each token's own decimals).
  setup: async ({ chain, env, params }) => {
    await setTokenBalance(chain, env.USDT, params.holder, await tokenUnits(chain.public, env.USDT, params.planted_usdt));
    await setTokenBalance(chain, env.BUSD, params.holder, await tokenUnits(chain.public, env.BUSD, params.planted_busd));
  },
  observe: async ({ chain, env, params }) => ({
    usdt: await balanceOf(chain, env.USDT, params.holder),
    busd: await balanceOf(chain, env.BUSD, params.holder),
  }),
  checks: [
    {
      name: 'reported USDT balance equals the chain',
      weight: 50,
      verify: async ({ chain, env, answer, post }) =>
        reportedAs(answer, await nameOn(chain, 'USDT'), post.usdt, await tokenDecimals(chain, env.USDT)),
    },
    {
      name: 'reported BUSD balance equals the chain',
      weight: 50,
      verify: async ({ chain, env, answer, post }) =>
        reportedAs(answer, await nameOn(chain, 'BUSD'), post.busd, await tokenDecimals(chain, env.BUSD)),
    },
  ],
});
