// Builds the hard split's chain on top of the committed base mirror (fixtures/mirror/state.json), with real
// transactions: the published splits keep their state file untouched, and this one adds PancakeSwap V3,
// the Venus core pool, the hazard tokens and their pools.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseEther, type Hex } from 'viem';
import { BSC, BSC_CHAIN_ID, DEPLOYER, MULTICALL3 } from './addresses.ts';
import { startAnvil } from './anvil.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { callAs } from './call-as.ts';
import { startChainClock } from './chain-clock.ts';
import type { Artifact } from './compile.ts';
import { HARD_TOKEN_ABI } from './hard-abis.ts';
import { HardManifest, manifestHazards, manifestTokens } from './hard-manifest.ts';
import { HARD_TOKENS, HARD_V3_POOLS, LENDING_WHALE, tokenAddress } from './hard-spec.ts';
import { createHardV2Pools, mintHardToken, placeHardTokens, placeHazardContracts, stockHardTokens } from './hard-tokens-place.ts';
import { createV3Pools, placePancakeV3 } from './pancake-v3-place.ts';
import { PANCAKE_V3, type PancakeV3Build } from './pancake-v3.ts';
import { fixtureMissing } from './fixture-error.ts';
import { chainClients, type ChainClients } from './rpc.ts';
import type { VenusBuild } from './venus-build.ts';
import { placeVenus, seedVenusMarkets } from './venus-place.ts';

/** The hard state's head time: 2026-12-01 00:00 UTC, so dates in requests ("the 3rd") are unambiguous. */
export const HARD_CLOCK = Date.UTC(2026, 11, 1) / 1000;

const ERC20_TRANSFER = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const;
const WBNB_DEPOSIT = [{ type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] }] as const;

/** Gives the lending whale `amount` of a token from the deployer's supply (minted for the hard tokens). */
async function fundFromDeployer(chain: ChainClients, key: string, to: `0x${string}`, amount: bigint): Promise<void> {
  if (HARD_TOKENS.some((t) => t.key === key)) await mintHardToken(chain, key, to, amount);
  else await callAs(chain, DEPLOYER, tokenAddress(key), ERC20_TRANSFER, 'transfer', [to, amount]);
}

interface DumpedState {
  blocks: { header: { number: string; timestamp: string } }[];
  transactions: { info: { transaction_hash: string } }[];
}

/**
 * anvil's dump lists blocks and transactions in hash-map order, and adds a genesis block stamped with the
 * wall-clock time it loaded the base state at. Ordering both lists and giving that genesis the base's
 * timestamp makes two builds of the same sources write the same file.
 */
function canonicalDump(state: string, baseState: string): string {
  const dump = JSON.parse(state) as DumpedState;
  const base = JSON.parse(baseState) as DumpedState;
  const genesis = base.blocks.find((b) => BigInt(b.header.number) === 0n)?.header.timestamp;
  if (genesis) for (const b of dump.blocks) if (BigInt(b.header.number) === 0n) b.header.timestamp = genesis;
  dump.blocks.sort((a, b) => Number(BigInt(a.header.number) - BigInt(b.header.number)));
  dump.transactions.sort((a, b) =>
    a.info.transaction_hash < b.info.transaction_hash ? -1 : a.info.transaction_hash > b.info.transaction_hash ? 1 : 0,
  );
  return JSON.stringify(dump);
}

export interface HardMirrorBuild {
  /** Decoded JSON of anvil_dumpState. */
  state: string;
  manifest: HardManifest;
}

export async function buildHardMirror(opts: {
  baseState: string;
  baseManifest: MirrorManifest;
  artifacts: readonly Artifact[];
  v3: PancakeV3Build;
  venus: VenusBuild;
}): Promise<HardMirrorBuild> {
  const byName = new Map(opts.artifacts.map((a) => [a.contractName, a]));
  const deployerRuntime = byName.get('V3PoolDeployer')?.deployedBytecode;
  if (!deployerRuntime) throw fixtureMissing('artifact V3PoolDeployer missing');
  const anvil = await startAnvil({ chainId: BSC_CHAIN_ID, loadState: opts.baseState });
  try {
    const chain = chainClients(anvil.url);
    const head = await chain.public.getBlock({ blockTag: 'latest' });
    if (head.timestamp >= BigInt(HARD_CLOCK))
      throw new Error(`the base mirror's head (${head.timestamp}) is past the hard clock ${HARD_CLOCK}`);
    // Chain time follows the base mirror's head, not the wall clock, so the build does not depend on the day it runs.
    await startChainClock(chain);
    await chain.test.setBalance({ address: DEPLOYER, value: parseEther('10000000') });
    for (const token of [BSC.USDT, BSC.BUSD, BSC.CAKE])
      await callAs(chain, DEPLOYER, token, HARD_TOKEN_ABI, 'mint', [DEPLOYER, parseEther('500000000')]);
    await callAs(chain, DEPLOYER, BSC.WBNB, WBNB_DEPOSIT, 'deposit', [], parseEther('100000'));

    await placeHardTokens(chain, byName);
    const pairs = await createHardV2Pools(chain);
    await stockHardTokens(chain);

    await placePancakeV3(chain, opts.v3, deployerRuntime);
    const pools = await createV3Pools(chain, HARD_V3_POOLS);

    const venus = await placeVenus(chain, opts.venus, byName);
    await seedVenusMarkets(chain, (key, amount) => fundFromDeployer(chain, key, LENDING_WHALE, amount));

    await placeHazardContracts(chain, byName);

    // BSC's Multicall3 (viem's multicall and many agents' simulations call it); it holds no state, so its code is placed as is.
    const multicall = byName.get('QuestMulticall3')?.deployedBytecode;
    if (!multicall) throw fixtureMissing('artifact QuestMulticall3 missing');
    await chain.test.setCode({ address: MULTICALL3, bytecode: multicall as Hex });

    await chain.test.stopImpersonatingAccount({ address: DEPLOYER });
    await chain.test.setNextBlockTimestamp({ timestamp: BigInt(HARD_CLOCK) });
    await chain.test.mine({ blocks: 1 });
    const blockNumber = Number(await chain.public.getBlockNumber());
    const dumped = await chain.request<Hex>('anvil_dumpState');
    const state = canonicalDump(gunzipSync(Buffer.from(dumped.slice(2), 'hex')).toString('utf8'), readFileSync(opts.baseState, 'utf8'));
    const manifest = HardManifest.parse({
      ...opts.baseManifest,
      blockNumber,
      hard: {
        clock: HARD_CLOCK,
        tokens: manifestTokens(),
        pairs,
        v3: { ...PANCAKE_V3, poolInitCodeHash: opts.v3.poolInitCodeHash, pools },
        venus,
        hazards: manifestHazards(),
      },
    });
    return { state, manifest };
  } finally {
    await anvil.stop();
  }
}
