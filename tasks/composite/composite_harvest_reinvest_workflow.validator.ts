import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type PublicClient, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, selectorOf, sendAs, type SentTransaction } from 'evm-questbench/validators';

type Params = { swap_amount: string; slippage: number; idle_seconds: number };
type State = { poolStake: bigint; lp: bigint; staked: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };
type Env = Record<string, Address>;

const POOL = parseAbi(['function stakedOf(address) view returns (uint256)', 'event Harvested(address indexed user, uint256 reward)']);
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

/** CAKE paid by the first harvest() call (an explicit harvest, not a payout inside another call). */
function harvested(txs: Sent[] | undefined, env: Env, agent: Address): bigint | undefined {
  const t = succeeded(txs).find((x) => isAddressEqual(x.tx.to, env.simple_reward_pool!) && x.tx.data.startsWith(selectorOf('harvest()')));
  if (!t) return undefined;
  const paid = parseEventLogs({ abi: POOL, eventName: 'Harvested', logs: t.receipt.logs })
    .filter((l) => isAddressEqual(l.address, env.simple_reward_pool!) && isAddressEqual(l.args.user, agent))
    .reduce((s, l) => s + l.args.reward, 0n);
  return paid > 0n ? paid : undefined;
}

/** The CAKE → USDT sale: the one successful transaction that took CAKE from the wallet and paid it USDT. */
function theSwap(txs: Sent[] | undefined, env: Env, agent: Address) {
  const swaps = succeeded(txs).filter((t) => moved(t.receipt, env.CAKE!, agent) > 0n && moved(t.receipt, env.USDT!, undefined, agent) > 0n);
  if (swaps.length !== 1) return undefined;
  const s = swaps[0]!;
  return { ...s, sold: moved(s.receipt, env.CAKE!, agent), got: moved(s.receipt, env.USDT!, undefined, agent) };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing CAKE allowances would make both approvals pointless; letting the stake accrue for a
  // while first makes the harvest comfortably larger than the amount to sell.
  setup: async ({ chain, env, agent, params }) => {
    for (const spender of [env.router!, env.simple_staking!]) {
      await sendAs(chain, agent, env.CAKE!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] }));
    }
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    await chain.test.setNextBlockTimestamp({ timestamp: head.timestamp + BigInt(params.idle_seconds) });
    await chain.test.mine({ blocks: 1 });
  },
  observe: async ({ chain, env, agent }) => ({
    poolStake: await chain.readContract({ address: env.simple_reward_pool!, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent),
    staked: await chain.readContract({ address: env.simple_staking!, abi: POOL, functionName: 'stakedOf', args: [agent] }),
  }),
  checks: [
    {
      name: 'rewards harvested, LP left staked',
      weight: 20,
      verify: ({ txs, env, agent, pre, post }) => {
        const h = harvested(txs, env, agent);
        const pass = h !== undefined && post.poolStake === pre.poolStake && post.lp === pre.lp;
        return { pass, detail: `harvest paid ${h === undefined ? 'nothing' : `${fmt(h)} CAKE`}, pool stake ${fmt(pre.poolStake)} → ${fmt(post.poolStake)}` };
      },
    },
    {
      name: 'router approved for the CAKE to sell',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const allowance = granted(txs, env.CAKE!, agent, env.router!);
        return { pass: allowance >= parseEther(params.swap_amount), detail: `approved ${fmt(allowance)} CAKE` };
      },
    },
    {
      name: 'sold exactly the requested CAKE for the quoted USDT',
      weight: 20,
      verify: async ({ txs, env, agent, params, chain }) => {
        const s = theSwap(txs, env, agent);
        if (!s) return { pass: false, detail: 'expected exactly one successful CAKE → USDT swap' };
        const want = parseEther(params.swap_amount);
        if (s.sold !== want) return { pass: false, detail: `sold ${fmt(s.sold)} CAKE, requested ${params.swap_amount}` };
        const quote = await bestQuote(chain, env, want, env.CAKE!, env.USDT!, s.receipt.blockNumber - 1n);
        return compareAmount('USDT received', s.got, quote, { rel: 0.01, symbol: 'USDT' });
      },
    },
    {
      name: 'swap minimum output respects the slippage limit',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.swap_amount)) return { pass: false, detail: 'no swap of the requested amount' };
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
      name: 'simple_staking approved for the rest of the harvest',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const h = harvested(txs, env, agent);
        const rest = h === undefined ? undefined : h - parseEther(params.swap_amount);
        const allowance = granted(txs, env.CAKE!, agent, env.simple_staking!);
        return { pass: rest !== undefined && rest > 0n && allowance >= rest, detail: `approved ${fmt(allowance)} CAKE, rest of the harvest ${rest === undefined ? '-' : fmt(rest)}` };
      },
    },
    {
      name: 'staked exactly the harvest minus the CAKE sold',
      weight: 45,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const h = harvested(txs, env, agent);
        if (h === undefined) return { pass: false, detail: 'nothing was harvested' };
        // The rest only means something after the requested sale.
        const s = theSwap(txs, env, agent);
        if (!s || s.sold !== parseEther(params.swap_amount)) return { pass: false, detail: 'no sale of the requested CAKE' };
        return compareAmount('stake change', post.staked - pre.staked, h - parseEther(params.swap_amount), { symbol: 'CAKE' });
      },
    },
  ],
});
