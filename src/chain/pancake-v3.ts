// PancakeSwap V3 for the hard split's mirror, from the bytecode the npm packages ship.
//
// @pancakeswap/v3-core 1.0.2 and @pancakeswap/v3-periphery 1.0.2 publish the compiled factory, pool,
// SwapRouter, NonfungiblePositionManager, QuoterV2 and TickLens (hardhat artifacts), but not the Solidity
// of those contracts (only their interfaces and libraries), so unlike the V2 build nothing here can be
// recompiled and compared. What is checked instead: the pool's creation code hashes to the
// POOL_INIT_CODE_HASH the periphery's own PoolAddress.sol declares (and PancakeSwap documents), every
// periphery contract embeds that hash, and nothing needs linking. The pool deployer is the one piece not
// on npm at all: fixtures/contracts/V3PoolDeployer.sol stands in for it (same interface, same CREATE2
// rule), so pools land at the addresses they have on BSC.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { concat, keccak256, numberToHex, pad, size, type Abi, type Address, type Hex } from 'viem';
import type { CompiledContract } from './pancake-v2.ts';

const require = createRequire(import.meta.url);

/**
 * Canonical BSC mainnet addresses, as PancakeSwap's developer docs list them
 * (github.com/pancakeswap/pancake-developer docs/pages/contracts/v3/addresses.md) and its deployment
 * file records them (github.com/pancakeswap/pancake-v3-contracts deployments/bscMainnet.json).
 */
export const PANCAKE_V3 = {
  factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
  poolDeployer: '0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9',
  swapRouter: '0x1b81D678ffb9C0263b24A97847620C99d213eB14',
  positionManager: '0x46A15B0b27311cedF172AB29E4f4766fbE7F4364',
  quoterV2: '0xB048Bbc1Ee6b733FFfCFb9e9CeF7375518e25997',
  tickLens: '0x9a489505a00cE272eAa5e07Dba6491314CaE3796',
  /** NonfungibleTokenPositionDescriptor in the deployment file; here the package's off-chain descriptor (tokenURI = base URI + id). */
  positionDescriptor: '0x3D00CdB4785F0ef20C903A13596e0b9B2c652227',
} as const satisfies Record<string, Address>;

/** PancakeSwap V3's fee tiers (hundredths of a basis point) and their tick spacing, as the factory's constructor enables them. */
export const V3_FEE_TIERS = { 100: 1, 500: 10, 2500: 50, 10000: 200 } as const;
export type V3Fee = keyof typeof V3_FEE_TIERS;

export interface PancakeV3Build {
  factory: CompiledContract;
  /** The pool's creation code: what the deployer CREATE2s. */
  pool: CompiledContract;
  swapRouter: CompiledContract;
  positionManager: CompiledContract;
  quoterV2: CompiledContract;
  tickLens: CompiledContract;
  positionDescriptor: CompiledContract;
  /** keccak256 of the pool's creation code, checked against PoolAddress.POOL_INIT_CODE_HASH. */
  poolInitCodeHash: Hex;
}

interface HardhatArtifact {
  abi: Abi;
  bytecode: Hex;
  linkReferences?: Record<string, unknown>;
}

function artifact(path: string): CompiledContract {
  const a = require(path) as HardhatArtifact;
  if (a.linkReferences && Object.keys(a.linkReferences).length) throw new Error(`PancakeSwap V3 build: ${path} needs library linking`);
  if (!/^0x[0-9a-f]+$/i.test(a.bytecode) || a.bytecode.length < 4) throw new Error(`PancakeSwap V3 build: ${path} has no bytecode`);
  return { abi: a.abi, bytecode: a.bytecode };
}

/** The init code hash PoolAddress.sol (shipped with the periphery package) derives pool addresses with. */
function declaredInitCodeHash(): Hex {
  const source = readFileSync(require.resolve('@pancakeswap/v3-periphery/contracts/libraries/PoolAddress.sol'), 'utf8');
  const m = /POOL_INIT_CODE_HASH\s*=\s*(0x[0-9a-fA-F]{64})/.exec(source);
  if (!m) throw new Error('PancakeSwap V3 build: PoolAddress.sol declares no POOL_INIT_CODE_HASH');
  return m[1]!.toLowerCase() as Hex;
}

/** Loads the published V3 contracts and checks they belong together (see the file comment). */
export function loadPancakeV3(): PancakeV3Build {
  const core = (name: string) => artifact(`@pancakeswap/v3-core/artifacts/contracts/${name}.sol/${name}.json`);
  const periphery = (path: string) => artifact(`@pancakeswap/v3-periphery/artifacts/contracts/${path}.json`);
  const build: PancakeV3Build = {
    factory: core('PancakeV3Factory'),
    pool: core('PancakeV3Pool'),
    swapRouter: periphery('SwapRouter.sol/SwapRouter'),
    positionManager: periphery('NonfungiblePositionManager.sol/NonfungiblePositionManager'),
    quoterV2: periphery('lens/QuoterV2.sol/QuoterV2'),
    tickLens: periphery('lens/TickLens.sol/TickLens'),
    positionDescriptor: periphery('NonfungibleTokenPositionDescriptorOffChain.sol/NonfungibleTokenPositionDescriptorOffChain'),
    poolInitCodeHash: keccak256(core('PancakeV3Pool').bytecode),
  };
  const declared = declaredInitCodeHash();
  if (build.poolInitCodeHash !== declared) {
    throw new Error(`PancakeSwap V3 build: the published pool hashes to ${build.poolInitCodeHash}, PoolAddress.sol declares ${declared}`);
  }
  for (const [name, c] of [
    ['SwapRouter', build.swapRouter],
    ['NonfungiblePositionManager', build.positionManager],
    ['QuoterV2', build.quoterV2],
  ] as const) {
    if (!c.bytecode.toLowerCase().includes(declared.slice(2)))
      throw new Error(`PancakeSwap V3 build: ${name} does not derive pools with ${declared}`);
  }
  return build;
}

/**
 * Runtime code of the pool deployer stand-in: its compiled runtime, then the pool's creation code, then
 * that code's length as a 32-byte word (what V3PoolDeployer.poolCreationCode() reads back).
 */
export function poolDeployerCode(deployerRuntime: Hex, poolCreationCode: Hex): Hex {
  return concat([deployerRuntime, poolCreationCode, pad(numberToHex(size(poolCreationCode)), { size: 32 })]);
}
