// The chains a run's instances play on. The published splits keep the mirror they were built on; the
// hard split has PancakeSwap V3, Venus and tokens of its own in a state of its own, so nothing it adds
// can change a published task's chain. Everything that differs between the two is here.
import type { Address } from 'viem';
import type { Split } from '../tasks/task.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { bootstrapFork, forkManifest, type ForkTarget } from './fork.ts';
import { hardEnvMap } from './hard-env.ts';
import { bootstrapHardFork, hardForkManifest } from './hard-fork.ts';
import { HARD_STATE, HardManifest, loadHardManifest } from './hard-manifest.ts';
import { provisionHardAgent } from './hard-provision.ts';
import { loadMirrorManifest, MIRROR_STATE } from './mirror-files.ts';
import type { ChainClients } from './rpc.ts';
import type { SessionOptions } from './session.ts';

export const CHAIN_PROFILES = ['mirror', 'hard'] as const;
export type ChainProfile = (typeof CHAIN_PROFILES)[number];

/** The chain a split's instances play on. */
export const profileOf = (split: Split): ChainProfile => (split === 'hard' ? 'hard' : 'mirror');

/** The prepared state nodes of a profile load in mirror mode, and its address map's source. */
export function profileFiles(profile: ChainProfile): { state: string; manifest: MirrorManifest } {
  return profile === 'hard' ? { state: HARD_STATE, manifest: loadHardManifest() } : { state: MIRROR_STATE, manifest: loadMirrorManifest() };
}

/** A profile's address map on a fork of a real chain (read from the upstream at the pinned block). */
export function profileForkManifest(profile: ChainProfile, target: ForkTarget): Promise<MirrorManifest> {
  return profile === 'hard' ? hardForkManifest(target) : forkManifest(target);
}

/** What the hard split's wallet gets beyond the published splits', on any chain of its profile. */
export const provisionMoreFor = (
  profile: ChainProfile,
  manifest: MirrorManifest,
): ((chain: ChainClients, agent: Address) => Promise<void>) | undefined =>
  profile === 'hard' ? (chain, agent) => provisionHardAgent(chain, agent, HardManifest.parse(manifest)) : undefined;

/** The session options that differ by profile: the address map, the extra provisioning, the fork bootstrap. */
export function profileSessionOptions(
  profile: ChainProfile,
  manifest: MirrorManifest,
): Pick<SessionOptions, 'envMap' | 'provisionMore' | 'bootstrap'> {
  if (profile === 'mirror') return { bootstrap: bootstrapFork };
  const more = provisionMoreFor(profile, manifest)!;
  return { envMap: (m, agent) => hardEnvMap(HardManifest.parse(m), agent), provisionMore: more, bootstrap: bootstrapHardFork };
}
