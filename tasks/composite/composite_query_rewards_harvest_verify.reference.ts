import { holdingsOn } from 'evm-questbench/validators';
import { defined, defineCompositeReference, lastChange, lastQueryResult, query, script, submit } from 'evm-questbench/composite';
import type { TaskParams } from '../params.ts';

type Params = TaskParams<'composite_query_rewards_harvest_verify'>;

/**
 * The reward pool's fixed rate, per second per whole staked LP token: 0.01 CAKE on BSC; on Base 2.4 M
 * DEGEN per whole USDC/DAI LP token (src/chain/base-spec.ts BASE_REWARD_RATE, the same USD per USD staked).
 */
const RATE = { bsc: 10n ** 16n, base: 2_400_000n * 10n ** 18n } as const;

const reference = defineCompositeReference((params: Params, env, chain) => {
  // The harvest is the first block after setup, where exactly `accrual` seconds are owed.
  const holdings = holdingsOn(chain);
  const reward = (holdings.rewardPoolStake * RATE[chain.id] * BigInt(params.accrual)) / 10n ** 18n;
  const [, cake] = defined(
    holdings.tokens.find(([k]) => k === 'CAKE'),
    'the starting CAKE holding',
  );
  return {
    plan: '1. harvest() on simple_reward_pool (the script checks something is pending).\n2. Query my CAKE balance.\nThen submit the CAKE received (from the feedback) and the balance.',
    rounds: [
      script(
        async ({ viem: { createPublicClient, encodeFunctionData, http, parseAbi }, providerUrl, agentAddress }, a) => {
          const client = createPublicClient({ transport: http(providerUrl) });
          const abi = parseAbi(['function pendingReward(address) view returns (uint256)', 'function harvest()']);
          const pending = await client.readContract({ address: a.pool, abi, functionName: 'pendingReward', args: [agentAddress] });
          if (pending === 0n) throw new Error('nothing to harvest');
          return { to: a.pool, data: encodeFunctionData({ abi, functionName: 'harvest' }) };
        },
        { pool: env.simple_reward_pool },
      ),
      query({ type: 'token_balance', token: 'CAKE', address: 'agent' }),
      submit({ harvested: reward.toString(), cakeBalance: (cake + reward).toString() }),
    ],
  };
});

export default reference;

/** Every step the request asks for, one round each: the harvest as the CAKE change its feedback showed, the balance as read. */
export const literal = defineCompositeReference((params: Params, env, chain) => {
  const { plan, rounds } = reference(params, env, chain);
  // The feedback names a holding by the chain's own key (DEGEN on Base).
  const cake = chain.keys.CAKE ?? 'CAKE';
  const answer = (feedback: readonly string[]) =>
    submit({ harvested: lastChange(feedback, cake).toString(), cakeBalance: lastQueryResult(feedback, { type: 'token_balance' }).raw });
  return { plan, rounds: [...rounds.slice(0, 2), answer] };
});
