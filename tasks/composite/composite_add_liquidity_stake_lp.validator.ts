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
  stakedOf,
  successful,
  type EpisodeTx,
  type EnvMap,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_add_liquidity_stake_lp'>;
type State = { lp: bigint; staked: bigint };

/** The liquidity deposit of the requested amount of each token (USDT paid is `paidA`, BUSD `paidB`). */
const deposit = (txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address, amount: string) =>
  balancedDeposit(successful(txs), env.pair_USDT_BUSD, env.USDT, env.BUSD, agent, parseEther(amount));

export default defineValidator<Params, State>({
  kind: 'workflow',
  // The standing LP allowance would make the approval step pointless: take it away.
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.pair_USDT_BUSD, env.simple_lp_staking, 0n);
  },
  observe: async ({ chain, env, agent }) => ({
    lp: await balanceOf(chain, env.pair_USDT_BUSD, agent),
    staked: await stakedOf(chain, env.simple_lp_staking, agent),
  }),
  checks: [
    {
      name: 'liquidity added with the requested USDT and BUSD',
      weight: 25,
      verify: ({ txs, env, agent, params }) => {
        const d = deposit(txs, env, agent, params.amount);
        return {
          pass: d.ok,
          detail: `deposited ${fmt(d.paidA)} USDT and ${fmt(d.paidB)} BUSD for ${fmt(d.minted)} LP (requested ${params.amount} of each)`,
        };
      },
    },
    {
      name: 'deposit minimums respect the slippage limit',
      weight: 10,
      verify: ({ txs, env, agent, params }) =>
        depositMinimums(deposit(txs, env, agent, params.amount).adds[0], parseEther(params.amount), params.slippage),
    },
    {
      name: 'simple_lp_staking was approved for the new LP',
      weight: 10,
      verify: ({ txs, env, agent, params }) => {
        const minted = deposit(txs, env, agent, params.amount).minted;
        const allowance = highestApproval(txs, env.pair_USDT_BUSD, agent, env.simple_lp_staking);
        return { pass: minted > 0n && allowance >= minted, detail: `approved ${fmt(allowance)} LP, minted ${fmt(minted)}` };
      },
    },
    {
      name: 'exactly the LP from the requested deposit is staked',
      weight: 45,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const d = deposit(txs, env, agent, params.amount);
        if (!d.ok) return { pass: false, detail: 'no deposit of the requested amounts' };
        return compareAmount('stake change', post.staked - pre.staked, d.minted, { symbol: 'LP' });
      },
    },
    {
      name: 'the LP held before stays in the wallet',
      weight: 10,
      verify: ({ txs, env, agent, params, pre, post }) => {
        const minted = deposit(txs, env, agent, params.amount).minted;
        return { pass: minted > 0n && post.lp === pre.lp, detail: `wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}, minted ${fmt(minted)}` };
      },
    },
  ],
});
