import { encodeFunctionData, parseAbi, parseEther, type Address } from 'viem';
import { balanceOf, compareAmount, defineValidator, parseUintAnswer, sendAs } from 'evm-questbench/validators';

type Params = { pool: Address; amount: string; planted: string };
type State = { staked: bigint; cake: bigint };

const STAKING = parseAbi(['function stakedOf(address) view returns (uint256)', 'function stake(uint256 amount)']);

function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // An earlier stake of a per-instance size, made by the wallet itself, so "before" has to be read.
  setup: async ({ chain, params, agent }) => {
    await sendAs(chain, agent, params.pool, encodeFunctionData({ abi: STAKING, functionName: 'stake', args: [parseEther(params.planted)] }));
  },
  observe: async ({ chain, env, params, agent }) => ({
    staked: await chain.readContract({ address: params.pool, abi: STAKING, functionName: 'stakedOf', args: [agent] }),
    cake: await balanceOf(chain, env.CAKE!, agent),
  }),
  checks: [
    {
      name: 'stake rose by exactly the requested amount',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('stake added', post.staked - pre.staked, parseEther(params.amount), { symbol: 'CAKE' }),
    },
    {
      name: 'the CAKE came from the wallet',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('CAKE spent', pre.cake - post.cake, parseEther(params.amount), { symbol: 'CAKE' }),
    },
    {
      name: 'answer reports the stake before',
      weight: 25,
      verify: ({ answer, pre }) => {
        const a = answerUint(answer, 'before');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported before', a.value, pre.staked, { symbol: 'CAKE' });
      },
    },
    {
      name: 'answer reports the stake after',
      weight: 20,
      verify: ({ answer, pre, post }) => {
        if (post.staked === pre.staked) return { pass: false, detail: 'the stake did not change' };
        const a = answerUint(answer, 'after');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported after', a.value, post.staked, { symbol: 'CAKE' });
      },
    },
  ],
});
