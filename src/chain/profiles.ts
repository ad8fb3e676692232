// The chains a run's instances play on. The published splits keep the mirror they were built on; the
// hard split adds PancakeSwap V3, Venus and tokens of its own in a state of its own, so nothing it adds
// can change a published task's chain.
import type { Address } from 'viem';
import type { Split } from '../tasks/task.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { loadMirrorManifest, MIRROR_STATE } from './mirror-files.ts';
import { provisionAgent } from './provision.ts';
import type { ChainClients } from './rpc.ts';

export const CHAIN_PROFILES = ['mirror', 'hard'] as const;
export type ChainProfile = (typeof CHAIN_PROFILES)[number];

/** The chain a split's instances play on. */
export const profileOf = (split: Split): ChainProfile => (split === 'hard' ? 'hard' : 'mirror');

export interface ProfileSource {
  /** The prepared state nodes of this profile load (mirror mode). */
  state: string;
  manifest: MirrorManifest;
  /** Gives the run's agent its starting holdings on this chain. */
  provision(chain: ChainClients, agent: Address, marker: `0x${string}`, manifest: MirrorManifest): Promise<void>;
}

/** Where a profile's chain comes from in mirror mode. */
export function profileSource(profile: ChainProfile): ProfileSource {
  switch (profile) {
    case 'mirror':
    case 'hard':
      return { state: MIRROR_STATE, manifest: loadMirrorManifest(), provision: provisionAgent };
  }
}
