import { encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, parseEventLogs, type Address, type TransactionReceipt } from 'viem';
import { balanceOf, compareAmount, defineValidator, fmt, nativeBalance, parseUintAnswer, sendAs, type SentTransaction } from 'evm-questbench/validators';

type Params = { pool: Address; start_bnb: string; bnb_without_gas: string };
type State = { staked: bigint; lp: bigint; usdt: bigint; busd: bigint; cake: bigint; wbnb: bigint; bnb: bigint; poolUsdt: bigint; poolBusd: bigint; supply: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };

const POOL = parseAbi(['function stakedOf(address) view returns (uint256)', 'event EmergencyWithdrawn(address indexed user, uint256 amount)']);

const succeeded = (txs?: Sent[]) => (txs ?? []).filter((t) => t.receipt.status === 'success');

/** Sum of a token's Transfer values over successful receipts, filtered by sender and recipient. */
function moved(txs: Sent[] | undefined, token: Address, from: Address, to: Address): bigint {
  let sum = 0n;
  for (const t of succeeded(txs)) {
    for (const l of parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: t.receipt.logs })) {
      if (isAddressEqual(l.address, token) && isAddressEqual(l.args.from, from) && isAddressEqual(l.args.to, to)) sum += l.args.value;
    }
  }
  return sum;
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

function emergencyExits(txs: Sent[] | undefined, pool: Address, agent: Address): bigint {
  let sum = 0n;
  for (const t of succeeded(txs)) {
    for (const l of parseEventLogs({ abi: POOL, eventName: 'EmergencyWithdrawn', logs: t.receipt.logs })) {
      if (isAddressEqual(l.address, pool) && isAddressEqual(l.args.user, agent)) sum += l.args.amount;
    }
  }
  return sum;
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  derive: async ({ chain, env, agent, params }) => ({
    bnb_without_gas: (parseEther(params.start_bnb) + (await balanceOf(chain.public, env.WBNB!, agent))).toString(),
  }),
  // The standing LP allowance would make the approval pointless; a per-instance BNB balance makes the
  // final query necessary.
  setup: async ({ chain, env, agent, params }) => {
    await sendAs(chain, agent, env.pair_USDT_BUSD!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [env.router!, 0n] }));
    await chain.test.setBalance({ address: agent, value: parseEther(params.start_bnb) });
  },
  observe: async ({ chain, env, agent, params }) => ({
    staked: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent),
    usdt: await balanceOf(chain, env.USDT!, agent),
    busd: await balanceOf(chain, env.BUSD!, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
    wbnb: await balanceOf(chain, env.WBNB!, agent),
    bnb: await nativeBalance(chain, agent),
    poolUsdt: await balanceOf(chain, env.USDT!, env.pair_USDT_BUSD!),
    poolBusd: await balanceOf(chain, env.BUSD!, env.pair_USDT_BUSD!),
    supply: await chain.readContract({ address: env.pair_USDT_BUSD!, abi: erc20Abi, functionName: 'totalSupply' }),
  }),
  checks: [
    {
      // A regular withdraw would also empty the stake but pay CAKE; the request is the emergency exit.
      name: 'whole stake recovered with the emergency withdrawal',
      weight: 20,
      verify: ({ txs, params, agent, pre, post }) => {
        const exited = emergencyExits(txs, params.pool, agent);
        const pass = pre.staked > 0n && exited === pre.staked && post.staked === 0n && post.cake === pre.cake;
        return { pass, detail: `emergency-withdrawn ${fmt(exited)} of ${fmt(pre.staked)} LP, stake left ${fmt(post.staked)}, CAKE change ${fmt(post.cake - pre.cake)}` };
      },
    },
    {
      name: 'router approved for the recovered LP',
      weight: 5,
      verify: ({ txs, env, agent, pre }) => {
        const allowance = granted(txs, env.pair_USDT_BUSD!, agent, env.router!);
        return { pass: pre.staked > 0n && allowance >= pre.staked, detail: `approved ${fmt(allowance)} LP, recovered ${fmt(pre.staked)}` };
      },
    },
    {
      name: 'exactly the recovered LP was redeemed, older LP kept',
      weight: 30,
      verify: ({ txs, env, agent, pre, post }) => {
        const redeemed = moved(txs, env.pair_USDT_BUSD!, agent, env.pair_USDT_BUSD!);
        const pass = redeemed === pre.staked && post.lp === pre.lp;
        return { pass, detail: `redeemed ${fmt(redeemed)} LP (recovered ${fmt(pre.staked)}), wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}` };
      },
    },
    {
      name: 'USDT and BUSD came back for that LP',
      weight: 15,
      verify: ({ pre, post }) => {
        const usdt = compareAmount('USDT received', post.usdt - pre.usdt, (pre.staked * pre.poolUsdt) / pre.supply, { rel: 0.001, symbol: 'USDT' });
        const busd = compareAmount('BUSD received', post.busd - pre.busd, (pre.staked * pre.poolBusd) / pre.supply, { rel: 0.001, symbol: 'BUSD' });
        return { pass: pre.staked > 0n && usdt.pass && busd.pass, detail: `${usdt.detail}; ${busd.detail}` };
      },
    },
    {
      name: 'all WBNB unwrapped into BNB',
      weight: 15,
      verify: ({ txs, pre, post }) => {
        const gas = (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);
        const pass = pre.wbnb > 0n && post.wbnb === 0n && post.bnb === pre.bnb + pre.wbnb - gas;
        return { pass, detail: `WBNB ${fmt(pre.wbnb)} → ${fmt(post.wbnb)}, BNB ${fmt(pre.bnb)} → ${fmt(post.bnb)} (gas ${fmt(gas)})` };
      },
    },
    {
      // The honest answer is the balance read after the last transaction; a reading that leaves out
      // this episode's gas is within the window too (the scripted reference reports that one).
      name: 'reported the final BNB balance',
      weight: 15,
      verify: ({ answer, txs, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'bnb'));
        if ('error' in a) return { pass: false, detail: `bnb: ${a.error}` };
        if (post.wbnb === pre.wbnb) return { pass: false, detail: 'nothing was unwrapped' };
        const gas = (txs ?? []).reduce((s, t) => s + t.receipt.gasUsed * t.receipt.effectiveGasPrice, 0n);
        const pass = a.value >= post.bnb && a.value <= post.bnb + gas;
        return { pass, detail: `reported ${fmt(a.value)} BNB, wallet holds ${fmt(post.bnb)} (episode gas ${fmt(gas)})` };
      },
    },
  ],
});
