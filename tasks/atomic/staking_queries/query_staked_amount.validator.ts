import { encodeFunctionData, erc20Abi, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { compareAmount, defineValidator, parseUintAnswer, sendAs, setTokenBalance, type SetupContext } from 'evm-questbench/validators';

type Params = { address: Address; planted: string; held: string; other: Address; other_stake: string };
type State = { staked: bigint };

const STAKING = parseAbi(['function stake(uint256 amount)', 'function stakedOf(address) view returns (uint256)']);

/** Stakes `amount` CAKE from `who` the way a user would: funded wallet, approve, stake. */
async function plantStake({ chain, env }: SetupContext<Params>, who: Address, amount: bigint, keep: bigint) {
  const pool = env.simple_staking!;
  await setTokenBalance(chain, env.CAKE!, who, amount + keep);
  await chain.test.setBalance({ address: who, value: parseEther('1') });
  await sendAs(chain, who, env.CAKE!, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [pool, amount] }));
  await sendAs(chain, who, pool, encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [amount] }));
}

export default defineValidator<Params, State>({
  kind: 'query',
  // A second staker and some unstaked CAKE in the wallet keep totalStaked() and balanceOf() from
  // coinciding with the true answer.
  setup: async (ctx) => {
    await plantStake(ctx, ctx.params.address, parseUnits(ctx.params.planted, 18), parseUnits(ctx.params.held, 18));
    await plantStake(ctx, ctx.params.other, parseUnits(ctx.params.other_stake, 18), 0n);
  },
  observe: async ({ chain, params, env }) => ({
    staked: await chain.readContract({ address: env.simple_staking!, abi: STAKING, functionName: 'stakedOf', args: [params.address] }),
  }),
  checks: [
    {
      name: 'answer is a base-unit amount',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: 'answer equals the on-chain stake',
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return compareAmount('answer', a.value, post.staked, { symbol: 'CAKE' });
      },
    },
  ],
});
