import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { compareAmount, defineValidator, fmt, nativeBalance, sendAs, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount_bnb: string };
type State = { bnb: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };
type Env = Record<string, Address>;

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);

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

/** The BNB sale: the one successful router call carrying BNB that paid the wallet USDT. */
function bnbSwap(txs: Sent[] | undefined, env: Env, agent: Address) {
  const swaps = succeeded(txs).filter((t) => isAddressEqual(t.tx.to, env.router!) && t.tx.value > 0n && moved(t.receipt, env.USDT!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  return { ...swaps[0]!, got: moved(swaps[0]!.receipt, env.USDT!, undefined, agent) };
}

/** The USDT sale: the one successful transaction that took USDT from the wallet and paid it BUSD. */
function usdtSwap(txs: Sent[] | undefined, env: Env, agent: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, env.USDT!, agent) > 0n && moved(t.receipt, env.BUSD!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, env.USDT!, agent), got: moved(s.receipt, env.BUSD!, undefined, agent) };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing USDT allowance would make the approval pointless: take it away.
  setup: async ({ chain, env, agent }) => {
    await sendAs(chain, agent, env.USDT!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
  },
  observe: async ({ chain, agent }) => ({ bnb: await nativeBalance(chain, agent) }),
  checks: [
    {
      name: 'sold exactly the requested BNB for the quoted USDT',
      weight: 25,
      verify: async ({ txs, env, agent, params, chain }) => {
        const s = bnbSwap(txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful BNB → USDT swap through the router' };
        const want = parseEther(params.amount_bnb);
        if (s.tx.value !== want) return { pass: false, detail: `sent ${fmt(s.tx.value)} BNB, requested ${params.amount_bnb}` };
        const quote = await bestQuote(chain, env, want, env.WBNB!, env.USDT!, s.receipt.blockNumber - 1n);
        return compareAmount('USDT received', s.got, quote, { rel: 0.01, symbol: 'USDT' });
      },
    },
    {
      name: 'router approved for the USDT received',
      weight: 10,
      verify: ({ txs, env, agent }) => {
        const s = bnbSwap(txs, env, agent);
        const allowance = granted(txs, env.USDT!, agent, env.router!);
        return { pass: !!s && allowance >= s.got, detail: `approved ${fmt(allowance)} USDT, first swap returned ${fmt(s?.got ?? 0n)}` };
      },
    },
    {
      name: 'sold exactly the USDT the requested BNB bought for the quoted BUSD',
      weight: 50,
      verify: async ({ txs, env, agent, params, chain }) => {
        const first = bnbSwap(txs, env, agent);
        const s = usdtSwap(txs, env, agent);
        if (!first || !s) return { pass: false, detail: 'expected one BNB → USDT and one USDT → BUSD swap' };
        if (first.tx.value !== parseEther(params.amount_bnb)) return { pass: false, detail: `the first swap sold ${fmt(first.tx.value)} BNB, not ${params.amount_bnb}` };
        if (s.sold !== first.got) return { pass: false, detail: `sold ${fmt(s.sold)} USDT, the first swap returned ${fmt(first.got)}` };
        const quote = await bestQuote(chain, env, s.sold, env.USDT!, env.BUSD!, s.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', s.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      name: 'BNB spent is the requested amount plus gas',
      weight: 15,
      verify: ({ txs, params, pre, post }) => {
        const gas = (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);
        return compareAmount('BNB spent apart from gas', pre.bnb - post.bnb - gas, parseEther(params.amount_bnb), { symbol: 'BNB' });
      },
    },
  ],
});
