import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, parseUintAnswer, sendAs, setTokenBalance, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount: string; slippage: number; start_busd: string; quote: string; busd_after: string };
type State = { busd: bigint; quote: bigint };
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

/** The one successful transaction that took USDT from the wallet and paid it BUSD. */
function theSwap(txs: Sent[] | undefined, env: Env, agent: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, env.USDT!, agent) > 0n && moved(t.receipt, env.BUSD!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, env.USDT!, agent), got: moved(s.receipt, env.BUSD!, undefined, agent) };
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

const directQuote = (chain: PublicClient, env: Env, amount: string) =>
  chain.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(amount), [env.USDT!, env.BUSD!]] }).then((o) => o[1]!);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results: give it today's quote and the balance it leaves.
  derive: async ({ chain, env, params }) => {
    const quote = await directQuote(chain.public, env, params.amount);
    return { quote: quote.toString(), busd_after: (parseEther(params.start_busd) + quote).toString() };
  },
  // A per-instance BUSD balance makes the final query necessary; without the standing allowance the
  // allowance check finds nothing and the approval is needed.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.BUSD!, agent, parseEther(params.start_busd));
    await sendAs(chain, agent, env.USDT!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, env, agent, params }) => ({ busd: await balanceOf(chain, env.BUSD!, agent), quote: await directQuote(chain, env, params.amount) }),
  checks: [
    {
      // Working the constant-product formula by hand may round or use a slightly different fee.
      name: 'reported the output the reserves imply',
      weight: 15,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'expectedOut'));
        if ('error' in a) return { pass: false, detail: `expectedOut: ${a.error}` };
        // A report without the workflow behind it earns nothing.
        if (post.busd === pre.busd) return { pass: false, detail: 'no swap happened' };
        return compareAmount('expectedOut', a.value, pre.quote, { rel: 0.005, symbol: 'BUSD' });
      },
    },
    {
      name: 'router approved for the USDT',
      weight: 10,
      verify: ({ txs, env, agent, params }) => {
        const allowance = granted(txs, env.USDT!, agent, env.router!);
        return { pass: allowance >= parseEther(params.amount), detail: `approved ${fmt(allowance)} USDT` };
      },
    },
    {
      name: 'sold exactly the requested USDT for the quoted BUSD',
      weight: 40,
      verify: async ({ txs, env, agent, params, chain }) => {
        const s = theSwap(txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful USDT → BUSD swap' };
        const want = parseEther(params.amount);
        if (s.sold !== want) return { pass: false, detail: `sold ${fmt(s.sold)} USDT, requested ${params.amount}` };
        const quote = await bestQuote(chain, env, want, env.USDT!, env.BUSD!, s.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 15,
      verify: ({ txs, env, agent, params }) => {
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.amount)) return { pass: false, detail: 'no swap of the requested amount' };
        let min: bigint;
        try {
          min = decodeFunctionData({ abi: ROUTER, data: s.tx.data }).args[1] as bigint;
        } catch {
          return { pass: false, detail: 'the swap was not an exact-input token swap' };
        }
        const f = (s.got * BigInt(100 - params.slippage)) / 100n;
        const floor = f - f / 200n;
        return { pass: min > 0n && min >= floor, detail: `amountOutMin ${min}, floor ${floor}` };
      },
    },
    {
      name: 'reported the final BUSD balance',
      weight: 20,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'busd'));
        if ('error' in a) return { pass: false, detail: `busd: ${a.error}` };
        if (post.busd === pre.busd) return { pass: false, detail: 'the BUSD balance did not change' };
        return compareAmount('reported BUSD', a.value, post.busd, { symbol: 'BUSD' });
      },
    },
  ],
});
