import type { ProviderEnvVar } from './providers/index.ts';

// What providers read from the environment, passed in by the harness (resolveModel) rather than read here.

/** What model providers read besides the settings: credentials and endpoints, the human queue. */
export type ModelEnv = Partial<Record<ProviderEnvVar | 'QUEST_HUMAN_DIR' | 'QUEST_HUMAN_TTY', string>>;
