import { getAddress, maxUint256, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { BSC, DEPLOYER } from './addresses.ts';
import { callAs } from './call-as.ts';
import { V3_DEPLOYER_ABI, V3_FACTORY_ABI, V3_POOL_ABI, V3_POSITION_MANAGER_ABI } from './hard-abis.ts';
import { tokenAddress, tokenDecimals, USD_PRICES, type V3PoolSpec } from './hard-spec.ts';
import { approveAs } from './hard-tokens-place.ts';
import { PANCAKE_V3, poolDeployerCode, V3_FEE_TIERS, type PancakeV3Build } from './pancake-v3.ts';
import { placeContract } from './place-contract.ts';
import type { ChainClients } from './rpc.ts';
import { encodeSqrtPriceX96, nearestUsableTick, priceOfSqrtX96, tickAtPrice } from './v3-math.ts';

const DEADLINE = 4_000_000_000n;

/** A pool as the manifest records it (amounts as decimal strings, so the manifest stays JSON). */
export interface V3PoolRecord {
  key: string;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
  address: Address;
  sqrtPriceX96: string;
  tick: number;
  liquidity: string;
}

/**
 * Places PancakeSwap V3 at its canonical BSC addresses: the pool deployer stand-in (with the pool's creation
 * code appended), the factory and the periphery, each constructed as on BSC (deployer, factory, WBNB).
 */
export async function placePancakeV3(chain: ChainClients, v3: PancakeV3Build, deployerRuntime: Hex): Promise<void> {
  await chain.test.setCode({ address: PANCAKE_V3.poolDeployer, bytecode: poolDeployerCode(deployerRuntime, v3.pool.bytecode) });
  const place = async (target: Address, artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []) => {
    await chain.test.impersonateAccount({ address: DEPLOYER });
    await placeContract(chain, DEPLOYER, target, artifact, args);
  };
  await place(PANCAKE_V3.factory, v3.factory, [PANCAKE_V3.poolDeployer]);
  await callAs(chain, DEPLOYER, PANCAKE_V3.poolDeployer, V3_DEPLOYER_ABI, 'setFactoryAddress', [PANCAKE_V3.factory]);
  const periphery = [PANCAKE_V3.poolDeployer, PANCAKE_V3.factory, BSC.WBNB] as const;
  await place(PANCAKE_V3.swapRouter, v3.swapRouter, periphery);
  await place(PANCAKE_V3.quoterV2, v3.quoterV2, periphery);
  await place(PANCAKE_V3.tickLens, v3.tickLens);
  await place(PANCAKE_V3.positionDescriptor, v3.positionDescriptor);
  await callAs(
    chain,
    DEPLOYER,
    PANCAKE_V3.positionDescriptor,
    [
      {
        type: 'function',
        name: 'initialize',
        stateMutability: 'nonpayable',
        inputs: [{ name: 'baseTokenURI', type: 'string' }],
        outputs: [],
      },
    ] as const,
    'initialize',
    ['https://nft.pancakeswap.com/v3/'],
  );
  await place(PANCAKE_V3.positionManager, v3.positionManager, [...periphery, PANCAKE_V3.positionDescriptor]);
}

/** token0/token1 order and the starting sqrt price of a pair at the USD prices of the spec. */
export function poolStart(a: string, b: string): { token0: string; token1: string; sqrtPriceX96: bigint } {
  const [token0, token1] = BigInt(tokenAddress(a)) < BigInt(tokenAddress(b)) ? [a, b] : [b, a];
  // raw token1 per raw token0 = (usd0 / usd1) × 10^(dec1 − dec0)
  const amount1 = parseUnits(USD_PRICES[token0]!, 18) * 10n ** BigInt(tokenDecimals(token1));
  const amount0 = parseUnits(USD_PRICES[token1]!, 18) * 10n ** BigInt(tokenDecimals(token0));
  return { token0, token1, sqrtPriceX96: encodeSqrtPriceX96(amount1, amount0) };
}

/** Whole tokens worth `usd`, as a raw amount. */
function amountForUsd(key: string, usd: number): bigint {
  const decimals = tokenDecimals(key);
  return parseUnits((usd / Number(USD_PRICES[key]!)).toFixed(decimals), decimals);
}

export async function readPool(chain: ChainClients, key: string, address: Address): Promise<V3PoolRecord> {
  const read = <const F extends 'slot0' | 'liquidity' | 'token0' | 'token1' | 'fee' | 'tickSpacing'>(functionName: F) =>
    chain.public.readContract({ address, abi: V3_POOL_ABI, functionName });
  const [slot0, liquidity, token0, token1, fee, tickSpacing] = await Promise.all([
    read('slot0'),
    read('liquidity'),
    read('token0'),
    read('token1'),
    read('fee'),
    read('tickSpacing'),
  ]);
  return {
    key,
    token0: getAddress(token0),
    token1: getAddress(token1),
    fee: Number(fee),
    tickSpacing: Number(tickSpacing),
    address: getAddress(address),
    sqrtPriceX96: slot0[0].toString(),
    tick: Number(slot0[1]),
    liquidity: liquidity.toString(),
  };
}

/**
 * Creates and initialises each pool at the spec's price and mints its positions from `owner` (who must hold
 * the tokens) through the position manager. Returns the pools as built.
 */
export async function createV3Pools(chain: ChainClients, pools: readonly V3PoolSpec[], owner: Address = DEPLOYER): Promise<V3PoolRecord[]> {
  const approved = new Set<string>();
  const records: V3PoolRecord[] = [];
  for (const spec of pools) {
    const { token0, token1, sqrtPriceX96 } = poolStart(spec.a, spec.b);
    const [t0, t1] = [tokenAddress(token0), tokenAddress(token1)];
    for (const t of [t0, t1]) {
      if (approved.has(t)) continue;
      await approveAs(chain, owner, t, PANCAKE_V3.positionManager, maxUint256);
      approved.add(t);
    }
    await callAs(chain, owner, PANCAKE_V3.positionManager, V3_POSITION_MANAGER_ABI, 'createAndInitializePoolIfNecessary', [
      t0,
      t1,
      spec.fee,
      sqrtPriceX96,
    ]);
    const spacing = V3_FEE_TIERS[spec.fee];
    const price = priceOfSqrtX96(sqrtPriceX96);
    for (const pos of spec.positions) {
      const tickLower = nearestUsableTick(tickAtPrice(price * pos.low), spacing);
      const tickUpper = Math.max(nearestUsableTick(tickAtPrice(price * pos.high), spacing), tickLower + spacing);
      await callAs(chain, owner, PANCAKE_V3.positionManager, V3_POSITION_MANAGER_ABI, 'mint', [
        {
          token0: t0,
          token1: t1,
          fee: spec.fee,
          tickLower,
          tickUpper,
          amount0Desired: amountForUsd(token0, pos.usd / 2),
          amount1Desired: amountForUsd(token1, pos.usd / 2),
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: owner,
          deadline: DEADLINE,
        },
      ]);
    }
    const address = await chain.public.readContract({
      address: PANCAKE_V3.factory,
      abi: V3_FACTORY_ABI,
      functionName: 'getPool',
      args: [t0, t1, spec.fee],
    });
    records.push(await readPool(chain, `${token0}_${token1}_${spec.fee}`, getAddress(address)));
  }
  return records;
}
