import type { Hex } from 'viem';
import { HARD_STATE, loadHardManifest, type HardManifest } from './hard-manifest.ts';
import { provisionHardAgent } from './hard-provision.ts';
import { writeProvisionedState } from './provisioned-state.ts';

/**
 * The hard split's chain with the run's agent provisioned (provisionAgent, then provisionHardAgent), written
 * once per run like writeProvisionedState: the hard project's nodes start from it.
 */
export function writeHardProvisionedState(opts: {
  agentKey: Hex;
  marker: Hex;
  manifest?: HardManifest;
  base?: string;
}): Promise<{ file: string; dispose(): void }> {
  const manifest = opts.manifest ?? loadHardManifest();
  return writeProvisionedState({
    base: opts.base ?? HARD_STATE,
    chainId: manifest.chainId,
    agentKey: opts.agentKey,
    marker: opts.marker,
    manifest,
    provisionMore: (chain, agent) => provisionHardAgent(chain, agent, manifest),
  });
}
