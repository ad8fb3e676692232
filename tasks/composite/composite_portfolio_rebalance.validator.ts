import { decodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, parseUintAnswer, setTokenBalance, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount_usdt: string; amount_cake: string; slippage: number; start_usdt: string; start_cake: string; start_busd: string; busd_after: string };
type State = { usdt: bigint; cake: bigint; busd: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };
type Env = Record<string, Address>;

const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

const succeeded = (txs?: Sent[]) => (txs ?? []).filter((t) => t.receipt.status === 'success');

/** Sum of a token's Transfer values in one receipt, optionally filtered by sender and recipient. */
function moved(receipt: TransactionReceipt, token: Address, from?: Address, to?: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter((l) => isAddressEqual(l.address, token) && (!from || isAddressEqual(l.args.from, from)) && (!to || isAddressEqual(l.args.to, to)))
    .reduce((s, l) => s + l.args.value, 0n);
}

/** Best router quote at a block over the direct path and the one-hop paths through the base tokens. */
async function bestQuote(chain: PublicClient, env: Env, amountIn: bigint, tokenIn: Address, tokenOut: Address, blockNumber: bigint): Promise<bigint> {
  const hubs = [env.WBNB!, env.USDT!, env.BUSD!].filter((h) => !isAddressEqual(h, tokenIn) && !isAddressEqual(h, tokenOut));
  let best = 0n;
  for (const path of [[tokenIn, tokenOut], ...hubs.map((h) => [tokenIn, h, tokenOut])]) {
    try {
      const out = await chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path], blockNumber });
      if (out[out.length - 1]! > best) best = out[out.length - 1]!;
    } catch {
      // no pool on that path
    }
  }
  return best;
}

/** The one successful transaction that took `sell` from the wallet and paid it BUSD. */
function swapOf(txs: Sent[] | undefined, env: Env, agent: Address, sell: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, sell, agent) > 0n && moved(t.receipt, env.BUSD!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, sell, agent), got: moved(s.receipt, env.BUSD!, undefined, agent) };
}

function minOut(data: `0x${string}`): bigint | undefined {
  try {
    return decodeFunctionData({ abi: ROUTER, data }).args[1] as bigint;
  } catch {
    return undefined;
  }
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

/** One swap into BUSD: exactly the requested amount sold, about the quote received. */
async function sale(ctx: { txs?: Sent[]; env: Env; agent: Address; chain: PublicClient }, sell: Address, amount: string, symbol: string) {
  const s = swapOf(ctx.txs, ctx.env, ctx.agent, sell);
  if (!s) return { pass: false, detail: `expected exactly one successful ${symbol} → BUSD swap` };
  const want = parseEther(amount);
  if (s.sold !== want) return { pass: false, detail: `sold ${fmt(s.sold)} ${symbol}, requested ${amount}` };
  const quote = await bestQuote(ctx.chain, ctx.env, want, sell, ctx.env.BUSD!, s.receipt.blockNumber - 1n);
  return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results. Its CAKE goes through WBNB, a route the USDT
  // sale leaves alone, so today's quotes give its final balance.
  derive: async ({ chain, env, params }) => {
    const quote = (amountIn: bigint, path: Address[]) =>
      chain.public.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }).then((o) => o[o.length - 1]!);
    const fromUsdt = await quote(parseEther(params.amount_usdt), [env.USDT!, env.BUSD!]);
    const fromCake = await quote(parseEther(params.amount_cake), [env.CAKE!, env.WBNB!, env.BUSD!]);
    return { busd_after: (parseEther(params.start_busd) + fromUsdt + fromCake).toString() };
  },
  // Per-instance balances make all three queries necessary.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.USDT!, agent, parseEther(params.start_usdt));
    await setTokenBalance(chain, env.CAKE!, agent, parseEther(params.start_cake));
    await setTokenBalance(chain, env.BUSD!, agent, parseEther(params.start_busd));
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
    busd: await balanceOf(chain, env.BUSD!, agent),
  }),
  checks: [
    {
      name: 'reported the starting USDT and CAKE balances',
      weight: 10,
      verify: ({ answer, pre, post }) => {
        const u = parseUintAnswer(field(answer, 'usdt'));
        const c = parseUintAnswer(field(answer, 'cake'));
        if ('error' in u || 'error' in c) return { pass: false, detail: `usdt: ${'error' in u ? u.error : 'ok'}; cake: ${'error' in c ? c.error : 'ok'}` };
        // A report without the workflow behind it earns nothing.
        if (post.busd === pre.busd) return { pass: false, detail: 'nothing was swapped into BUSD' };
        return { pass: u.value === pre.usdt && c.value === pre.cake, detail: `reported ${u.value} / ${c.value}, chain ${pre.usdt} / ${pre.cake}` };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted BUSD',
      weight: 35,
      verify: (ctx) => sale(ctx, ctx.env.USDT!, ctx.params.amount_usdt, 'USDT'),
    },
    {
      name: 'sold exactly the requested CAKE for the quoted BUSD',
      weight: 35,
      verify: (ctx) => sale(ctx, ctx.env.CAKE!, ctx.params.amount_cake, 'CAKE'),
    },
    {
      name: 'both minimum outputs respect the slippage limit',
      weight: 10,
      verify: ({ txs, env, agent, params }) => {
        const parts: string[] = [];
        let pass = true;
        for (const [s, amount] of [
          [swapOf(txs, env, agent, env.USDT!), params.amount_usdt],
          [swapOf(txs, env, agent, env.CAKE!), params.amount_cake],
        ] as const) {
          const min = s && minOut(s.tx.data);
          if (!s || min === undefined || s.sold !== parseEther(amount)) return { pass: false, detail: 'a swap of the requested amount is missing or not an exact-input token swap' };
          const f = (s.got * BigInt(100 - params.slippage)) / 100n;
          const floor = f - f / 200n;
          pass &&= min > 0n && min >= floor;
          parts.push(`amountOutMin ${min}, floor ${floor}`);
        }
        return { pass, detail: parts.join('; ') };
      },
    },
    {
      name: 'reported the final BUSD balance',
      weight: 10,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'busd'));
        if ('error' in a) return { pass: false, detail: `busd: ${a.error}` };
        if (post.busd === pre.busd) return { pass: false, detail: 'the BUSD balance did not change' };
        return compareAmount('reported BUSD', a.value, post.busd, { symbol: 'BUSD' });
      },
    },
  ],
});
