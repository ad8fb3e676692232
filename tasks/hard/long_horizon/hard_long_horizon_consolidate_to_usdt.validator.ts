import { decodeFunctionData, parseAbi, parseUnits, type Address, type PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  minOutVsQuote,
  quoteOut,
  soleSwap,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  transferred,
  type Check,
  type EpisodeTx,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_consolidate_to_usdt'>;
type State = { recipient: bigint; allowances: bigint[] };

const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);

/** The three sales the request asks for: token key, amount parameter, decimals (as the tokens' contracts state them) and route. */
const SALES = [
  { key: 'YLD', amount: (p: Params) => p.yld, decimals: 18, via: 'WBNB' },
  { key: 'USDCet', amount: (p: Params) => p.usdc, decimals: 6, via: undefined },
  { key: 'FLOKI', amount: (p: Params) => p.floki, decimals: 9, via: 'WBNB' },
] as const;
type Sale = (typeof SALES)[number];

const pathOf = (s: Sale, env: HardEnv): Address[] => (s.via ? [env[s.key], env[s.via], env.USDT] : [env[s.key], env.USDT]);

type Found = { ok: false; detail: string } | { ok: true; t: EpisodeTx; got: bigint; quote: bigint; min: bigint };

/**
 * The one sale of `s` for USDT: it must take exactly the requested amount; `quote` is what the route paid, at the block
 * before, for the tokens that reached the first pair (after a transfer tax).
 */
async function findSale(
  chain: PublicClient,
  txs: EpisodeTx[] | undefined,
  env: HardEnv,
  agent: Address,
  params: Params,
  s: Sale,
): Promise<Found> {
  const token = env[s.key];
  const sale = soleSwap(txs, agent, token, env.USDT);
  if (!sale) return { ok: false, detail: `expected exactly one successful ${s.key} → USDT sale` };
  const want = parseUnits(s.amount(params), s.decimals);
  if (sale.sold !== want) return { ok: false, detail: `sold ${fmt(sale.sold, s.decimals)} ${s.key}, requested ${s.amount(params)}` };
  const path = pathOf(s, env);
  const pair = await chain.readContract({
    address: env.factory,
    abi: FACTORY,
    functionName: 'getPair',
    args: [defined(path[0], 'the path'), defined(path[1], 'the path')],
  });
  const reached = transferred(sale.receipt, token, agent, pair);
  const quote = await quoteOut(chain, env.router, reached, path, sale.receipt.blockNumber - 1n);
  let min = 0n;
  try {
    min = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_TOKENS, data: sale.tx.data }).args[1] as bigint;
  } catch {
    // not an exact-input router swap: no minimum to read
  }
  return { ok: true, t: sale, got: sale.got, quote, min };
}

function saleCheck(s: Sale): Check<Params, State, HardEnv> {
  return {
    name: `exactly the requested ${s.key} sold for USDT at the route's price`,
    weight: 12,
    verify: async ({ chain, txs, env, agent, params }) => {
      const f = await findSale(chain, txs, env, agent, params, s);
      return f.ok
        ? compareAmount(`USDT from the ${s.key} sale`, f.got, f.quote, { rel: 0.001, symbol: 'USDT' })
        : { pass: false, detail: f.detail };
    },
  };
}

function minCheck(s: Sale): Check<Params, State, HardEnv> {
  return {
    name: `the ${s.key} sale's minimum is within the slippage limit of the quote for what reached the pool`,
    weight: 4,
    verify: async ({ chain, txs, env, agent, params }) => {
      const f = await findSale(chain, txs, env, agent, params, s);
      return f.ok ? minOutVsQuote(f.min, f.quote, params.slippage) : { pass: false, detail: f.detail };
    },
  };
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // No standing router allowance for the three tokens: each sale needs its own approval.
  setup: async ({ chain, env, agent }) => {
    for (const s of SALES) await approveAs(chain, agent, env[s.key], env.router, 0n);
  },
  observe: async ({ chain, params, env, agent }) => ({
    recipient: await balanceOf(chain, env.USDT, params.to),
    allowances: await Promise.all(SALES.map((s) => allowanceOf(chain, env[s.key], agent, env.router))),
  }),
  checks: [
    ...SALES.map(saleCheck),
    ...SALES.map(minCheck),
    {
      name: 'each token was approved and no router allowance is left',
      weight: 12,
      verify: ({ txs, env, post }) => {
        const left = SALES.filter((s, i) => !approvalSent(txs, env[s.key], env.router) || post.allowances[i] !== 0n).map((s) => s.key);
        return {
          pass: left.length === 0,
          detail: left.length ? `not approved, or allowance left: ${left.join(', ')}` : 'every approval spent exactly',
        };
      },
    },
    {
      name: 'the recipient received exactly the USDT the three sales paid',
      weight: 40,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const found = await Promise.all(SALES.map((s) => findSale(chain, txs, env, agent, params, s)));
        const missing = found.flatMap((f) => (f.ok ? [] : [f.detail]));
        if (missing.length) return { pass: false, detail: missing.join('; ') };
        const total = found.reduce((sum, f) => sum + (f.ok ? f.got : 0n), 0n);
        return compareAmount('USDT received by the recipient', post.recipient - pre.recipient, total, { symbol: 'USDT' });
      },
    },
  ],
});
