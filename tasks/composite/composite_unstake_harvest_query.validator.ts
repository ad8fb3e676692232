import { isAddressEqual, parseAbi, parseEther, type Address, type TransactionReceipt } from 'viem';
import { BLOCK_INTERVAL_SECONDS, balanceOf, compareAmount, defineValidator, fmt, parseUintAnswer, selectorOf, setTokenBalance, type SentTransaction } from 'evm-questbench/validators';

type Params = { amount: string; pool: Address; start_cake: string; cake_after: string };
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; lp: bigint; cake: bigint };
type Sent = { tx: SentTransaction; receipt: TransactionReceipt };

const POOL = parseAbi([
  'function stakedOf(address) view returns (uint256)',
  'function lastUpdate(address) view returns (uint256)',
  'function rewardPerSecondPerToken() view returns (uint256)',
]);

/** The withdrawal and the first harvest() after it, in episode order. */
function steps(txs: Sent[] | undefined, pool: Address) {
  const ok = (txs ?? []).filter((t) => t.receipt.status === 'success' && isAddressEqual(t.tx.to, pool));
  const w = ok.findIndex((t) => t.tx.data.startsWith(selectorOf('withdraw(uint256)')));
  const h = ok.findIndex((t, i) => i > w && w >= 0 && t.tx.data.startsWith(selectorOf('harvest()')));
  return { withdraw: w >= 0 ? ok[w] : undefined, harvest: h >= 0 ? ok[h] : undefined };
}

const field = (answer: unknown, key: string) => (typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined);

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The scripted reference cannot read round results. Accrual is by block time and every block is
  // BLOCK_INTERVAL_SECONDS after the last, so its withdrawal and harvest pay a known amount.
  derive: async ({ chain, params, agent }) => {
    const read = (functionName: 'stakedOf' | 'lastUpdate') => chain.public.readContract({ address: params.pool, abi: POOL, functionName, args: [agent] });
    const [staked, last, rate, head] = await Promise.all([
      read('stakedOf'),
      read('lastUpdate'),
      chain.public.readContract({ address: params.pool, abi: POOL, functionName: 'rewardPerSecondPerToken' }),
      chain.public.getBlock({ blockTag: 'latest' }),
    ]);
    const step = BigInt(BLOCK_INTERVAL_SECONDS);
    const onWithdraw = (staked * rate * (head.timestamp + step - last)) / 10n ** 18n;
    const onHarvest = ((staked - parseEther(params.amount)) * rate * step) / 10n ** 18n;
    return { cake_after: (parseEther(params.start_cake) + onWithdraw + onHarvest).toString() };
  },
  // A per-instance CAKE balance makes the final query necessary.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.CAKE!, agent, parseEther(params.start_cake));
  },
  observe: async ({ chain, env, agent, params }) => ({
    staked: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lastUpdate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'lastUpdate', args: [agent] }),
    rate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'rewardPerSecondPerToken' }),
    lp: await balanceOf(chain, env.pair_USDT_BUSD!, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
  }),
  checks: [
    {
      name: 'withdrew exactly the requested LP',
      weight: 35,
      verify: ({ txs, params, pre, post }) => {
        const want = parseEther(params.amount);
        const { withdraw } = steps(txs, params.pool);
        const stake = compareAmount('stake change', pre.staked - post.staked, want, { symbol: 'LP' });
        const wallet = compareAmount('wallet LP change', post.lp - pre.lp, want, { symbol: 'LP' });
        return { pass: !!withdraw && stake.pass && wallet.pass, detail: `${withdraw ? '' : 'no withdraw() call; '}${stake.detail}; ${wallet.detail}` };
      },
    },
    {
      // Both calls pay what accrued up to their block: the full stake until the withdrawal, the rest after.
      name: 'harvested after the withdrawal; CAKE received matches the accrual',
      weight: 45,
      verify: async ({ txs, params, chain, pre, post }) => {
        const { withdraw, harvest } = steps(txs, params.pool);
        if (!withdraw || !harvest) return { pass: false, detail: 'expected a withdraw() followed by a harvest()' };
        const tW = (await chain.getBlock({ blockNumber: withdraw.receipt.blockNumber })).timestamp;
        const tH = (await chain.getBlock({ blockNumber: harvest.receipt.blockNumber })).timestamp;
        const left = pre.staked - parseEther(params.amount);
        const owed = (pre.staked * pre.rate * (tW - pre.lastUpdate)) / 10n ** 18n + (left * pre.rate * (tH - tW)) / 10n ** 18n;
        const r = compareAmount('CAKE received', post.cake - pre.cake, owed, { symbol: 'CAKE' });
        return { pass: r.pass && post.lastUpdate === tH, detail: `${r.detail}; accrual clock ${post.lastUpdate}, harvest block ${tH}` };
      },
    },
    {
      name: 'reported the final CAKE balance',
      weight: 20,
      verify: ({ answer, pre, post }) => {
        const a = parseUintAnswer(field(answer, 'cake'));
        if ('error' in a) return { pass: false, detail: `cake: ${a.error}` };
        if (post.cake === pre.cake) return { pass: false, detail: `no CAKE was received (balance ${fmt(post.cake)})` };
        return compareAmount('reported CAKE', a.value, post.cake, { symbol: 'CAKE' });
      },
    },
  ],
});
