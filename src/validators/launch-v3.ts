// Harness-side setup for a task whose own token also trades on PancakeSwap V3: its token/WBNB pool is
// created, initialised and funded through the real position manager, as a token's owner would do it, so
// the pool's price, ticks and liquidity are all real. Never reachable from scripts.
import { encodeFunctionData, erc20Abi, parseAbi, parseEther, type Address } from 'viem';
import { DEPLOYER } from '../chain/addresses.ts';
import { V3_FACTORY_ABI, V3_POSITION_MANAGER_ABI } from '../chain/hard-abis.ts';
import { sendAs } from '../chain/impersonate.ts';
import { V3_FEE_TIERS, type V3Fee } from '../chain/pancake-v3.ts';
import type { ChainClients } from '../chain/rpc.ts';
import { encodeSqrtPriceX96, nearestUsableTick, priceOfSqrtX96, tickAtPrice } from '../chain/v3-math.ts';
import { byRole, type EnvMap } from '../tasks/address-map.ts';
import { wrapAs } from './plant.ts';

const OWNER = parseAbi(['function mint(address to, uint256 amount)', 'function setPair(address pair, bool value)']);

export interface V3PoolLaunch {
  /** A token already deployed whose owner is the deployer, with an owner-only mint(to, amount). */
  token: Address;
  fee: V3Fee;
  /** The starting price is bnbAmount / tokenAmount (both in base units); the position is funded with up to these. */
  tokenAmount: bigint;
  bnbAmount: bigint;
  /** The position's range as multiples of the starting price (e.g. 0.8 and 1.25). */
  low: number;
  high: number;
  /** After the launch, the owner registers the pool with the token's setPair(pool, true). */
  registerPool?: boolean;
}

/** Creates the token/WBNB pool at `fee`, mints one position around its price from the deployer; returns the pool's address. */
export async function launchV3Pool(chain: ChainClients, env: EnvMap, launch: V3PoolLaunch): Promise<Address> {
  const { token, fee, tokenAmount, bnbAmount } = launch;
  const wbnb = byRole(env, 'wrappedNative');
  const manager = byRole(env, 'v3PositionManager');
  const tokenIs0 = BigInt(token) < BigInt(wbnb);
  const [token0, token1] = tokenIs0 ? [token, wbnb] : [wbnb, token];
  const [amount0, amount1] = tokenIs0 ? [tokenAmount, bnbAmount] : [bnbAmount, tokenAmount];

  const balance = await chain.public.getBalance({ address: DEPLOYER });
  await chain.test.setBalance({ address: DEPLOYER, value: balance + bnbAmount + parseEther('1') });
  await wrapAs(chain, DEPLOYER, wbnb, bnbAmount);
  await sendAs(chain, DEPLOYER, token, encodeFunctionData({ abi: OWNER, functionName: 'mint', args: [DEPLOYER, tokenAmount] }));
  for (const t of [token, wbnb])
    await sendAs(
      chain,
      DEPLOYER,
      t,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [manager, t === token ? tokenAmount : bnbAmount] }),
    );

  const sqrtPriceX96 = encodeSqrtPriceX96(amount1, amount0);
  const create = encodeFunctionData({
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'createAndInitializePoolIfNecessary',
    args: [token0, token1, fee, sqrtPriceX96],
  });
  await sendAs(chain, DEPLOYER, manager, create, 0n, 6_000_000n);

  const spacing = V3_FEE_TIERS[fee];
  const price = priceOfSqrtX96(sqrtPriceX96);
  const tickLower = nearestUsableTick(tickAtPrice(price * launch.low), spacing);
  const tickUpper = Math.max(nearestUsableTick(tickAtPrice(price * launch.high), spacing), tickLower + spacing);
  const { timestamp } = await chain.public.getBlock();
  const mint = encodeFunctionData({
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'mint',
    args: [
      {
        token0,
        token1,
        fee,
        tickLower,
        tickUpper,
        amount0Desired: amount0,
        amount1Desired: amount1,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: DEPLOYER,
        deadline: timestamp + 3600n,
      },
    ],
  });
  await sendAs(chain, DEPLOYER, manager, mint, 0n, 6_000_000n);
  const pool = await chain.public.readContract({
    address: byRole(env, 'v3Factory'),
    abi: V3_FACTORY_ABI,
    functionName: 'getPool',
    args: [token0, token1, fee],
  });
  if (launch.registerPool)
    await sendAs(chain, DEPLOYER, token, encodeFunctionData({ abi: OWNER, functionName: 'setPair', args: [pool, true] }));
  return pool;
}
