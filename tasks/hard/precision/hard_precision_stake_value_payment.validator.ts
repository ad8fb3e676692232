import { parseEther } from 'viem';
import {
  compareAmount,
  defineValidator,
  orderedReserves,
  setTokenBalance,
  stakeAs,
  STAKING,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_stake_value_payment'>;
type State = { agent: bigint; recipient: bigint; stake: bigint; value: bigint };

const CENT = 10n ** 16n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.USDT,
  // The stake (through the wallet's standing CAKE allowance to simple_staking); the wallet keeps other
  // CAKE, and USDT enough for the payment.
  setup: async ({ chain, env, agent, params }) => {
    await setTokenBalance(chain, env.CAKE, agent, parseEther('600'));
    await stakeAs(chain, agent, env.simple_staking, parseEther(params.staked));
    await setTokenBalance(chain, env.USDT, agent, parseEther('2000'));
  },
  observe: async ({ chain, env, agent, params }) => {
    const stake = await chain.readContract({ address: env.simple_staking, abi: STAKING, functionName: 'stakedOf', args: [agent] });
    const { reserves } = await orderedReserves(chain, env.pair_CAKE_USDT, env.CAKE);
    return {
      ...(await transferSides(chain, env.USDT, agent, params.to)),
      stake,
      value: ((stake * reserves[1]) / reserves[0] / CENT) * CENT,
    };
  },
  checks: [
    succeeded(10, 'the USDT transfer went through'),
    {
      name: "the recipient received the stake's value at the pair's price, in whole cents",
      weight: 60,
      verify: ({ pre, post }) => compareAmount('USDT received', post.recipient - pre.recipient, pre.value, { symbol: 'USDT' }),
    },
    {
      name: 'the wallet paid exactly that',
      weight: 20,
      verify: ({ pre, post }) => compareAmount('USDT paid', pre.agent - post.agent, pre.value, { symbol: 'USDT' }),
    },
    {
      name: 'the stake is untouched',
      weight: 10,
      verify: ({ pre, post }) => ({
        pass: post.agent !== pre.agent && post.stake === pre.stake,
        detail: `stake ${Number(post.stake) / 1e18} CAKE (was ${Number(pre.stake) / 1e18})`,
      }),
    },
  ],
});
