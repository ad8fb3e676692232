import '../polyfills.ts';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Brings Vitest's additions to Vite's plugin type (configureVitest).
import type {} from 'vitest/config';
import { moduleExt, packageRoot } from '../package-root.ts';
import { sourceAliases } from '../source-aliases.ts';
import { SPLITS, splitOfFile } from '../tasks/task.ts';
import { ConfigError, resolveConfig, type QuestConfig } from './config.ts';
import { plannerReporter } from './planner.ts';
import { announceStartFailure, preflight } from './preflight.ts';
import type { ProvidedConfig } from './provided.ts';
import { taskModule } from './task-module.ts';

const here = dirname(fileURLToPath(import.meta.url));
// .ts from the source tree, .js from the installed package.
const ext = moduleExt(import.meta.url);
const RUNTIME = join(here, `runtime${ext}`);
const GLOBAL_SETUP = join(here, `global-setup${ext}`);
const POLYFILLS = join(here, '..', `polyfills${ext}`);
// The results reporter sits above the plugin: named by its file (Vitest loads it), never imported here.
const REPORTER = join(here, '..', '..', 'reporters', `questbench${ext}`);
// What the reporter's instances carry, from any copy of its module.
const REPORTER_BRAND = Symbol.for('evm-questbench.reporter');
const isQuestbenchReporter = (r: unknown) =>
  typeof r === 'object' && r !== null && (r as { [REPORTER_BRAND]?: boolean })[REPORTER_BRAND] === true;

export type QuestbenchOptions = Partial<QuestConfig>;

const planned = new WeakSet<object>();
// Running from this repository's TypeScript sources, not from an installed package.
const fromSource = ext === '.ts';

/** The task files a project runs when its config names none: its own tasks/, the package's, or both. */
function taskGlobs(which: 'own' | 'builtin' | 'all', root: string): string[] {
  const own = SPLITS.map((split) => `tasks/${split}/**/*.json`);
  const base = relative(root, join(packageRoot(), 'tasks')).split(sep).join('/');
  const builtin = base === 'tasks' ? own : SPLITS.map((split) => `${base}/${split}/**/*.json`);
  return which === 'own' ? own : which === 'builtin' ? builtin : [...new Set([...own, ...builtin])];
}

const isTaskFile = (id: string) => splitOfFile(id) !== undefined;

/** The configuration, resolved once per project; a bad one is reported by the global setup, before any task runs. */
function resolveProvided(options: QuestbenchOptions): ProvidedConfig {
  try {
    return { config: resolveConfig(options) };
  } catch (e) {
    if (e instanceof ConfigError) return { error: e.explain() };
    throw e;
  }
}

/**
 * The Vitest plugin: task JSON files become test modules, and the project gets the chain's global
 * setup, a shared worker state (tasks revert the chain themselves, so module isolation buys nothing)
 * and generous timeouts for model calls.
 */
export function questbench(options: QuestbenchOptions = {}): Plugin {
  let root = process.cwd();
  const provided = resolveProvided(options);
  const config = 'config' in provided ? provided.config : undefined;
  return {
    name: 'questbench',
    enforce: 'pre',
    config(user) {
      // A person answering (QUEST_MODEL=human) takes as long as they take: no test timeout then.
      const human = config?.model === 'human';
      // Task files: the project's own include wins unless built-in tasks are asked for explicitly.
      const userInclude = (user as { test?: { include?: string[] } }).test?.include;
      const root = user.root ?? process.cwd();
      const include = userInclude
        ? config?.tasks === 'builtin' || config?.tasks === 'all'
          ? taskGlobs('builtin', root)
          : undefined
        : taskGlobs(config?.tasks ?? 'own', root);
      return {
        // In this repository the package's own names resolve to its sources.
        ...(fromSource ? { resolve: { alias: sourceAliases() } } : {}),
        test: {
          ...(include ? { include } : {}),
          // Built-in tasks live under node_modules, which Vitest excludes by default.
          ...(include?.some((g) => g.includes('node_modules')) ? { exclude: ['**/.git/**'] } : {}),
          // The installed package (its runtime, its built-in tasks' TypeScript validators, a module
          // model written in TypeScript) goes through Vite like the project's own files.
          ...(fromSource ? {} : { server: { deps: { inline: [/[\\/]evm-questbench[\\/]/] } } }),
          globalSetup: [GLOBAL_SETUP],
          setupFiles: [POLYFILLS],
          isolate: false,
          testTimeout: human ? 0 : 15 * 60_000,
          hookTimeout: 120_000,
          provide: { questbenchConfig: provided },
        },
      } as never;
    },
    // Vitest 5 persists transformed modules across runs; a task's test module depends on QUEST_ROUNDS
    // and on which sibling files exist, not only on the JSON, so task files stay out of that cache.
    async configureVitest({ defineCacheKeyGenerator, vitest }) {
      defineCacheKeyGenerator(({ id }) => (isTaskFile(id) ? false : undefined));
      // A bad configuration is said before Vitest prints anything; the global setup then fails the run.
      if ('error' in provided) announceStartFailure(vitest, provided.error);
      else await preflight(vitest, provided.config).catch((e: unknown) => announceStartFailure(vitest, e));
      // One planner and one results reporter per Vitest instance (every benchmark project carries
      // this plugin); a config that already lists the reporter keeps its own.
      if (!planned.has(vitest)) {
        planned.add(vitest);
        const reporters = vitest.config.reporters as unknown[];
        reporters.push(plannerReporter(vitest));
        const listed = reporters.some((r) => isQuestbenchReporter(Array.isArray(r) ? r[0] : r));
        if (!listed) reporters.push([REPORTER, {}]);
      }
    },
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!isTaskFile(file)) return null;
      // With a bad configuration the global setup stops the run; the modules still need a round count.
      return {
        code: taskModule(code, file, { rounds: config?.rounds ?? 1, runtime: RUNTIME, root, chain: config?.chain ?? 'bsc' }),
        map: null,
        moduleType: 'js',
      } as never;
    },
  };
}
