// The chain states a run's instances play on: the published splits keep the mirror they were built on;
// the hard split has PancakeSwap V3, Venus and tokens of its own in a state of its own, so nothing it
// adds can change a published task's chain. Everything that differs between the two is here. A state
// is not a chain: which chain (its id, coin and vocabulary) is the chain profile's (src/tasks/chain-profile.ts).
import type { Address } from 'viem';
import type { Split } from '../tasks/task.ts';
import type { MirrorManifest } from './build-mirror.ts';
import { bootstrapFork, forkManifest, type ForkTarget } from './fork.ts';
import { baseForkManifest, bootstrapBaseFork } from './base-fork.ts';
import { hardEnvMap } from './hard-env.ts';
import { bootstrapHardFork, hardForkManifest } from './hard-fork.ts';
import { HARD_STATE, HardManifest, loadHardManifest } from './hard-manifest.ts';
import { provisionHardAgent } from './hard-provision.ts';
import { BASE_STATE, loadBaseManifest, loadMirrorManifest, MIRROR_STATE } from './mirror-files.ts';
import { BASE, BSC, type ChainId, type ChainProfile } from '../tasks/chain-profile.ts';
import type { ChainClients } from './rpc.ts';
import type { SessionOptions } from './session.ts';

/** The BSC mirror of the published splits, the hard split's BSC state, and the Base mirror of the published splits. */
export const CHAIN_STATES = ['mirror', 'hard', 'base'] as const;
export type ChainState = (typeof CHAIN_STATES)[number];

/** The chain a split's instances play on, on a chain profile (the hard split has a BSC state alone, for now). */
export const stateOf = (split: Split, chain: ChainId = 'bsc'): ChainState =>
  split === 'hard' ? 'hard' : chain === 'base' ? 'base' : 'mirror';

/** The chain profile a state is of. */
export const profileOfState = (state: ChainState): ChainProfile => (state === 'base' ? BASE : BSC);

/** The prepared state nodes of a state load in mirror mode, and its address map's source. */
export function stateFiles(state: ChainState): { state: string; manifest: MirrorManifest } {
  if (state === 'hard') return { state: HARD_STATE, manifest: loadHardManifest() };
  if (state === 'base') return { state: BASE_STATE, manifest: loadBaseManifest() };
  return { state: MIRROR_STATE, manifest: loadMirrorManifest() };
}

/** A state's address map on a fork of a real chain (read from the upstream at the pinned block). */
export function stateForkManifest(state: ChainState, target: ForkTarget): Promise<MirrorManifest> {
  if (state === 'base') return baseForkManifest(target);
  return state === 'hard' ? hardForkManifest(target) : forkManifest(target);
}

/** What the hard split's wallet gets beyond the published splits', on any chain of its state. */
export const provisionMoreFor = (
  state: ChainState,
  manifest: MirrorManifest,
): ((chain: ChainClients, agent: Address) => Promise<void>) | undefined =>
  state === 'hard' ? (chain, agent) => provisionHardAgent(chain, agent, HardManifest.parse(manifest)) : undefined;

/** The session options that differ by state: the address map, the extra provisioning, the fork bootstrap. */
export function stateSessionOptions(
  state: ChainState,
  manifest: MirrorManifest,
): Pick<SessionOptions, 'envMap' | 'provisionMore' | 'bootstrap' | 'profile'> {
  if (state === 'mirror') return { bootstrap: bootstrapFork };
  if (state === 'base') return { profile: BASE, bootstrap: bootstrapBaseFork };
  const more = provisionMoreFor(state, manifest)!;
  return { envMap: (m, agent) => hardEnvMap(HardManifest.parse(m), agent), provisionMore: more, bootstrap: bootstrapHardFork };
}
