import { parseEther, type Address } from 'viem';
import {
  answerIsUint,
  answerMatches,
  approveAs,
  defineValidator,
  setTokenBalance,
  stakeAs,
  stakedOf,
  tokenUnits,
  type SetupContext,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_staked_amount'>;
type State = { staked: bigint };

/** Stakes `amount` CAKE (base units) from `who` the way a user would: funded wallet, approve, stake. */
async function plantStake({ chain, env }: SetupContext<Params>, who: Address, amount: bigint, keep: bigint) {
  const pool = env.simple_staking;
  await setTokenBalance(chain, env.CAKE, who, amount + keep);
  await chain.test.setBalance({ address: who, value: parseEther('1') });
  await approveAs(chain, who, env.CAKE, pool, amount);
  await stakeAs(chain, who, pool, amount);
}

export default defineValidator<Params, State>({
  kind: 'query',
  // A second staker and some unstaked CAKE in the wallet keep totalStaked() and balanceOf() from
  // coinciding with the true answer.
  setup: async (ctx) => {
    const cake = (whole: string) => tokenUnits(ctx.chain.public, ctx.env.CAKE, whole);
    await plantStake(ctx, ctx.params.address, await cake(ctx.params.planted), await cake(ctx.params.held));
    await plantStake(ctx, ctx.params.other, await cake(ctx.params.other_stake), 0n);
  },
  observe: async ({ chain, params, env }) => ({
    staked: await stakedOf(chain, env.simple_staking, params.address),
  }),
  checks: [
    answerIsUint('answer is a base-unit amount', 20),
    answerMatches('answer equals the on-chain stake', 80, ({ post }) => post.staked, { symbol: 'CAKE' }),
  ],
});
