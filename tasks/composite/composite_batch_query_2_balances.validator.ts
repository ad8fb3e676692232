import { parseUnits, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, parseUintAnswer, setTokenBalance, type CheckResult } from 'evm-questbench/validators';

type Params = { holder: Address; planted_usdt: string; planted_busd: string };
type State = { usdt: bigint; busd: bigint };

/** The answer's field for a symbol (keys compared case-insensitively), as an unsigned integer. */
function reported(answer: unknown, symbol: string, truth: bigint): CheckResult {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return { pass: false, detail: `answer ${JSON.stringify(answer)?.slice(0, 80)} is not an object` };
  const key = Object.keys(answer).find((k) => k.toLowerCase() === symbol.toLowerCase());
  const a = parseUintAnswer(key === undefined ? undefined : (answer as Record<string, unknown>)[key]);
  if ('error' in a) return { pass: false, detail: `${symbol}: ${a.error}` };
  return compareAmount(symbol, a.value, truth, { symbol });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Unguessable truth: a fresh address with random balances of both tokens.
  setup: async ({ chain, env, params }) => {
    await setTokenBalance(chain, env.USDT!, params.holder, parseUnits(params.planted_usdt, 18));
    await setTokenBalance(chain, env.BUSD!, params.holder, parseUnits(params.planted_busd, 18));
  },
  observe: async ({ chain, env, params }) => ({
    usdt: await balanceOf(chain, env.USDT!, params.holder),
    busd: await balanceOf(chain, env.BUSD!, params.holder),
  }),
  checks: [
    { name: 'reported USDT balance equals the chain', weight: 50, verify: ({ answer, post }) => reported(answer, 'USDT', post.usdt) },
    { name: 'reported BUSD balance equals the chain', weight: 50, verify: ({ answer, post }) => reported(answer, 'BUSD', post.busd) },
  ],
});
