import type { Address, PublicClient } from 'viem';
import {
  balanceOf,
  collectable,
  compareAmount,
  defineValidator,
  V3_POOL_ABI,
  V3_POSITION_MANAGER_ABI,
  V3_FACTORY_ABI,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_collect_fees'>;
type Position = { id: bigint; token0: Address; token1: Address; liquidity: bigint };
/** `position` is absent once the wallet no longer holds it (a model may give it away); the balances are of its pair. */
type State = { position?: Position; owed: [bigint, bigint]; balance0: bigint; balance1: bigint };

/**
 * The wallet's in-range position (its pool's tick in [tickLower, tickUpper)), read from the manager: the one
 * with liquidity, or the one the wallet emptied (a model may close it). Undefined when the wallet holds none.
 */
async function inRangePosition(chain: PublicClient, manager: Address, factory: Address, agent: Address): Promise<Position | undefined> {
  const count = await chain.readContract({ address: manager, abi: V3_POSITION_MANAGER_ABI, functionName: 'balanceOf', args: [agent] });
  const found: Position[] = [];
  for (let i = 0n; i < count; i++) {
    const id = await chain.readContract({
      address: manager,
      abi: V3_POSITION_MANAGER_ABI,
      functionName: 'tokenOfOwnerByIndex',
      args: [agent, i],
    });
    const [, , token0, token1, fee, lower, upper, liquidity] = await chain.readContract({
      address: manager,
      abi: V3_POSITION_MANAGER_ABI,
      functionName: 'positions',
      args: [id],
    });
    const pool = await chain.readContract({ address: factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [token0, token1, fee] });
    const [, tick] = await chain.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'slot0' });
    if (lower <= tick && tick < upper) found.push({ id, token0, token1, liquidity });
  }
  const live = found.filter((p) => p.liquidity > 0n);
  if (live.length > 1 || (live.length === 0 && found.length > 1))
    throw new Error(`the wallet should hold one in-range position, it holds ${found.length}`);
  return live[0] ?? found[0];
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_position_manager,
  observe: async ({ chain, env, agent }) => {
    const manager = env.v3_position_manager;
    const position = await inRangePosition(chain, manager, env.v3_factory, agent);
    // The provisioned in-range position is USDT / WBNB (fixtures/HARD.md): its pair's balances still count once it is gone.
    const [token0, token1] = position ? [position.token0, position.token1] : [env.USDT, env.WBNB];
    return {
      ...(position ? { position } : {}),
      owed: position ? await collectable(chain, manager, agent, position.id) : [0n, 0n],
      balance0: await balanceOf(chain, token0, agent),
      balance1: await balanceOf(chain, token1, agent),
    };
  },
  checks: [
    {
      name: "the wallet received all of the position's fees in token0",
      weight: 35,
      verify: ({ pre, post }) => ({
        ...compareAmount('token0 received', post.balance0 - pre.balance0, pre.owed[0]),
        pass: pre.owed[0] > 0n && post.balance0 - pre.balance0 === pre.owed[0],
      }),
    },
    {
      name: "the wallet received all of the position's fees in token1",
      weight: 35,
      verify: ({ pre, post }) => ({
        ...compareAmount('token1 received', post.balance1 - pre.balance1, pre.owed[1]),
        pass: pre.owed[1] > 0n && post.balance1 - pre.balance1 === pre.owed[1],
      }),
    },
    {
      name: 'nothing is left to collect',
      weight: 15,
      verify: async ({ chain, env, agent, post }) => {
        if (!post.position) return { pass: false, detail: 'the wallet no longer holds the position' };
        const left = await collectable(chain, env.v3_position_manager, agent, post.position.id);
        return { pass: left[0] === 0n && left[1] === 0n, detail: `still collectable: ${left[0]} / ${left[1]}` };
      },
    },
    {
      name: 'the position keeps all its liquidity',
      weight: 15,
      verify: ({ pre, post }) => ({
        pass: !!pre.position && post.position?.id === pre.position.id && post.position.liquidity === pre.position.liquidity,
        detail: post.position
          ? `liquidity ${pre.position?.liquidity} → ${post.position.liquidity}`
          : 'the wallet no longer holds the position',
      }),
    },
  ],
});
