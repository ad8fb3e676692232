import type { Hex } from 'viem';
import type { MirrorManifest } from '../chain/build-mirror.ts';
import type { ChainState } from '../chain/chain-states.ts';
import type { QuestConfig } from './config.ts';
import type { InstanceRecord } from '../results/record.ts';

/** The configuration a benchmark project was given, resolved once by its plugin (or why it could not be). */
export type ProvidedConfig = { config: QuestConfig } | { error: string };

/** What the main process hands every worker. The agent key stays in harness processes; scripts never see it. */
export interface QuestProvided {
  config: QuestConfig;
  controlUrl: string;
  agentKey: Hex;
  marker: Hex;
  /** The address map's sources, by the chain state an instance plays on. */
  manifests: Partial<Record<ChainState, MirrorManifest>>;
  /** Why a chain state cannot run (a fork without the hard split's contracts); its tasks fail with this. */
  unavailable?: Partial<Record<ChainState, string>>;
  /** QUEST_RESUME: instances already finished in the resumed run, by "split/taskId/round". */
  resumed: Record<string, InstanceRecord>;
  /** The nodes start from a state with the agent already provisioned. */
  provisioned?: boolean;
  /** Fork mode: the pinned block and the upstream URL with credentials redacted. */
  fork?: { url: string; block: number };
}

declare module 'vitest' {
  interface ProvidedContext {
    questbench: QuestProvided;
    questbenchConfig: ProvidedConfig;
  }
}
