import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from './anvil.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { provisionAgent } from './provision.ts';
import { chainClients } from './rpc.ts';
import { startChainClock } from './session.ts';

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
  /** How the agent is provisioned on this chain (default: the published splits' provisioning). */
  provision?: typeof provisionAgent;
}): Promise<{ file: string; dispose(): void }> {
  const node = await startAnvil({ chainId: opts.chainId, loadState: opts.base, ...(opts.binary ? { binary: opts.binary } : {}) });
  try {
    const chain = chainClients(node.url);
    await startChainClock(chain);
    await (opts.provision ?? provisionAgent)(chain, privateKeyToAccount(opts.agentKey).address, opts.marker, opts.manifest);
    const dumped = await chain.request<Hex>('anvil_dumpState');
    const dir = mkdtempSync(join(tmpdir(), 'questbench-state-'));
    const file = join(dir, 'provisioned.json');
    writeFileSync(file, gunzipSync(Buffer.from(dumped.slice(2), 'hex')));
    return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await node.stop();
  }
}
