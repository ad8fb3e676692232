import { erc20Abi } from 'viem';
import { compareAmount, defineValidator, issueTokens, parseUintAnswer, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_token_metadata'>;
type State = { name: string; symbol: string; decimals: number; totalSupply: bigint };

const KEYS = ['name', 'symbol', 'decimals', 'totalSupply'] as const;

type Fields = { name?: unknown; symbol?: unknown; decimals?: unknown; totalSupply?: unknown };
const fields = (answer: unknown): Fields | undefined =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? (answer as Fields) : undefined;

/** decimals as stated (a number); an integer string is taken too, since a bigint from the script serializes to one. */
function decimalsOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,3}$/.test(v.trim())) return Number(v.trim());
  return undefined;
}

const decimalsMatch = (a: Fields | undefined, s: State) => decimalsOf(a?.decimals) === s.decimals;
function supplyMatch(a: Fields | undefined, s: State) {
  if (!a) return { pass: false, detail: 'answer is not an object' };
  const v = parseUintAnswer(a.totalSupply);
  if ('error' in v) return { pass: false, detail: `totalSupply: ${v.error}` };
  return compareAmount('totalSupply', v.value, s.totalSupply, { decimals: s.decimals });
}

export default defineValidator<Params, State>({
  kind: 'query',
  // A random amount issued to a random holder: the total supply cannot be known without reading it.
  // The amount is in the token's own decimals (18 on BSC; Base's USDC has 6).
  setup: async ({ chain, env, params }) =>
    issueTokens(chain, env, params.token.address, params.holder, await tokenUnits(chain.public, params.token.address, params.minted)),
  observe: async ({ chain, params }) => {
    const address = params.token.address;
    const [name, symbol, decimals, totalSupply] = await Promise.all([
      chain.readContract({ address, abi: erc20Abi, functionName: 'name' }),
      chain.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      chain.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
      chain.readContract({ address, abi: erc20Abi, functionName: 'totalSupply' }),
    ]);
    return { name, symbol, decimals, totalSupply };
  },
  // Weights: name and symbol are labels, so one of them wrong still passes (90). decimals and
  // totalSupply carry the units: either one wrong loses its own points and the joint check (≤ 55).
  checks: [
    {
      name: 'answer is an object with name, symbol, decimals and totalSupply',
      weight: 10,
      verify: ({ answer }) => {
        const a = fields(answer);
        const missing = a ? KEYS.filter((k) => !(k in a)) : KEYS;
        return {
          pass: !!a && missing.length === 0,
          detail: a ? (missing.length ? `missing ${missing.join(', ')}` : 'all keys present') : 'answer is not an object',
        };
      },
    },
    {
      name: 'name matches the contract',
      weight: 10,
      verify: ({ answer, post }) => ({
        pass: fields(answer)?.name === post.name,
        detail: `answered ${JSON.stringify(fields(answer)?.name)}, contract says ${JSON.stringify(post.name)}`,
      }),
    },
    {
      name: 'symbol matches the contract',
      weight: 10,
      verify: ({ answer, post }) => ({
        pass: fields(answer)?.symbol === post.symbol,
        detail: `answered ${JSON.stringify(fields(answer)?.symbol)}, contract says ${JSON.stringify(post.symbol)}`,
      }),
    },
    {
      name: 'decimals match the contract',
      weight: 20,
      verify: ({ answer, post }) => ({
        pass: decimalsMatch(fields(answer), post),
        detail: `answered ${JSON.stringify(fields(answer)?.decimals)}, contract says ${post.decimals}`,
      }),
    },
    {
      name: 'totalSupply equals the on-chain supply',
      weight: 25,
      verify: ({ answer, post }) => supplyMatch(fields(answer), post),
    },
    {
      // A supply is only usable together with its decimals; this keeps a single wrong unit field below the pass line.
      name: 'decimals and totalSupply both right',
      weight: 25,
      verify: ({ answer, post }) => {
        const a = fields(answer);
        return { pass: decimalsMatch(a, post) && supplyMatch(a, post).pass, detail: 'both unit fields compared with the chain' };
      },
    },
  ],
});
