import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, parseUintAnswer, sendAs, setTokenBalance, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount: string; slippage: number; start_busd: string; busd_after: string };
type State = { busd: bigint };
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

/** Highest allowance the owner granted the spender in any successful transaction (Approval events). */
function granted(txs: Sent[] | undefined, token: Address, owner: Address, spender: Address): bigint {
  let best = 0n;
  for (const t of succeeded(txs)) {
    for (const l of parseEventLogs({ abi: erc20Abi, eventName: 'Approval', logs: t.receipt.logs })) {
      if (isAddressEqual(l.address, token) && isAddressEqual(l.args.owner, owner) && isAddressEqual(l.args.spender, spender) && l.args.value > best) best = l.args.value;
    }
  }
  return best;
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

/** The one successful transaction that took `sell` from the wallet and paid it `buy`. */
function swapOf(txs: Sent[] | undefined, agent: Address, sell: Address, buy: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, sell, agent) > 0n && moved(t.receipt, buy, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, sell, agent), got: moved(s.receipt, buy, undefined, agent) };
}

function minOut(data: `0x${string}`): bigint | undefined {
  try {
    return decodeFunctionData({ abi: ROUTER, data }).args[1] as bigint;
  } catch {
    return undefined;
  }
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results. Its CAKE goes through WBNB, whose pools the
  // first swap leaves alone, so today's quotes give its final balance.
  derive: async ({ chain, env, params }) => {
    const quote = (amountIn: bigint, path: Address[]) =>
      chain.public.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }).then((o) => o[o.length - 1]!);
    const cake = await quote(parseEther(params.amount), [env.USDT!, env.CAKE!]);
    const busd = await quote(cake, [env.CAKE!, env.WBNB!, env.BUSD!]);
    return { busd_after: (parseEther(params.start_busd) + busd).toString() };
  },
  // A per-instance BUSD balance makes the final query necessary; the standing allowances would make
  // both approvals pointless, so they are removed.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.BUSD!, agent, parseEther(params.start_busd));
    for (const token of [env.USDT!, env.CAKE!]) {
      await sendAs(chain, agent, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
    }
  },
  observe: async ({ chain, env, agent }) => ({ busd: await balanceOf(chain, env.BUSD!, agent) }),
  checks: [
    {
      name: 'router approved for the USDT',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const allowance = granted(txs, env.USDT!, agent, env.router!);
        return { pass: allowance >= parseEther(params.amount), detail: `approved ${fmt(allowance)} USDT` };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted CAKE',
      weight: 20,
      verify: async ({ txs, env, agent, params, chain }) => {
        const s = swapOf(txs, agent, env.USDT!, env.CAKE!);
        if (!s) return { pass: false, detail: 'expected exactly one successful USDT → CAKE swap' };
        const want = parseEther(params.amount);
        if (s.sold !== want) return { pass: false, detail: `sold ${fmt(s.sold)} USDT, requested ${params.amount}` };
        const quote = await bestQuote(chain, env, want, env.USDT!, env.CAKE!, s.receipt.blockNumber - 1n);
        return compareAmount('CAKE received', s.got, quote, { rel: 0.01, symbol: 'CAKE' });
      },
    },
    {
      name: 'router approved for the CAKE received',
      weight: 5,
      verify: ({ txs, env, agent }) => {
        const s = swapOf(txs, agent, env.USDT!, env.CAKE!);
        const allowance = granted(txs, env.CAKE!, agent, env.router!);
        return { pass: !!s && allowance >= s.got, detail: `approved ${fmt(allowance)} CAKE, first swap returned ${fmt(s?.got ?? 0n)}` };
      },
    },
    {
      name: 'sold exactly the CAKE the requested USDT bought for the quoted BUSD',
      weight: 45,
      verify: async ({ txs, env, agent, params, chain }) => {
        const first = swapOf(txs, agent, env.USDT!, env.CAKE!);
        const s = swapOf(txs, agent, env.CAKE!, env.BUSD!);
        if (!first || !s) return { pass: false, detail: 'expected one USDT → CAKE and one CAKE → BUSD swap' };
        if (first.sold !== parseEther(params.amount)) return { pass: false, detail: `the first swap sold ${fmt(first.sold)} USDT, not ${params.amount}` };
        if (s.sold !== first.got) return { pass: false, detail: `sold ${fmt(s.sold)} CAKE, the first swap returned ${fmt(first.got)}` };
        const quote = await bestQuote(chain, env, s.sold, env.CAKE!, env.BUSD!, s.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      name: 'both minimum outputs respect the slippage limit',
      weight: 10,
      verify: ({ txs, env, agent, params }) => {
        const parts: string[] = [];
        let pass = true;
        for (const s of [swapOf(txs, agent, env.USDT!, env.CAKE!), swapOf(txs, agent, env.CAKE!, env.BUSD!)]) {
          const min = s && minOut(s.tx.data);
          if (!s || min === undefined) return { pass: false, detail: 'missing or not an exact-input token swap' };
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
      weight: 15,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'busd'));
        if ('error' in a) return { pass: false, detail: `busd: ${a.error}` };
        if (post.busd === pre.busd) return { pass: false, detail: 'the BUSD balance did not change' };
        return compareAmount('reported BUSD', a.value, post.busd, { symbol: 'BUSD' });
      },
    },
  ],
});
