import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, parseUintAnswer, sendAs, setTokenBalance, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount_usdt: string; slippage: number; start_usdt: string; prior_stake: string; staked_after: string };
type State = { usdt: bigint; cake: bigint; staked: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };
type Env = Record<string, Address>;

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)', 'function stake(uint256)']);
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

/** The USDT → CAKE swap: the successful transaction that took USDT from the wallet and paid it CAKE. */
function theSwap(txs: Sent[] | undefined, env: Env, agent: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, env.USDT!, agent) > 0n && moved(t.receipt, env.CAKE!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, env.USDT!, agent), got: moved(s.receipt, env.CAKE!, undefined, agent) };
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results: give it the stake a direct swap leaves.
  derive: async ({ chain, env, agent, params }) => {
    const out = await chain.public.readContract({ address: env.router!, abi: ROUTER, functionName: 'getAmountsOut', args: [parseEther(params.amount_usdt), [env.USDT!, env.CAKE!]] });
    const staked = await chain.public.readContract({ address: env.simple_staking!, abi: STAKING, functionName: 'stakedOf', args: [agent] });
    return { staked_after: (staked + parseEther(params.prior_stake) + out[1]!).toString() };
  },
  // A per-instance USDT balance and an existing stake make both queries necessary; the standing
  // allowances would make both approvals pointless, so they are removed.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.USDT!, agent, parseEther(params.start_usdt));
    await sendAs(chain, agent, env.simple_staking!, encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [parseEther(params.prior_stake)] }));
    await sendAs(chain, agent, env.USDT!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
    await sendAs(chain, agent, env.CAKE!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.simple_staking!, 0n] }));
  },
  observe: async ({ chain, env, agent }) => ({
    usdt: await balanceOf(chain, env.USDT!, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
    staked: await chain.readContract({ address: env.simple_staking!, abi: STAKING, functionName: 'stakedOf', args: [agent] }),
  }),
  checks: [
    {
      name: 'reported the starting USDT balance',
      weight: 5,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'usdtBefore'));
        if ('error' in a) return { pass: false, detail: `usdtBefore: ${a.error}` };
        // A report without the workflow behind it earns nothing.
        if (post.usdt === pre.usdt) return { pass: false, detail: 'no USDT was swapped' };
        return compareAmount('usdtBefore', a.value, pre.usdt, { symbol: 'USDT' });
      },
    },
    {
      name: 'router approved for the USDT',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const allowance = granted(txs, env.USDT!, agent, env.router!);
        return { pass: allowance >= parseEther(params.amount_usdt), detail: `approved ${allowance}` };
      },
    },
    {
      name: 'swapped exactly the requested USDT for the quoted CAKE',
      weight: 25,
      verify: async ({ txs, env, agent, params, chain, pre, post }) => {
        const s = theSwap(txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful USDT → CAKE swap' };
        const want = parseEther(params.amount_usdt);
        if (s.sold !== want || pre.usdt - post.usdt !== want) return { pass: false, detail: `sold ${s.sold} (wallet change ${pre.usdt - post.usdt}), requested ${want}` };
        const quote = await bestQuote(chain, env, want, env.USDT!, env.CAKE!, s.receipt.blockNumber - 1n);
        return compareAmount('CAKE received', s.got, quote, { rel: 0.01, symbol: 'CAKE' });
      },
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.amount_usdt)) return { pass: false, detail: 'no swap of the requested amount' };
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
      name: 'simple_staking approved for the swapped CAKE',
      weight: 5,
      verify: ({ txs, env, agent }) => {
        const s = theSwap(txs, env, agent);
        const allowance = granted(txs, env.CAKE!, agent, env.simple_staking!);
        return { pass: !!s && allowance >= s.got, detail: `approved ${allowance}, swap returned ${s?.got ?? 0n}` };
      },
    },
    {
      name: 'staked exactly the CAKE the requested swap returned',
      weight: 45,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.amount_usdt)) return { pass: false, detail: 'no swap of the requested amount' };
        return compareAmount('stake change', post.staked - pre.staked, s.got, { symbol: 'CAKE' });
      },
    },
    {
      name: 'reported the final stake',
      weight: 10,
      verify: ({ answer, post, pre }) => {
        const a = parseUintAnswer(field(answer, 'stakedAfter'));
        if ('error' in a) return { pass: false, detail: `stakedAfter: ${a.error}` };
        if (post.staked === pre.staked) return { pass: false, detail: 'nothing was staked' };
        return compareAmount('stakedAfter', a.value, post.staked, { symbol: 'CAKE' });
      },
    },
  ],
});
