import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, zeroAddress, type Address, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, parseUintAnswer, sendAs, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount: string; slippage: number; prior_stake: string; staked_after: string };
type State = { lp: bigint; staked: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)', 'function stake(uint256)']);
const ROUTER = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
]);

const succeeded = (txs?: Sent[]) => (txs ?? []).filter((t) => t.receipt.status === 'success');

/** Sum of a token's Transfer values in one receipt, filtered by sender and recipient. */
function moved(receipt: TransactionReceipt, token: Address, from: Address, to: Address): bigint {
  return parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
    .filter((l) => isAddressEqual(l.address, token) && isAddressEqual(l.args.from, from) && isAddressEqual(l.args.to, to))
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

/**
 * The liquidity deposit: the transactions that minted USDT/BUSD LP to the wallet, with what went in.
 * The pool is balanced, so at most the requested amount of each goes in and the limiting side goes in whole.
 */
function deposit(txs: Sent[] | undefined, env: Record<string, Address>, agent: Address, amount: string) {
  const lp = env.pair_USDT_BUSD!;
  const adds = succeeded(txs).filter((t) => moved(t.receipt, lp, zeroAddress, agent) > 0n);
  const sum = (f: (r: TransactionReceipt) => bigint) => adds.reduce((s, t) => s + f(t.receipt), 0n);
  const minted = sum((r) => moved(r, lp, zeroAddress, agent));
  const usdt = sum((r) => moved(r, env.USDT!, agent, lp));
  const busd = sum((r) => moved(r, env.BUSD!, agent, lp));
  const want = parseEther(amount);
  const ok = minted > 0n && usdt <= want && busd <= want && (usdt > busd ? usdt : busd) === want;
  return { adds, minted, usdt, busd, ok };
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results: simulate the deposit for its answer.
  derive: async ({ chain, env, agent, params }) => {
    const a = parseEther(params.amount);
    const { result } = await chain.public.simulateContract({
      account: agent,
      address: env.router!,
      abi: ROUTER,
      functionName: 'addLiquidity',
      args: [env.USDT!, env.BUSD!, a, a, 0n, 0n, agent, 4_000_000_000n],
    });
    const staked = await chain.public.readContract({ address: env.simple_lp_staking!, abi: STAKING, functionName: 'stakedOf', args: [agent] });
    return { staked_after: (staked + parseEther(params.prior_stake) + result[2]).toString() };
  },
  // An existing stake makes the final query necessary; the standing allowances would make all three
  // approvals pointless, so they are removed.
  setup: async ({ chain, env, agent, params }) => {
    await sendAs(chain, agent, env.simple_lp_staking!, encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [parseEther(params.prior_stake)] }));
    const revoke = (token: Address, spender: Address) => sendAs(chain, agent, token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, 0n] }));
    await revoke(env.USDT!, env.router!);
    await revoke(env.BUSD!, env.router!);
    await revoke(env.pair_USDT_BUSD!, env.simple_lp_staking!);
  },
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent),
    staked: await chain.readContract({ address: env.simple_lp_staking!, abi: STAKING, functionName: 'stakedOf', args: [agent] }),
  }),
  checks: [
    {
      name: 'router approved for the USDT and the BUSD',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const want = parseEther(params.amount);
        const usdt = granted(txs, env.USDT!, agent, env.router!);
        const busd = granted(txs, env.BUSD!, agent, env.router!);
        return { pass: usdt >= want && busd >= want, detail: `approved ${fmt(usdt)} USDT and ${fmt(busd)} BUSD` };
      },
    },
    {
      name: 'liquidity added with the requested USDT and BUSD',
      weight: 25,
      verify: ({ txs, env, agent, params }) => {
        const d = deposit(txs, env, agent, params.amount);
        return { pass: d.ok, detail: `deposited ${fmt(d.usdt)} USDT and ${fmt(d.busd)} BUSD for ${fmt(d.minted)} LP (requested ${params.amount} each)` };
      },
    },
    {
      name: 'deposit minimums respect the slippage limit',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const add = deposit(txs, env, agent, params.amount).adds[0];
        if (!add) return { pass: false, detail: 'no liquidity deposit' };
        let mins: bigint[];
        try {
          const { args } = decodeFunctionData({ abi: ROUTER, data: add.tx.data });
          mins = [args[4], args[5]];
        } catch {
          return { pass: false, detail: 'the deposit was not an addLiquidity call' };
        }
        const f = (parseEther(params.amount) * BigInt(100 - params.slippage)) / 100n;
        const floor = f - f / 200n;
        return { pass: mins.every((m) => m > 0n && m >= floor), detail: `minimums ${mins.join(', ')}, floor ${floor}` };
      },
    },
    {
      name: 'simple_lp_staking approved for the new LP',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const minted = deposit(txs, env, agent, params.amount).minted;
        const allowance = granted(txs, env.pair_USDT_BUSD!, agent, env.simple_lp_staking!);
        return { pass: minted > 0n && allowance >= minted, detail: `approved ${fmt(allowance)} LP, minted ${fmt(minted)}` };
      },
    },
    {
      name: 'exactly the LP from the requested deposit is staked, older LP kept',
      weight: 45,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const d = deposit(txs, env, agent, params.amount);
        if (!d.ok) return { pass: false, detail: 'no deposit of the requested amounts' };
        const r = compareAmount('stake change', post.staked - pre.staked, d.minted, { symbol: 'LP' });
        return { pass: r.pass && post.lp === pre.lp, detail: `${r.detail}; wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}` };
      },
    },
    {
      name: 'reported the total stake',
      weight: 15,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'staked'));
        if ('error' in a) return { pass: false, detail: `staked: ${a.error}` };
        if (post.staked === pre.staked) return { pass: false, detail: 'nothing was staked' };
        return compareAmount('reported stake', a.value, post.staked, { symbol: 'LP' });
      },
    },
  ],
});
