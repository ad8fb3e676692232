import { parseEther, type PublicClient } from 'viem';
import {
  balanceOf,
  chainKey,
  compareAmount,
  defineValidator,
  nativeBalance,
  parseUintAnswer,
  setTokenBalance,
  tokenDecimals,
  tokenUnits,
  type CheckResult,
  chainProfileOf,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_batch_query_portfolio'>;
type State = { bnb: bigint; usdt: bigint; cake: bigint };

/** The chain the client talks to, by its chain id. */

/** reportedBySymbol, the amounts shown in the token's own decimals: the answer's value under `symbol` (any case) against the chain's. */
function reportedAs(answer: unknown, symbol: string, truth: bigint, decimals: number): CheckResult {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    return { pass: false, detail: `answer ${JSON.stringify(answer)?.slice(0, 80)} is not an object` };
  const key = Object.keys(answer).find((k) => k.toLowerCase() === symbol.toLowerCase());
  const a = parseUintAnswer(key === undefined ? undefined : (answer as Record<string, unknown>)[key]);
  if ('error' in a) return { pass: false, detail: `${symbol}: ${a.error}` };
  return compareAmount(symbol, a.value, truth, { symbol, decimals });
}

/** The three reports, each under the name the chain gives it (BNB, USDT, CAKE on BSC; ETH, USDC, DEGEN on Base). */
async function reports(chain: PublicClient, env: { USDT: `0x${string}`; CAKE: `0x${string}` }, answer: unknown, post: State) {
  const p = await chainProfileOf(chain);
  return {
    bnb: reportedAs(answer, p.native.symbol, post.bnb, p.native.decimals),
    usdt: reportedAs(answer, chainKey(p, 'USDT'), post.usdt, await tokenDecimals(chain, env.USDT)),
    cake: reportedAs(answer, chainKey(p, 'CAKE'), post.cake, await tokenDecimals(chain, env.CAKE)),
  };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Unguessable truth: the wallet's usual starting holdings are replaced by random ones (in each token's own decimals).
  setup: async ({ chain, env, agent, params }) => {
    await chain.test.setBalance({ address: agent, value: parseEther(params.planted_bnb) });
    await setTokenBalance(chain, env.USDT, agent, await tokenUnits(chain.public, env.USDT, params.planted_usdt));
    await setTokenBalance(chain, env.CAKE, agent, await tokenUnits(chain.public, env.CAKE, params.planted_cake));
  },
  // Compared with the end state: a transaction sent along the way legitimately changes the BNB figure.
  observe: async ({ chain, env, agent }) => ({
    bnb: await nativeBalance(chain, agent),
    usdt: await balanceOf(chain, env.USDT, agent),
    cake: await balanceOf(chain, env.CAKE, agent),
  }),
  checks: [
    {
      name: 'reported BNB balance equals the chain',
      weight: 25,
      verify: async ({ chain, env, answer, post }) => (await reports(chain, env, answer, post)).bnb,
    },
    {
      name: 'reported USDT balance equals the chain',
      weight: 25,
      verify: async ({ chain, env, answer, post }) => (await reports(chain, env, answer, post)).usdt,
    },
    {
      name: 'reported CAKE balance equals the chain',
      weight: 25,
      verify: async ({ chain, env, answer, post }) => (await reports(chain, env, answer, post)).cake,
    },
    {
      // A snapshot with a wrong figure is not a snapshot: two right values out of three stay below the pass line.
      name: 'the whole snapshot is right',
      weight: 25,
      verify: async ({ chain, env, answer, post }) => {
        const parts = Object.values(await reports(chain, env, answer, post));
        return { pass: parts.every((p) => p.pass), detail: `${parts.filter((p) => p.pass).length} of 3 balances right` };
      },
    },
  ],
});
