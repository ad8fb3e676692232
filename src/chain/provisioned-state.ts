import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from './anvil.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { startChainClock } from './chain-clock.ts';
import { provisionAgent } from './provision.ts';
import type { ChainProfile } from '../tasks/chain-profile.ts';
import { chainClients, type ChainClients } from './rpc.ts';

/**
 * The mirror with the run's agent provisioned, written once per run so every node of the run starts
 * from it: a new chain session then costs an anvil start, not a provisioning (≈ 0.5 s of transactions).
 */
export async function writeProvisionedState(opts: {
  base: string;
  chainId: number;
  agentKey: Hex;
  marker: Hex;
  manifest: MirrorManifest;
  /** QUEST_ANVIL_BIN */
  binary?: string;
  /** Whose chain the state stands for (default BSC): the provisioning's tokens and units. */
  profile?: ChainProfile;
  /** Provisioning beyond provisionAgent's, run after it (the hard split's starting wallet). */
  provisionMore?: (chain: ChainClients, agent: Address) => Promise<void>;
}): Promise<{ file: string; dispose(): void }> {
  const node = await startAnvil({ chainId: opts.chainId, loadState: opts.base, ...(opts.binary ? { binary: opts.binary } : {}) });
  try {
    const chain = chainClients(node.url);
    await startChainClock(chain);
    const agent = privateKeyToAccount(opts.agentKey).address;
    await provisionAgent(chain, agent, opts.marker, opts.manifest, opts.profile);
    await opts.provisionMore?.(chain, agent);
    const dumped = await chain.request<Hex>('anvil_dumpState');
    const dir = mkdtempSync(join(tmpdir(), 'questbench-state-'));
    const file = join(dir, 'provisioned.json');
    writeFileSync(file, gunzipSync(Buffer.from(dumped.slice(2), 'hex')));
    return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await node.stop();
  }
}
