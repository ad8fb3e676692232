import { isAddressEqual, maxUint256, parseAbi, parseEventLogs, type Address, type PublicClient } from 'viem';
import {
  approveAs,
  balanceOf,
  defineValidator,
  fmt,
  selectorOf,
  stakedOf,
  tokenDecimals,
  tokenUnits,
  transferred,
  type EpisodeTx,
  type EnvMap,
  balancedDeposit,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_full_liquidity_cycle'>;
type State = { staked: bigint; lp: bigint };

const POOL = parseAbi([
  'event Deposited(address indexed user, uint256 amount)',
  'event Withdrawn(address indexed user, uint256 amount)',
  'event Harvested(address indexed user, uint256 reward)',
]);

/** Successful transactions with their position in the episode, so steps can be put in order. */
const succeeded = (txs?: EpisodeTx[]) => (txs ?? []).map((t, i) => ({ ...t, i })).filter((t) => t.receipt.status === 'success');

/** The agent's amounts in one pool event kind, per successful transaction. */
function poolEvents(txs: EpisodeTx[] | undefined, pool: Address, agent: Address, eventName: 'Deposited' | 'Withdrawn' | 'Harvested') {
  return succeeded(txs)
    .map((t) => ({
      ...t,
      amount: parseEventLogs({ abi: POOL, eventName, logs: t.receipt.logs })
        .filter((l) => isAddressEqual(l.address, pool) && isAddressEqual(l.args.user, agent))
        .reduce((s, l) => s + ('amount' in l.args ? l.args.amount : l.args.reward), 0n),
    }))
    .filter((t) => t.amount > 0n);
}

/** The requested amount of each stablecoin in that token's own decimals (USDT: 18 on BSC, 6 for Base's USDC). */
const wanted = async (chain: PublicClient, env: EnvMap, amount: string) => ({
  usdt: await tokenUnits(chain, env.USDT, amount),
  busd: await tokenUnits(chain, env.BUSD, amount),
});

/** The cycle as it happened: the deposit of the requested amounts (see balancedDeposit) and the positions of each step. */
async function cycle(chain: PublicClient, txs: EpisodeTx[] | undefined, env: EnvMap, pool: Address, agent: Address, amount: string) {
  const want = await wanted(chain, env, amount);
  const lp = env.pair_USDT_BUSD;
  const {
    adds,
    minted,
    paidA: usdt,
    paidB: busd,
    ok: addOk,
  } = balancedDeposit(succeeded(txs), lp, env.USDT, env.BUSD, agent, want.usdt, want.busd);
  const firstAdd = adds[0]?.i ?? Infinity;
  const deposits = poolEvents(txs, pool, agent, 'Deposited').filter((t) => t.i > firstAdd);
  const firstDeposit = deposits[0]?.i ?? Infinity;
  const withdrawals = poolEvents(txs, pool, agent, 'Withdrawn').filter((t) => t.i > firstDeposit);
  const lastWithdrawal = withdrawals.at(-1)?.i ?? Infinity;
  return {
    adds,
    minted,
    usdt,
    busd,
    addOk,
    deposits,
    staked: deposits.reduce((s, t) => s + t.amount, 0n),
    firstDeposit,
    withdrawals,
    unstaked: withdrawals.reduce((s, t) => s + t.amount, 0n),
    firstWithdrawal: withdrawals[0]?.i ?? Infinity,
    lastWithdrawal,
    removals: succeeded(txs).filter((t) => t.i > lastWithdrawal && transferred(t.receipt, lp, agent, lp) > 0n),
  };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The request says the pool may already pull the wallet's LP: make that true.
  setup: async ({ chain, env, agent, params }) => {
    await approveAs(chain, agent, env.pair_USDT_BUSD, params.pool, maxUint256);
  },
  observe: async ({ chain, env, agent, params }) => ({
    staked: await stakedOf(chain, params.pool, agent),
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
  }),
  checks: [
    {
      name: 'liquidity added with the requested USDT and BUSD',
      weight: 20,
      verify: async ({ chain, txs, env, agent, params }) => {
        const c = await cycle(chain, txs, env, params.pool, agent, params.amount);
        return {
          pass: c.addOk,
          detail: `deposited ${fmt(c.usdt, await tokenDecimals(chain, env.USDT))} USDT and ${fmt(c.busd, await tokenDecimals(chain, env.BUSD))} BUSD for ${fmt(c.minted)} LP (requested ${params.amount} each)`,
        };
      },
    },
    {
      name: 'exactly the LP from the requested deposit was staked in the reward pool',
      weight: 20,
      verify: async ({ chain, txs, env, agent, params }) => {
        const c = await cycle(chain, txs, env, params.pool, agent, params.amount);
        return { pass: c.addOk && c.staked === c.minted, detail: `staked ${fmt(c.staked)} LP after the deposit, minted ${fmt(c.minted)}` };
      },
    },
    {
      name: 'rewards harvested while the LP was staked',
      weight: 15,
      verify: async ({ chain, txs, env, agent, params }) => {
        const c = await cycle(chain, txs, env, params.pool, agent, params.amount);
        const harvest = poolEvents(txs, params.pool, agent, 'Harvested').find(
          (t) => t.i > c.firstDeposit && t.i < c.firstWithdrawal && t.tx.data.startsWith(selectorOf('harvest()')),
        );
        return {
          pass: !!harvest,
          detail: harvest ? `harvested ${fmt(harvest.amount)} CAKE` : 'no harvest() between the stake and the unstake',
        };
      },
    },
    {
      name: 'the same LP was unstaked, earlier stake untouched',
      weight: 20,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const c = await cycle(chain, txs, env, params.pool, agent, params.amount);
        const pass = c.staked > 0n && c.unstaked === c.staked && post.staked === pre.staked;
        return { pass, detail: `unstaked ${fmt(c.unstaked)} of ${fmt(c.staked)} LP, pool stake ${fmt(pre.staked)} → ${fmt(post.staked)}` };
      },
    },
    {
      name: 'that LP was redeemed for USDT and BUSD, older LP kept',
      weight: 25,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const c = await cycle(chain, txs, env, params.pool, agent, params.amount);
        const lp = env.pair_USDT_BUSD;
        const redeemed = c.removals.reduce((s, t) => s + transferred(t.receipt, lp, agent, lp), 0n);
        const backU = c.removals.reduce((s, t) => s + transferred(t.receipt, env.USDT, lp, agent), 0n);
        const backB = c.removals.reduce((s, t) => s + transferred(t.receipt, env.BUSD, lp, agent), 0n);
        const back = backU + backB;
        const pass = c.addOk && c.unstaked === c.minted && redeemed === c.unstaked && back > 0n && post.lp === pre.lp;
        // One sum where the stablecoins share their decimals (BSC), as the detail always said; each in its own elsewhere.
        const [du, db] = [await tokenDecimals(chain, env.USDT), await tokenDecimals(chain, env.BUSD)];
        const got = du === db ? `${fmt(back, du)} USDT+BUSD` : `${fmt(backU, du)} USDT and ${fmt(backB, db)} BUSD`;
        return {
          pass,
          detail: `redeemed ${fmt(redeemed)} LP after unstaking ${fmt(c.unstaked)}, got ${got}, wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}`,
        };
      },
    },
  ],
});
