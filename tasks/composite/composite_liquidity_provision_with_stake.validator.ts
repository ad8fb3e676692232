import { parseEther, type Address } from 'viem';
import {
  approveAs,
  balancedDeposit,
  balanceOf,
  compareAmount,
  defineValidator,
  depositMinimums,
  fmt,
  highestApproval,
  keyedUint,
  reportsUint,
  stakeAs,
  stakedOf,
  successful,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_liquidity_provision_with_stake'>;
type State = { lp: bigint; staked: bigint };

/** The liquidity deposit of the requested amount of each token (USDT paid is `paidA`, BUSD `paidB`). */
const deposit = (txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address, amount: string) =>
  balancedDeposit(successful(txs), env.pair_USDT_BUSD, env.USDT, env.BUSD, agent, parseEther(amount));

export default defineValidator<Params, State>({
  kind: 'workflow',
  // An existing stake makes the final query necessary; the standing allowances would make all three
  // approvals pointless, so they are removed.
  setup: async ({ chain, env, agent, params }) => {
    await stakeAs(chain, agent, env.simple_lp_staking, parseEther(params.prior_stake));
    await approveAs(chain, agent, env.USDT, env.router, 0n);
    await approveAs(chain, agent, env.BUSD, env.router, 0n);
    await approveAs(chain, agent, env.pair_USDT_BUSD, env.simple_lp_staking, 0n);
  },
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    staked: await stakedOf(chain, env.simple_lp_staking, agent),
  }),
  checks: [
    {
      name: 'router approved for the USDT and the BUSD',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const want = parseEther(params.amount);
        const usdt = highestApproval(txs, env.USDT, agent, env.router);
        const busd = highestApproval(txs, env.BUSD, agent, env.router);
        return { pass: usdt >= want && busd >= want, detail: `approved ${fmt(usdt)} USDT and ${fmt(busd)} BUSD` };
      },
    },
    {
      name: 'liquidity added with the requested USDT and BUSD',
      weight: 25,
      verify: ({ txs, env, agent, params }) => {
        const d = deposit(txs, env, agent, params.amount);
        return {
          pass: d.ok,
          detail: `deposited ${fmt(d.paidA)} USDT and ${fmt(d.paidB)} BUSD for ${fmt(d.minted)} LP (requested ${params.amount} each)`,
        };
      },
    },
    {
      name: 'deposit minimums respect the slippage limit',
      weight: 5,
      verify: ({ txs, env, agent, params }) =>
        depositMinimums(deposit(txs, env, agent, params.amount).adds[0], parseEther(params.amount), params.slippage),
    },
    {
      name: 'simple_lp_staking approved for the new LP',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const minted = deposit(txs, env, agent, params.amount).minted;
        const allowance = highestApproval(txs, env.pair_USDT_BUSD, agent, env.simple_lp_staking);
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
    reportsUint('reported the total stake', 15, {
      read: (answer) => keyedUint(answer, 'staked'),
      readFirst: true,
      unless: ({ pre, post }) => (post.staked === pre.staked ? 'nothing was staked' : undefined),
      compare: (v, { post }) => compareAmount('reported stake', v, post.staked, { symbol: 'LP' }),
    }),
  ],
});
