import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, zeroAddress, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, sendAs, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount: string };
type State = { lp: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };
type Env = Record<string, Address>;

const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);

/** Halving a formatted amount by hand may be off in the last digits; anything else is a wrong split. */
const SPLIT = { rel: 0.000001 };

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

/** The three steps as they happened: BNB → USDT, half the USDT → BUSD, and the deposit. */
function steps(txs: Sent[] | undefined, env: Env, agent: Address) {
  const lp = env.pair_USDT_BUSD!;
  const ok = succeeded(txs);
  const adds = ok.filter((t) => moved(t.receipt, lp, zeroAddress, agent) > 0n);
  const bnbSwaps = ok.filter((t) => isAddressEqual(t.tx.to, env.router!) && t.tx.value > 0n && moved(t.receipt, env.USDT!, undefined, agent) > 0n);
  const usdtSwaps = ok.filter((t) => !adds.includes(t) && moved(t.receipt, env.USDT!, agent) > 0n && moved(t.receipt, env.BUSD!, undefined, agent) > 0n);
  const bnb = bnbSwaps.length === 1 ? { ...bnbSwaps[0]!, got: moved(bnbSwaps[0]!.receipt, env.USDT!, undefined, agent) } : undefined;
  const usdt = usdtSwaps.length === 1 ? { ...usdtSwaps[0]!, sold: moved(usdtSwaps[0]!.receipt, env.USDT!, agent), got: moved(usdtSwaps[0]!.receipt, env.BUSD!, undefined, agent) } : undefined;
  const add =
    adds.length === 1
      ? { ...adds[0]!, minted: moved(adds[0]!.receipt, lp, zeroAddress, agent), usdt: moved(adds[0]!.receipt, env.USDT!, agent, lp), busd: moved(adds[0]!.receipt, env.BUSD!, agent, lp) }
      : undefined;
  return { bnb, usdt, add };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing allowances would make all three approvals pointless: take them away.
  setup: async ({ chain, env, agent }) => {
    for (const token of [env.USDT!, env.BUSD!]) {
      await sendAs(chain, agent, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
    }
  },
  observe: async ({ chain, env, agent }) => ({ lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent) }),
  checks: [
    {
      name: 'sold exactly the requested BNB for the quoted USDT',
      weight: 15,
      verify: async ({ txs, env, agent, params, chain }) => {
        const { bnb } = steps(txs, env, agent);
        if (!bnb) return { pass: false, detail: 'expected exactly one successful BNB → USDT swap through the router' };
        const want = parseEther(params.amount);
        if (bnb.tx.value !== want) return { pass: false, detail: `sent ${fmt(bnb.tx.value)} BNB, requested ${params.amount}` };
        const quote = await bestQuote(chain, env, want, env.WBNB!, env.USDT!, bnb.receipt.blockNumber - 1n);
        return compareAmount('USDT received', bnb.got, quote, { rel: 0.01, symbol: 'USDT' });
      },
    },
    {
      name: 'router approved for the USDT and the BUSD it used',
      weight: 10,
      verify: ({ txs, env, agent }) => {
        const { usdt, add } = steps(txs, env, agent);
        if (!usdt || !add) return { pass: false, detail: 'the swap or the deposit is missing' };
        const u = granted(txs, env.USDT!, agent, env.router!);
        const b = granted(txs, env.BUSD!, agent, env.router!);
        const pass = u >= usdt.sold && u >= add.usdt && b >= add.busd;
        return { pass, detail: `approved up to ${fmt(u)} USDT and ${fmt(b)} BUSD` };
      },
    },
    {
      name: 'swapped half of that USDT for the quoted BUSD',
      weight: 20,
      verify: async ({ txs, env, agent, params, chain }) => {
        const { bnb, usdt } = steps(txs, env, agent);
        if (!bnb || !usdt) return { pass: false, detail: 'expected one BNB → USDT and one USDT → BUSD swap' };
        if (bnb.tx.value !== parseEther(params.amount)) return { pass: false, detail: `the first swap sold ${fmt(bnb.tx.value)} BNB, not ${params.amount}` };
        const half = compareAmount('USDT sold', usdt.sold, bnb.got / 2n, { ...SPLIT, symbol: 'USDT' });
        if (!half.pass) return half;
        const quote = await bestQuote(chain, env, usdt.sold, env.USDT!, env.BUSD!, usdt.receipt.blockNumber - 1n);
        return compareAmount('BUSD received', usdt.got, quote, { rel: 0.01, symbol: 'BUSD' });
      },
    },
    {
      // With the other USDT half and all the BUSD offered, the router takes what the pool ratio allows.
      name: 'deposited the other USDT half and the swapped BUSD',
      weight: 45,
      verify: async ({ txs, env, agent, params, chain }) => {
        const { bnb, usdt, add } = steps(txs, env, agent);
        if (!bnb || !usdt || !add) return { pass: false, detail: 'expected the two swaps and one USDT/BUSD deposit' };
        if (bnb.tx.value !== parseEther(params.amount)) return { pass: false, detail: `the first swap sold ${fmt(bnb.tx.value)} BNB, not ${params.amount}` };
        const half = compareAmount('USDT swapped', usdt.sold, bnb.got / 2n, SPLIT);
        if (!half.pass) return { pass: false, detail: `not a half split: ${half.detail}` };
        const pair = env.pair_USDT_BUSD!;
        const at = add.receipt.blockNumber - 1n;
        const rU = await chain.readContract({ address: env.USDT!, abi: erc20Abi, functionName: 'balanceOf', args: [pair], blockNumber: at });
        const rB = await chain.readContract({ address: env.BUSD!, abi: erc20Abi, functionName: 'balanceOf', args: [pair], blockNumber: at });
        const wantU = bnb.got - usdt.sold;
        const wantB = usdt.got;
        const bForU = (wantU * rB) / rU;
        const [expU, expB] = bForU <= wantB ? [wantU, bForU] : [(wantB * rU) / rB, wantB];
        const u = compareAmount('USDT deposited', add.usdt, expU, { rel: 0.0001, symbol: 'USDT' });
        const b = compareAmount('BUSD deposited', add.busd, expB, { rel: 0.0001, symbol: 'BUSD' });
        return { pass: u.pass && b.pass, detail: `${u.detail}; ${b.detail}` };
      },
    },
    {
      name: 'the new LP is in the wallet',
      weight: 10,
      verify: ({ txs, env, agent, pre, post }) => {
        const { add } = steps(txs, env, agent);
        if (!add) return { pass: false, detail: 'no deposit' };
        return compareAmount('LP gained', post.lp - pre.lp, add.minted, { symbol: 'LP' });
      },
    },
  ],
});
