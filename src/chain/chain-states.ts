// The chain states a run's instances play on: the published splits keep the mirror they were built on;
// the hard split has PancakeSwap V3, Venus and tokens of its own in a state of its own, so nothing it
// adds can change a published task's chain. Everything that differs between the two is here. A state
// is not a chain: which chain (its id, coin and vocabulary) is the chain profile's (src/tasks/chain-profile.ts).
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

export const CHAIN_STATES = ['mirror', 'hard'] as const;
export type ChainState = (typeof CHAIN_STATES)[number];

/** The chain a split's instances play on. */
export const stateOf = (split: Split): ChainState => (split === 'hard' ? 'hard' : 'mirror');

/** The prepared state nodes of a state load in mirror mode, and its address map's source. */
export function stateFiles(state: ChainState): { state: string; manifest: MirrorManifest } {
  return state === 'hard' ? { state: HARD_STATE, manifest: loadHardManifest() } : { state: MIRROR_STATE, manifest: loadMirrorManifest() };
}

/** A state's address map on a fork of a real chain (read from the upstream at the pinned block). */
export function stateForkManifest(state: ChainState, target: ForkTarget): Promise<MirrorManifest> {
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
): Pick<SessionOptions, 'envMap' | 'provisionMore' | 'bootstrap'> {
  if (state === 'mirror') return { bootstrap: bootstrapFork };
  const more = provisionMoreFor(state, manifest)!;
  return { envMap: (m, agent) => hardEnvMap(HardManifest.parse(m), agent), provisionMore: more, bootstrap: bootstrapHardFork };
}
