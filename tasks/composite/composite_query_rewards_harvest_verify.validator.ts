import { encodeAbiParameters, keccak256, pad, parseAbi, toHex, type Address } from 'viem';
import { balanceOf, BLOCK_INTERVAL_SECONDS, compareAmount, defineValidator, parseUintAnswer } from 'evm-questbench/validators';

type Params = { pool: Address; accrual: number };
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; cake: bigint };

const POOL = parseAbi([
  'function stakedOf(address) view returns (uint256)',
  'function lastUpdate(address) view returns (uint256)',
  'function rewardPerSecondPerToken() view returns (uint256)',
]);
/** RewardPool storage: lastUpdate mapping at slot 2 (fixtures/contracts/README.md). */
const LAST_UPDATE_SLOT = 2n;

function answerUint(answer: unknown, key: string): { value: bigint } | { error: string } {
  if (typeof answer !== 'object' || answer === null) return { error: `answer is not an object with "${key}"` };
  return parseUintAnswer((answer as Record<string, unknown>)[key]);
}

const harvested = (pre: State, post: State) => post.cake - pre.cake;

export default defineValidator<Params, State>({
  kind: 'workflow',
  // A per-instance accrual period: the stake's timer is set so that, at the next block, exactly
  // `accrual` seconds of reward are owed. The amount harvested is thus unguessable.
  setup: async ({ chain, params, agent }) => {
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    const since = head.timestamp + BigInt(BLOCK_INTERVAL_SECONDS) - BigInt(params.accrual);
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [agent, LAST_UPDATE_SLOT]));
    await chain.test.setStorageAt({ address: params.pool, index: slot, value: pad(toHex(since)) });
  },
  observe: async ({ chain, env, params, agent }) => ({
    staked: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lastUpdate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'lastUpdate', args: [agent] }),
    rate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'rewardPerSecondPerToken' }),
    cake: await balanceOf(chain, env.CAKE!, agent),
  }),
  checks: [
    {
      // Accrual is linear in time, so one or several harvests pay stake × rate × elapsed in total.
      name: 'harvested the whole accrued reward and kept the stake',
      weight: 50,
      verify: ({ pre, post }) => {
        if (post.lastUpdate <= pre.lastUpdate) return { pass: false, detail: 'the reward timer never advanced: nothing was harvested' };
        if (post.staked !== pre.staked) return { pass: false, detail: `stake changed ${pre.staked} → ${post.staked}` };
        const owed = (pre.staked * pre.rate * (post.lastUpdate - pre.lastUpdate)) / 10n ** 18n;
        return compareAmount('CAKE harvested', harvested(pre, post), owed, { abs: 2n, symbol: 'CAKE' });
      },
    },
    {
      name: 'answer reports the harvested amount',
      weight: 25,
      verify: ({ answer, pre, post }) => {
        if (harvested(pre, post) <= 0n) return { pass: false, detail: 'no CAKE was harvested' };
        const a = answerUint(answer, 'harvested');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported harvest', a.value, harvested(pre, post), { symbol: 'CAKE' });
      },
    },
    {
      name: 'answer reports the CAKE balance after the harvest',
      weight: 25,
      verify: ({ answer, pre, post }) => {
        if (harvested(pre, post) <= 0n) return { pass: false, detail: 'no CAKE was harvested' };
        const a = answerUint(answer, 'cakeBalance');
        return 'error' in a ? { pass: false, detail: a.error } : compareAmount('reported balance', a.value, post.cake, { symbol: 'CAKE' });
      },
    },
  ],
});
