import { parseAbi, type Address } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { pool: Address; lp: Address };
type State = { staked: bigint; lastUpdate: bigint; rate: bigint; lp: bigint; cake: bigint };

const POOL = parseAbi([
  'function stakedOf(address) view returns (uint256)',
  'function lastUpdate(address) view returns (uint256)',
  'function rewardPerSecondPerToken() view returns (uint256)',
]);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  observe: async ({ chain, params, env, agent }) => ({
    staked: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'stakedOf', args: [agent] }),
    lastUpdate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'lastUpdate', args: [agent] }),
    rate: await chain.readContract({ address: params.pool, abi: POOL, functionName: 'rewardPerSecondPerToken' }),
    lp: await balanceOf(chain, params.lp, agent),
    cake: await balanceOf(chain, env.CAKE!, agent),
  }),
  checks: [
    succeeded(10, 'call to the reward pool succeeded'),
    callsFunction(15, 'harvest()'),
    {
      // Accrual is by block timestamp, so the reward owed at the transaction's block is exact.
      name: 'wallet received exactly the reward accrued up to the transaction block',
      weight: 45,
      verify: async ({ pre, post, chain, receipt }) => {
        const block = await chain.getBlock({ blockNumber: receipt!.blockNumber });
        const owed = (pre.staked * pre.rate * (block.timestamp - pre.lastUpdate)) / 10n ** 18n;
        return compareAmount('CAKE received', post.cake - pre.cake, owed, { symbol: 'CAKE' });
      },
    },
    {
      name: 'stake and wallet LP left untouched',
      weight: 30,
      verify: ({ pre, post }) => {
        const pass = post.staked === pre.staked && post.lp === pre.lp;
        return { pass, detail: `stake ${pre.staked} → ${post.staked}, wallet LP ${pre.lp} → ${post.lp}` };
      },
    },
  ],
});
