import { isAddressEqual, type Address, type PublicClient } from 'viem';
import {
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  fmt,
  highestApproval,
  stakedOf,
  successful,
  tokenDecimals,
  tokenUnits,
  type EpisodeTx,
  type EnvMap,
  balancedDeposit,
  depositMinimums,
} from 'evm-questbench/validators';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_add_liquidity_stake_lp'>;
type State = { lp: bigint; staked: bigint };

/** The requested amount of each stablecoin in that token's own decimals (USDT: 18 on BSC, 6 for Base's USDC). */
const wanted = async (chain: PublicClient, env: EnvMap, amount: string) => ({
  usdt: await tokenUnits(chain, env.USDT, amount),
  busd: await tokenUnits(chain, env.BUSD, amount),
});

/** The request of each stablecoin, by token, for depositMinimums. */
const perToken = async (chain: PublicClient, env: EnvMap, amount: string) => {
  const want = await wanted(chain, env, amount);
  return (token: Address) => (isAddressEqual(token, env.USDT) ? want.usdt : want.busd);
};

/** The liquidity deposit of the requested amount of each token (USDT paid is `paidA`, BUSD `paidB`). */
const deposit = async (chain: PublicClient, txs: EpisodeTx[] | undefined, env: EnvMap, agent: Address, amount: string) => {
  const want = await wanted(chain, env, amount);
  return balancedDeposit(successful(txs), env.pair_USDT_BUSD, env.USDT, env.BUSD, agent, want.usdt, want.busd);
};

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
      verify: async ({ chain, txs, env, agent, params }) => {
        const d = await deposit(chain, txs, env, agent, params.amount);
        const [du, db] = [await tokenDecimals(chain, env.USDT), await tokenDecimals(chain, env.BUSD)];
        return {
          pass: d.ok,
          detail: `deposited ${fmt(d.paidA, du)} USDT and ${fmt(d.paidB, db)} BUSD for ${fmt(d.minted)} LP (requested ${params.amount} of each)`,
        };
      },
    },
    {
      name: 'deposit minimums respect the slippage limit',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params }) =>
        depositMinimums(
          (await deposit(chain, txs, env, agent, params.amount)).adds[0],
          await perToken(chain, env, params.amount),
          params.slippage,
        ),
    },
    {
      name: 'simple_lp_staking was approved for the new LP',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params }) => {
        const minted = (await deposit(chain, txs, env, agent, params.amount)).minted;
        const allowance = highestApproval(txs, env.pair_USDT_BUSD, agent, env.simple_lp_staking);
        return { pass: minted > 0n && allowance >= minted, detail: `approved ${fmt(allowance)} LP, minted ${fmt(minted)}` };
      },
    },
    {
      name: 'exactly the LP from the requested deposit is staked',
      weight: 45,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const d = await deposit(chain, txs, env, agent, params.amount);
        if (!d.ok) return { pass: false, detail: 'no deposit of the requested amounts' };
        return compareAmount('stake change', post.staked - pre.staked, d.minted, { symbol: 'LP' });
      },
    },
    {
      name: 'the LP held before stays in the wallet',
      weight: 10,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const minted = (await deposit(chain, txs, env, agent, params.amount)).minted;
        return { pass: minted > 0n && post.lp === pre.lp, detail: `wallet LP ${fmt(pre.lp)} → ${fmt(post.lp)}, minted ${fmt(minted)}` };
      },
    },
  ],
});
