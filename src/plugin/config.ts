import { z } from 'zod';
import { QuestError } from '../errors.ts';
import type { ModelEnv } from '../model/resolve.ts';
import { PROVIDER_ENV_VARS, PROVIDERS } from '../model/providers/index.ts';
import { LESSON_KEYS } from '../episode/lessons.ts';
import { CHAIN_IDS } from '../tasks/chain-profile.ts';

export const DEFAULT_SEED = 20260;

/** Options of questbench() in vitest.config.ts; each has an environment variable that wins over it. */
export const QuestOptions = z
  .object({
    model: z
      .string()
      .min(1)
      .default('reference')
      .describe(
        `QUEST_MODEL: reference | null | refuse | human | ${PROVIDERS.map((p) => `${p.prefix}:<id> | `).join('')}module:<path> | agent:<module or command>`,
      ),
    seed: z.coerce
      .number()
      .int()
      .nonnegative()
      .default(DEFAULT_SEED)
      .describe("QUEST_SEED: the run seed; every instance's seed is derived from it, the task id and the round"),
    rounds: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(1)
      .describe('QUEST_ROUNDS: rounds per task (the published protocol uses 5); each round is its own test'),
    temperature: z.coerce.number().min(0).max(2).default(0.7).describe('QUEST_TEMPERATURE: sampling temperature'),
    resultsDir: z
      .string()
      .default('results')
      .describe('QUEST_RESULTS_DIR: where results go (<dir>/<model>/<run-id>.jsonl as instances finish, .json at the end)'),
    scriptTimeoutMs: z.coerce
      .number()
      .int()
      .positive()
      .default(30_000)
      .describe('QUEST_SCRIPT_TIMEOUT_MS: wall-clock limit for one generated script'),
    modelTimeoutMs: z.coerce.number().int().positive().default(120_000).describe('QUEST_MODEL_TIMEOUT_MS: limit for one model call'),
    maxRetries: z.coerce
      .number()
      .int()
      .min(0)
      .max(10)
      .default(4)
      .describe('QUEST_MAX_RETRIES: retries (with backoff) on 429, 5xx, timeouts and garbage replies; then the instance is infra'),
    concurrency: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(8)
      .describe(
        'QUEST_CONCURRENCY: instances in flight at once (each on its own anvil), whatever the number of Vitest workers; it also bounds model calls in flight',
      ),
    cache: z
      .enum(['off', 'read', 'write', 'auto'])
      .optional()
      .describe(
        'QUEST_CACHE: response cache, auto = replay hits and store misses; unset = auto for remote models only, set = applies to module models too',
      ),
    cacheDir: z.string().default('.questbench/cache').describe('QUEST_CACHE_DIR: where cached replies live'),
    failOn: z
      .enum(['below-pass-line', 'infra'])
      .default('below-pass-line')
      .describe(
        'QUEST_FAIL_ON: which instances are red tests; "infra" keeps a fully scored model run green (low scores are results) while provider or harness failures still fail',
      ),
    chain: z
      .enum(CHAIN_IDS)
      .default('bsc')
      .describe(
        "QUEST_CHAIN: the chain profile the run plays on: 'bsc' (BNB Smart Chain, the published benchmark's) or 'base' (the published tasks ported to Base; docs/chains.md)",
      ),
    forkUrl: z.url().optional().describe('QUEST_FORK_URL: fork this BSC JSON-RPC endpoint instead of the embedded mirror'),
    forkBlock: z.coerce
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe(
        'QUEST_FORK_BLOCK: pin the fork to this block (default: the head at start; recorded in results with the URL, credentials redacted)',
      ),
    prices: z
      .string()
      .optional()
      .describe('QUEST_PRICES: JSON file `{ "<model>": { "input": USD per 1M tokens, "output": ... } }` for the cost line'),
    tasks: z
      .enum(['own', 'builtin', 'all'])
      .optional()
      .describe(
        "QUEST_TASKS: which tasks a project without its own include runs: 'own' (tasks/ of the project, the default), 'builtin' (the package's tasks, every split), 'all'",
      ),
    agentTimeoutMs: z.coerce
      .number()
      .int()
      .positive()
      .default(300_000)
      .describe('QUEST_AGENT_TIMEOUT_MS: time limit of a wallet agent (agent:...) per instance; past it the instance ends as timeout'),
    protocol: z
      .enum(['text', 'tools'])
      .default('text')
      .describe("QUEST_PROTOCOL: 'text' (fenced code and JSON control messages, the paper's protocol) or 'tools' (native tool calls)"),
    resume: z
      .string()
      .regex(/^[\w.-]+$/, 'a run id (the name of a results file without its extension)')
      .optional()
      .describe(
        'QUEST_RESUME: a run id: re-run only the instances missing from <results>/<model>/<run-id>.jsonl and write one complete result',
      ),
    humanDir: z
      .string()
      .min(1)
      .optional()
      .describe('QUEST_HUMAN_DIR: with model "human", answer through this queue folder instead of the terminal'),
    humanTty: z.string().min(1).optional().describe('QUEST_HUMAN_TTY: with model "human", the terminal device (default /dev/tty)'),
    anvilBin: z.string().min(1).optional().describe('QUEST_ANVIL_BIN: an anvil binary to use instead of the one from @foundry-rs/anvil'),
    lesson: z
      .enum(LESSON_KEYS)
      .optional()
      .describe(
        "QUEST_LESSON: a lesson check (never the default): add that mechanism's one sentence of advice to the hard split's system prompt; the run is its model's own row",
      ),
  })
  .strict();
export type QuestConfig = z.infer<typeof QuestOptions>;

const ENV_KEYS: Record<keyof QuestConfig, string> = {
  model: 'QUEST_MODEL',
  seed: 'QUEST_SEED',
  rounds: 'QUEST_ROUNDS',
  temperature: 'QUEST_TEMPERATURE',
  resultsDir: 'QUEST_RESULTS_DIR',
  scriptTimeoutMs: 'QUEST_SCRIPT_TIMEOUT_MS',
  modelTimeoutMs: 'QUEST_MODEL_TIMEOUT_MS',
  maxRetries: 'QUEST_MAX_RETRIES',
  concurrency: 'QUEST_CONCURRENCY',
  prices: 'QUEST_PRICES',
  failOn: 'QUEST_FAIL_ON',
  chain: 'QUEST_CHAIN',
  forkUrl: 'QUEST_FORK_URL',
  forkBlock: 'QUEST_FORK_BLOCK',
  cache: 'QUEST_CACHE',
  cacheDir: 'QUEST_CACHE_DIR',
  tasks: 'QUEST_TASKS',
  protocol: 'QUEST_PROTOCOL',
  agentTimeoutMs: 'QUEST_AGENT_TIMEOUT_MS',
  resume: 'QUEST_RESUME',
  humanDir: 'QUEST_HUMAN_DIR',
  humanTty: 'QUEST_HUMAN_TTY',
  anvilBin: 'QUEST_ANVIL_BIN',
  lesson: 'QUEST_LESSON',
};

export class ConfigError extends QuestError {
  override name = 'ConfigError';
  constructor(message: string, hint = 'docs/configuration.md lists every setting, its environment variable and the values it takes') {
    super('CONFIG', message, { hint });
  }
}

export function resolveConfig(
  options: Partial<Record<keyof QuestConfig, unknown>> = {},
  env: NodeJS.ProcessEnv = process.env,
): QuestConfig {
  const merged: Record<string, unknown> = { ...options };
  for (const [key, name] of Object.entries(ENV_KEYS)) {
    const v = env[name];
    if (v !== undefined && v !== '') merged[key] = v;
  }
  const parsed = QuestOptions.safeParse(merged);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      if (i.path.length === 0) return `  (options): ${i.message}`;
      const key = String(i.path[0]) as keyof QuestConfig;
      return `  ${ENV_KEYS[key] ?? key}: ${i.message}`;
    });
    throw new ConfigError(`invalid questbench configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * What model providers need besides the settings: credentials and endpoints from the environment (kept
 * out of the configuration, which runs record and hand to workers) and the human queue. With
 * resolveConfig, the only reader of the environment.
 */
export function modelEnv(config: QuestConfig, env: NodeJS.ProcessEnv = process.env): ModelEnv {
  return {
    ...Object.fromEntries(PROVIDER_ENV_VARS.flatMap((name) => (env[name] ? [[name, env[name]]] : []))),
    ...(config.humanDir ? { QUEST_HUMAN_DIR: config.humanDir } : {}),
    ...(config.humanTty ? { QUEST_HUMAN_TTY: config.humanTty } : {}),
  };
}

/** The settings a model is built with, from the configuration. */
export const modelSettings = (c: QuestConfig) => ({ temperature: c.temperature, maxRetries: c.maxRetries, timeoutMs: c.modelTimeoutMs });

export function modelSlug(model: string): string {
  return model.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'model';
}
