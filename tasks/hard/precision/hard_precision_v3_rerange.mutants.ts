import {
  approve,
  script,
  submit,
  type SkillContext,
  type Tx,
  approveSwapPlan,
  balanceChanges,
  mintV3Position,
  read,
  swapPlannedV3,
  v3DecreaseAll,
  v3PositionIn,
  v3PriceBeforeOwnSwap,
  v3RebalanceSwap,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import { burnPosition, centredRange, collectAll } from './hard_precision_v3_rerange.reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

// hard_precision_v3_rerange: closing the position without its fees, or re-opening without the rebalance,
// every later round carried on as the reference would.

/** collect of exactly what the position's latest decrease returned (its DecreaseLiquidity event): the fees stay owed. */
async function collectDecreased(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi, parseAbiItem },
    providerUrl,
    agentAddress,
    deployedContracts,
  }: SkillContext<HardContracts>,
  a: { tokenId: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const manager = deployedContracts.v3_position_manager;
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({
    address: manager,
    event: parseAbiItem('event DecreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)'),
    args: { tokenId: a.tokenId },
    fromBlock: head - 20n,
    toBlock: head,
  });
  const last = logs.at(-1)?.args;
  if (last?.amount0 === undefined || last.amount1 === undefined)
    throw new Error('no DecreaseLiquidity of the position in the last 20 blocks');
  const abi = parseAbi([
    'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max)) payable returns (uint256, uint256)',
  ]);
  const args = { tokenId: a.tokenId, recipient: agentAddress, amount0Max: last.amount0, amount1Max: last.amount1 };
  return { to: manager, data: encodeFunctionData({ abi, functionName: 'collect', args: [args] }) };
}

/** The reference's rounds with `collect` in place of collecting everything, or without the rebalancing swap. */
function rerange(params: Record<string, any>, env: HardEnv, o: { collect?: typeof collectDecreased; swap?: boolean }) {
  const pool = { token0: env.WBNB, token1: env.BUSD, fee: 500 };
  const tokenId = read(v3PositionIn, pool);
  const range = read(centredRange, { fee: 500, half: params.half, price: read(v3PriceBeforeOwnSwap, pool) });
  const change = (f: readonly string[], i: number, holding: string) => balanceChanges(f)[i]?.get(holding) ?? 0n;
  const plan = (f: readonly string[]) =>
    read(v3RebalanceSwap, { ...pool, range, amount0: change(f, 1, 'WBNB'), amount1: change(f, 1, 'BUSD') });
  const swapped = o.swap ?? true;
  const held = (f: readonly string[], token: string) => change(f, 1, token) + (swapped ? change(f, 4, token) : 0n);
  return {
    plan: 'decrease, collect, burn, (rebalance), approve, approve, mint',
    rounds: [
      script(v3DecreaseAll, { tokenId, slippage: params.slippage }),
      script(o.collect ?? collectAll, { tokenId }),
      script(burnPosition, { tokenId }),
      ...(swapped
        ? [
            (f: readonly string[]) => script(approveSwapPlan, { plan: plan(f), spender: env.v3_swap_router }),
            (f: readonly string[]) => script(swapPlannedV3, { plan: plan(f), fee: 500, slippage: params.slippage }),
          ]
        : []),
      (f: readonly string[]) => script(approve, { token: env.WBNB, spender: env.v3_position_manager, amount: held(f, 'WBNB') }),
      (f: readonly string[]) => script(approve, { token: env.BUSD, spender: env.v3_position_manager, amount: held(f, 'BUSD') }),
      (f: readonly string[]) =>
        script(mintV3Position, { ...pool, range, amount0: held(f, 'WBNB'), amount1: held(f, 'BUSD'), slippage: params.slippage }),
      submit(),
    ],
  };
}

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_amount',
    name: 'collects only what the decrease returned: the fees stay owed, the burn reverts, the rest goes on',
    episode: (params, env) => rerange(params, env, { collect: collectDecreased }),
  },
  {
    kind: 'skipped_step',
    mechanism: {
      fails: [
        'a new position in the WBNB/BUSD 0.05 % pool over the current tick (rounded down to the spacing) ± the half-width',
        'the new position holds at least 99 % of what the collect paid, at most 0.5 % is left unused, and nothing else went in',
        "one exact-input swap in the 0.05 % pool, minimum within the slippage limit of the quoter's quote",
        "the mint's minimums are within the slippage limit, and no allowance is left but the position manager's for what the mint did not use",
      ],
    },
    name: 'mints what the collect paid (nearly all BUSD) without the rebalancing swap',
    episode: (params, env) => rerange(params, env, { swap: false }),
  },
];
