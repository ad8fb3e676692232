import { parseEther, type Address } from 'viem';
import {
  approve,
  defineCompositeReference,
  read,
  script,
  submit,
  type SkillContext,
  type Tx,
  type HardEnv,
  type HardContracts,
} from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

interface RangePlan {
  tickLower: number;
  tickUpper: number;
  amount1: bigint;
}

/**
 * The position's ticks and the WBTC it needs for `amount0` USDT at the pool's price. The pool prices
 * token1 (WBTC, 8 decimals) per token0 (USDT, 18 decimals) in base units: 1e-10 / (USD per WBTC), so the
 * high USD bound gives the lower tick. Ends widen outward to the tier's spacing.
 */
async function rangePlan(
  { viem: { createPublicClient, http, parseAbi }, providerUrl, deployedContracts: d }: SkillContext<HardContracts>,
  a: { low: number; high: number; amount0: bigint; fee: number },
): Promise<RangePlan> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const pool = await client.readContract({
    address: d.v3_factory,
    abi: parseAbi(['function getPool(address, address, uint24) view returns (address)']),
    functionName: 'getPool',
    args: [d.USDT, d.WBTC, a.fee],
  });
  const poolAbi = parseAbi([
    'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint32, bool)',
    'function tickSpacing() view returns (int24)',
    'function token0() view returns (address)',
  ]);
  const erc20 = parseAbi(['function decimals() view returns (uint8)']);
  const [slot0, spacing, token0] = await Promise.all([
    client.readContract({ address: pool, abi: poolAbi, functionName: 'slot0' }),
    client.readContract({ address: pool, abi: poolAbi, functionName: 'tickSpacing' }),
    client.readContract({ address: pool, abi: poolAbi, functionName: 'token0' }),
  ]);
  if (token0.toLowerCase() !== d.USDT.toLowerCase()) throw new Error('expected USDT as token0');
  const [dec0, dec1] = await Promise.all([
    client.readContract({ address: d.USDT, abi: erc20, functionName: 'decimals' }),
    client.readContract({ address: d.WBTC, abi: erc20, functionName: 'decimals' }),
  ]);
  const tickOf = (usdPerWbtc: number) => Math.log((1 / usdPerWbtc) * 10 ** (dec1 - dec0)) / Math.log(1.0001);
  const tickLower = Math.floor(Math.floor(tickOf(a.high)) / spacing) * spacing;
  const tickUpper = Math.ceil(Math.ceil(tickOf(a.low)) / spacing) * spacing;
  const Q96 = 2n ** 96n;
  const sqrtAt = (t: number) => BigInt(Math.floor(Math.sqrt(1.0001 ** t) * 2 ** 96));
  const [sqrtA, sqrtB, sqrtC] = [sqrtAt(tickLower), sqrtAt(tickUpper), slot0[0]];
  const liquidity = (a.amount0 * ((sqrtC * sqrtB) / Q96)) / (sqrtB - sqrtC);
  return { tickLower, tickUpper, amount1: (liquidity * (sqrtC - sqrtA)) / Q96 + 1n };
}

/** approve(spender, plan.amount1) on the token. */
function approvePlanned(
  { viem: { encodeFunctionData, erc20Abi } }: SkillContext<HardContracts>,
  a: { token: Address; spender: Address; plan: RangePlan },
): Tx {
  return { to: a.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.spender, a.plan.amount1] }) };
}

/** NonfungiblePositionManager.mint with the planned ticks and amounts, minimums 1 % below. */
async function mintPlanned(
  {
    viem: { createPublicClient, encodeFunctionData, http, parseAbi },
    providerUrl,
    agentAddress,
    deployedContracts: d,
  }: SkillContext<HardContracts>,
  a: { plan: RangePlan; amount0: bigint; fee: number },
): Promise<Tx> {
  const client = createPublicClient({ transport: http(providerUrl) });
  const { timestamp } = await client.getBlock();
  const abi = parseAbi([
    'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
    'function mint(MintParams params) payable returns (uint256, uint128, uint256, uint256)',
  ]);
  const p = a.plan;
  const args = {
    token0: d.USDT,
    token1: d.WBTC,
    fee: a.fee,
    tickLower: p.tickLower,
    tickUpper: p.tickUpper,
    amount0Desired: a.amount0,
    amount1Desired: p.amount1,
    amount0Min: (a.amount0 * 99n) / 100n,
    amount1Min: (p.amount1 * 99n) / 100n,
    recipient: agentAddress,
    deadline: timestamp + 1200n,
  };
  return { to: d.v3_position_manager, data: encodeFunctionData({ abi, functionName: 'mint', args: [args] }) };
}

export default defineCompositeReference((params: TaskParams<'hard_precision_v3_range_position'>, env: HardEnv) => {
  const amount0 = parseEther(params.usdt);
  const plan = { low: params.low, high: params.high, amount0, fee: 500 };
  return {
    plan: '1. approve(position manager, USDT amount).\n2. approve(position manager, WBTC needed) from the ticks and the pool price.\n3. mint the position, minimums 1 % below.\nThen submit.',
    rounds: [
      script(approve, { token: env.USDT, spender: env.v3_position_manager, amount: amount0 }),
      script(approvePlanned, { token: env.WBTC, spender: env.v3_position_manager, plan: read(rangePlan, plan) }),
      script(mintPlanned, { plan: read(rangePlan, plan), amount0, fee: 500 }),
      submit(),
    ],
  };
});
