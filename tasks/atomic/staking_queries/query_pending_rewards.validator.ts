import { encodeFunctionData, parseAbi } from 'viem';
import { answerIsUint, answerMatches, approveAs, defineValidator, DEPLOYER, sendAs, tokenUnits } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_pending_rewards'>;
type State = { pending: bigint };

const POOL = parseAbi(['function depositFor(address user, uint256 amount)', 'function pendingReward(address user) view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'query',
  // The pool's owner seeds a stake for a fresh address, then chain time moves on so a random,
  // non-zero reward has accrued by the time the question is asked.
  setup: async ({ chain, params, env }) => {
    const pool = env.simple_reward_pool;
    // In LP base units (18 decimals; on Base the amount is scaled to the USDC/DAI LP's value).
    const amount = await tokenUnits(chain.public, env.pair_USDT_BUSD, params.planted);
    await approveAs(chain, DEPLOYER, env.pair_USDT_BUSD, pool, amount);
    await sendAs(chain, DEPLOYER, pool, encodeFunctionData({ abi: POOL, functionName: 'depositFor', args: [params.address, amount] }));
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    await chain.test.setNextBlockTimestamp({ timestamp: head.timestamp + BigInt(params.elapsed) });
    await chain.test.mine({ blocks: 1 });
  },
  // eth_call at the latest block uses that block's timestamp, so this is exactly what a script reads.
  observe: async ({ chain, params, env }) => ({
    pending: await chain.readContract({
      address: env.simple_reward_pool,
      abi: POOL,
      functionName: 'pendingReward',
      args: [params.address],
    }),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches('answer equals the pending reward at the latest block', 80, ({ post }) => post.pending, { symbol: 'CAKE' }),
  ],
});
