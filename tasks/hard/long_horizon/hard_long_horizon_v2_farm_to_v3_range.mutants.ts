import {
  approve,
  balanceChanges,
  read,
  script,
  submit,
  type SkillContext,
  approveSwapPlan,
  mintV3Position,
  swapPlannedV3,
  v3PriceBeforeOwnSwap,
  v3RebalanceSwap,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import { rangeAroundPrice, removeAll, withdrawAll } from './hard_long_horizon_v2_farm_to_v3_range.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

// hard_long_horizon_v2_farm_to_v3_range: the migration with one slip each, every later round carried on
// from it as the reference would.

/** The ±pct % range read as if the pool's price were USDT per BNB: USDT is token0, so it is WBNB per USDT. */
async function rangeNotInverted(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts }: SkillContext<HardContracts>,
  a: { fee: number; pct: number; price: { sqrtPriceX96: bigint } },
): Promise<{ tickLower: number; tickUpper: number }> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const spacing = await client.readContract({
    address: deployedContracts.v3_factory,
    abi: parseAbi(['function feeAmountTickSpacing(uint24) view returns (int24)']),
    functionName: 'feeAmountTickSpacing',
    args: [a.fee],
  });
  const ln = Math.log(1.0001);
  const usdtPerBnb = -(2 * Math.log(Number(a.price.sqrtPriceX96) / 2 ** 96)) / ln;
  const lower = usdtPerBnb + Math.log(1 - a.pct / 100) / ln;
  const upper = usdtPerBnb + Math.log(1 + a.pct / 100) / ln;
  return { tickLower: Math.floor(lower / spacing) * spacing, tickUpper: Math.ceil(upper / spacing) * spacing };
}

/** The reference's rounds with the range from `rangeSkill` (read at `spacingFee`'s spacing), or without the rebalancing swap. */
function farmToRange(
  params: Record<string, any>,
  env: HardEnv,
  o: { rangeSkill?: typeof rangeAroundPrice; spacingFee?: number; swap?: boolean },
) {
  const pool = { token0: env.USDT, token1: env.WBNB, fee: 2500 };
  const range = read(o.rangeSkill ?? rangeAroundPrice, {
    fee: o.spacingFee ?? 2500,
    pct: params.pct,
    price: read(v3PriceBeforeOwnSwap, pool),
  });
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  const lp = (f: readonly string[]) => change(f, 0, 'LP WBNB/USDT');
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 2, 'USDT'), amount1: change(f, 2, 'WBNB') });
  const swapped = o.swap ?? true;
  const held = (f: readonly string[], token: string) => change(f, 2, token) + (swapped ? change(f, 4, token) : 0n);
  return {
    plan: 'withdraw, approve, remove, (rebalance), approve, approve, mint',
    rounds: [
      script(withdrawAll, { farm: params.farm }),
      (f: readonly string[]) => script(approve, { token: env.pair_WBNB_USDT, spender: env.router, amount: lp(f) }),
      (f: readonly string[]) => script(removeAll, { tokenA: env.USDT, tokenB: env.WBNB, liquidity: lp(f), slippage: params.slippage }),
      ...(swapped
        ? [
            (f: readonly string[]) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router }),
            (f: readonly string[]) => script(swapPlannedV3, { plan: plan(f), fee: 2500, slippage: params.slippage }),
          ]
        : []),
      (f: readonly string[]) => script(approve, { token: env.USDT, spender: env.v3_position_manager, amount: held(f, 'USDT') }),
      (f: readonly string[]) => script(approve, { token: env.WBNB, spender: env.v3_position_manager, amount: held(f, 'WBNB') }),
      (f: readonly string[]) =>
        script(mintV3Position, { ...pool, range, amount0: held(f, 'USDT'), amount1: held(f, 'WBNB'), slippage: params.slippage }),
      submit(),
    ],
  };
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_range',
    mechanism: {
      fails: [
        "a new position in the USDT/WBNB 0.25 % pool with the range's ticks",
        'the position holds at least 99 % of what the removal returned, at most 0.25 % is left unused, and nothing else went in',
        "the mint's minimums are within the slippage limit, and no allowance is left but the position manager's for what the mint did not use",
      ],
    },
    name: 'takes the pool price as USDT per BNB (it is WBNB per USDT): the range lies far above, the rebalance sells nearly all the WBNB and the mint reverts on its minimum',
    episode: (params, env) => farmToRange(params, env, { rangeSkill: rangeNotInverted }),
  },
  {
    kind: 'wrong_fee_tier',
    name: "rounds the ticks to the 0.05 % tier's spacing of 10 in the 0.25 % pool: the mint reverts",
    episode: (params, env) => farmToRange(params, env, { spacingFee: 500 }),
  },
  {
    kind: 'skipped_step',
    name: 'mints the halves the V2 removal returned without the rebalancing swap',
    episode: (params, env) => farmToRange(params, env, { swap: false }),
  },
];
