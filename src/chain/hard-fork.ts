// Fork mode for the hard split. A BSC fork already has PancakeSwap V3 and Venus at their canonical
// addresses, with their real state, oracle and governance; it has none of our tokens. At boot the hard
// bootstrap adds what the base bootstrap adds, then our tokens at their fixed addresses, their V2 pools,
// the V3 pools that involve them and the drainer, all through the real routers and position manager.
// Real protocol contracts are never replaced; the vWBTC market (ours) cannot be listed without
// governance, so a fork has no vWBTC.
import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  formatEther,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  parseAbi,
  parseEther,
  type Address,
} from 'viem';
import { BSC, DEPLOYER } from './addresses.ts';
import { loadArtifacts } from './artifacts.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { wrapBnbAs } from './call-as.ts';
import { BSC_MAINNET, bootstrapFork, forkManifest, ForkError, type ForkTarget } from './fork.ts';
import { V2_FACTORY_ABI, V3_FACTORY_ABI, V3_POOL_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from './hard-abis.ts';
import { HardManifest, manifestHazards, manifestTokens } from './hard-manifest.ts';
import { HARD_TOKENS, HARD_V2_POOLS, HARD_V3_POOLS, tokenAddress, VENUS_BSC, VENUS_LIQUIDATION_INCENTIVE } from './hard-spec.ts';
import { createHardV2Pools, placeHardTokens, placeHazardContracts, stockHardTokens } from './hard-tokens-place.ts';
import { createV3Pools, poolStart } from './pancake-v3-place.ts';
import { PANCAKE_V3, V3_FEE_TIERS } from './pancake-v3.ts';
import type { ChainClients } from './rpc.ts';
import { priceOfSqrtX96, tickAtPrice } from './v3-math.ts';

const NATIVE = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' as const;
const isHardToken = (key: string) => HARD_TOKENS.some((t) => t.key === key);
/** V3 pools a fork lacks: those with one of our tokens. */
const FORK_V3_POOLS = HARD_V3_POOLS.filter((p) => isHardToken(p.a) || isHardToken(p.b));

const EXTRA = parseAbi([
  'function comptrollerLens() view returns (address)',
  'function protocolShareReserve() view returns (address)',
  'function createPair(address tokenA, address tokenB) returns (address)',
]);

type ForkClient = ReturnType<typeof createPublicClient>;
type Read = <T>(address: Address, abi: readonly unknown[], functionName: string, args?: readonly unknown[]) => Promise<T>;

const V3_POOL_INIT_CODE_HASH = '0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2' as const;

/** The hard manifest on a fork: the upstream's protocols as they are at the pinned block, our tokens where the bootstrap puts them. */
export async function hardForkManifest(target: ForkTarget): Promise<HardManifest> {
  const base = await forkManifest(target);
  const client = createPublicClient({ transport: http(target.url, { timeout: 15_000, retryCount: 1 }) });
  const blockNumber = target.block;
  const read: Read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[] = []) =>
    client.readContract({
      address,
      abi: abi as never,
      functionName: functionName as never,
      args: args as never,
      blockNumber,
    }) as Promise<T>;

  const code = await client.getCode({ address: PANCAKE_V3.factory, blockNumber });
  if (!code || code === '0x') throw new ForkError('the fork has no PancakeSwap V3 factory at its canonical address', BSC_MAINNET);
  if (!(await client.getCode({ address: VENUS_BSC.comptroller, blockNumber })))
    throw new ForkError('the fork has no Venus comptroller at its canonical address', BSC_MAINNET);

  const pairs = await readV2Pairs(client, blockNumber, read);
  const pools = await readV3Pools(read);
  const venus = await readVenus(read);
  const block = await client.getBlock({ blockNumber });
  return HardManifest.parse({
    ...base,
    hard: {
      clock: Number(block.timestamp),
      tokens: manifestTokens(),
      pairs,
      v3: { ...PANCAKE_V3, poolInitCodeHash: V3_POOL_INIT_CODE_HASH, pools },
      venus,
      hazards: manifestHazards(),
    },
  });
}

/** Our V2 pairs: where they are, or where the factory will create them. */
async function readV2Pairs(client: ForkClient, blockNumber: bigint, read: Read): Promise<Record<string, Address>> {
  const pairs: Record<string, Address> = {};
  for (const p of HARD_V2_POOLS) {
    const [a, b] = [tokenAddress(p.a), tokenAddress(p.b)];
    let pair = getAddress(await read<Address>(BSC.PANCAKE_FACTORY, V2_FACTORY_ABI, 'getPair', [a, b]));
    if (BigInt(pair) === 0n) {
      // Not created yet: the factory's own answer to createPair is where the bootstrap will create it.
      const data = encodeFunctionData({ abi: EXTRA, functionName: 'createPair', args: [a, b] });
      const out = await client.call({ to: BSC.PANCAKE_FACTORY, data, blockNumber, account: DEPLOYER });
      pair = getAddress(`0x${out.data!.slice(-40)}`);
    }
    pairs[`${p.a}_${p.b}`] = pair;
  }
  return pairs;
}

/** The hard V3 pools: the state of those that exist, the start of those the bootstrap creates. */
async function readV3Pools(read: Read) {
  const pools = [];
  for (const spec of HARD_V3_POOLS) {
    const start = poolStart(spec.a, spec.b);
    const [t0, t1] = [tokenAddress(start.token0), tokenAddress(start.token1)];
    const existing = getAddress(await read<Address>(PANCAKE_V3.factory, V3_FACTORY_ABI, 'getPool', [t0, t1, spec.fee]));
    const address =
      BigInt(existing) !== 0n
        ? existing
        : getContractAddress({
            opcode: 'CREATE2',
            from: PANCAKE_V3.poolDeployer,
            bytecodeHash: V3_POOL_INIT_CODE_HASH,
            salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [t0, t1, spec.fee])),
          });
    // Not created yet: the state it will start in (the bootstrap creates it and adds its positions).
    let state = { sqrtPriceX96: start.sqrtPriceX96.toString(), tick: tickAtPrice(priceOfSqrtX96(start.sqrtPriceX96)), liquidity: '0' };
    if (BigInt(existing) !== 0n) {
      const slot0 = await read<readonly [bigint, number]>(address, V3_POOL_ABI, 'slot0');
      state = {
        sqrtPriceX96: slot0[0].toString(),
        tick: Number(slot0[1]),
        liquidity: (await read<bigint>(address, V3_POOL_ABI, 'liquidity')).toString(),
      };
    }
    pools.push({
      key: `${start.token0}_${start.token1}_${spec.fee}`,
      token0: t0,
      token1: t1,
      fee: spec.fee,
      tickSpacing: V3_FEE_TIERS[spec.fee],
      address,
      ...state,
    });
  }
  return pools;
}

/** Venus as the fork has it: the comptroller's parts and the markets the hard tasks use. */
async function readVenus(read: Read) {
  const C = VENUS_COMPTROLLER_ABI;
  const markets: Record<string, unknown> = {};
  for (const key of ['vBNB', 'vUSDT', 'vBUSD', 'vCAKE'] as const) {
    const address = VENUS_BSC[key];
    const m = await read<readonly [boolean, bigint, boolean, bigint]>(VENUS_BSC.comptroller, C, 'markets', [address]);
    markets[key] = {
      address,
      underlying: key === 'vBNB' ? NATIVE : await read<Address>(address, VTOKEN_ABI, 'underlying'),
      underlyingDecimals: 18,
      collateralFactor: formatEther(m[1]),
      liquidationThreshold: formatEther(m[3]),
      reserveFactor: formatEther(await read<bigint>(address, VTOKEN_ABI, 'reserveFactorMantissa')),
      rateModel: await read<Address>(address, VTOKEN_ABI, 'interestRateModel'),
    };
  }
  return {
    comptroller: VENUS_BSC.comptroller,
    implementation: await read<Address>(VENUS_BSC.comptroller, C, 'comptrollerImplementation'),
    facets: {},
    lens: await read<Address>(VENUS_BSC.comptroller, EXTRA, 'comptrollerLens'),
    delegate: await read<Address>(VENUS_BSC.vUSDT, VTOKEN_ABI, 'implementation'),
    oracle: await read<Address>(VENUS_BSC.comptroller, C, 'oracle'),
    // The comptroller does not expose its access control manager.
    accessControl: '0x0000000000000000000000000000000000000000',
    reserveSink: await read<Address>(VENUS_BSC.vUSDT, EXTRA, 'protocolShareReserve'),
    liquidationIncentive: VENUS_LIQUIDATION_INCENTIVE,
    closeFactor: formatEther(await read<bigint>(VENUS_BSC.comptroller, C, 'closeFactorMantissa')),
    markets,
  };
}

/**
 * Boots a fork for the hard split: the base bootstrap (deployer funds, auxiliary contracts), then our tokens,
 * their V2 pools, the V3 pools with one of our tokens, and the drainer. Pass as ChainSession's `bootstrap`.
 */
export async function bootstrapHardFork(chain: ChainClients, manifest: MirrorManifest): Promise<void> {
  await bootstrapFork(chain, manifest);
  const artifacts = loadArtifacts();
  await placeHardTokens(chain, artifacts);
  await wrapBnbAs(chain, DEPLOYER, parseEther('20000'));
  await createHardV2Pools(chain);
  await stockHardTokens(chain);
  await createV3Pools(chain, FORK_V3_POOLS);
  await placeHazardContracts(chain, artifacts);
}
