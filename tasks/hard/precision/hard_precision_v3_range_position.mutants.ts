import { parseEther, parseUnits } from 'viem';
import {
  approve,
  script,
  submit,
  type SkillContext,
  type Tx,
  type ScriptRound,
  type HardContracts,
} from '../../../src/composite/reference.ts';
import type { HardMutant } from '../../../src/tasks/mutants.ts';
import type { HardEnv } from '../../../src/tasks/address-map.ts';

/** NonfungiblePositionManager.mint of USDT/WBTC 0.05 % with the given ticks and desired amounts, and the given minimums (none by default). */
async function mintTicks(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts: d,
  }: SkillContext<HardContracts>,
  a: { tickLower: number; tickUpper: number; amount0: bigint; amount1: bigint; amount0Min?: bigint; amount1Min?: bigint },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { timestamp } = await client.getBlock();
  const abi = parseAbi([
    'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
    'function mint(MintParams params) payable returns (uint256, uint128, uint256, uint256)',
  ]);
  const args = {
    token0: d.USDT,
    token1: d.WBTC,
    fee: 500,
    tickLower: a.tickLower,
    tickUpper: a.tickUpper,
    amount0Desired: a.amount0,
    amount1Desired: a.amount1,
    amount0Min: a.amount0Min ?? 0n,
    amount1Min: a.amount1Min ?? 0n,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
  };
  return { to: d.v3_position_manager, data: encodeFunctionData({ abi, functionName: 'mint', args: [args] }) };
}

/**
 * Approve both tokens for the amounts, then mint over [lo, hi]: 0.01 WBTC and no minimums, or (`exact`)
 * the amounts a range above the pool's price takes (the USDT alone) with minimums 1 % below.
 */
function rangeEpisode(p: Record<string, any>, env: HardEnv, lo: number, hi: number, exact = false) {
  const amount0 = parseEther(p.usdt);
  const amount1 = exact ? 0n : parseUnits('0.01', 8);
  const minimums = exact ? { amount0Min: (amount0 * 99n) / 100n, amount1Min: 0n } : {};
  return {
    plan: 'approve USDT, approve WBTC, mint',
    rounds: [
      script(approve, { token: env.USDT, spender: env.v3_position_manager, amount: amount0 }),
      script(approve, { token: env.WBTC, spender: env.v3_position_manager, amount: amount1 }),
      script(mintTicks, { tickLower: lo, tickUpper: hi, amount0, amount1, ...minimums }),
      submit(),
    ],
  };
}

const LOG = Math.log(1.0001);

const floorTo = (t: number) => Math.floor(t / 10) * 10;

const ceilTo = (t: number) => Math.ceil(t / 10) * 10;

export const mutants: HardMutant<ScriptRound>[] = [
  {
    kind: 'wrong_decimals',
    mechanism: {
      fails: [
        "a new position in the USDT/WBTC 0.05 % pool with the range's ticks",
        'deposited the USDT asked for and the WBTC the range needs',
      ],
    },
    name: 'ticks straight from the USD prices (no inversion to WBTC per USDT, no decimals): a range above the price, so it deposits the USDT alone, approvals and minimums exact',
    episode: (p, env) => rangeEpisode(p, env, floorTo(Math.floor(Math.log(p.low) / LOG)), ceilTo(Math.ceil(Math.log(p.high) / LOG)), true),
  },
  {
    kind: 'wrong_decimals',
    name: 'inverts the price but ignores the 18 / 8 decimals',
    episode: (p, env) =>
      rangeEpisode(p, env, floorTo(Math.floor(Math.log(1 / p.high) / LOG)), ceilTo(Math.ceil(Math.log(1 / p.low) / LOG))),
  },
  {
    kind: 'wrong_amount',
    name: 'rounds both ends inward (a narrower range than asked)',
    episode: (p, env) =>
      rangeEpisode(p, env, ceilTo(Math.ceil(Math.log(1e-10 / p.high) / LOG)), floorTo(Math.floor(Math.log(1e-10 / p.low) / LOG))),
  },
];
