import '../polyfills.ts';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { resolveConfig, type QuestConfig } from './config.ts';
import { plannerReporter } from './planner.ts';
import { atomicTaskModule, compositeTaskModule } from './task-module.ts';

const here = dirname(fileURLToPath(import.meta.url));
const RUNTIME = join(here, 'runtime.ts');
const GLOBAL_SETUP = join(here, 'global-setup.ts');
const POLYFILLS = join(here, '..', 'polyfills.ts');

export type QuestbenchOptions = Partial<QuestConfig>;

const planned = new WeakSet<object>();

const isTaskFile = (id: string) => /[\\/]tasks[\\/](atomic|composite)[\\/].*\.json$/.test(id.split('?')[0]!);

/**
 * The Vitest plugin: task JSON files become test modules, and the project gets the chain's global
 * setup, a shared worker state (tasks revert the chain themselves, so module isolation buys nothing)
 * and generous timeouts for model calls.
 */
export function questbench(options: QuestbenchOptions = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'questbench',
    enforce: 'pre',
    config() {
      // A person answering (QUEST_MODEL=human) takes as long as they take: no test timeout then.
      let human = false;
      try {
        human = resolveConfig(options).model === 'human';
      } catch {
        // a bad configuration is reported by the global setup, before any task runs
      }
      return {
        test: {
          globalSetup: [GLOBAL_SETUP],
          setupFiles: [POLYFILLS],
          isolate: false,
          testTimeout: human ? 0 : 15 * 60_000,
          hookTimeout: 120_000,
          provide: { questbenchOptions: options },
        },
      } as never;
    },
    // Vitest 5 persists transformed modules across runs; a task's test module depends on QUEST_ROUNDS
    // and on which sibling files exist, not only on the JSON, so task files stay out of that cache.
    configureVitest({ defineCacheKeyGenerator, vitest }) {
      defineCacheKeyGenerator(({ id }) => (isTaskFile(id) ? false : undefined));
      // One planner per Vitest instance (every benchmark project carries this plugin).
      if (!planned.has(vitest)) {
        planned.add(vitest);
        vitest.config.reporters.push(plannerReporter(() => vitest.config.testNamePattern) as never);
      }
    },
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!isTaskFile(file)) return null;
      const split = /[\\/]tasks[\\/](atomic|composite)[\\/]/.exec(file)?.[1];
      if (!split) return null;
      const { rounds } = resolveConfig(options);
      const build = split === 'atomic' ? atomicTaskModule : compositeTaskModule;
      return { code: build(code, file, { rounds, runtime: RUNTIME, root }), map: null, moduleType: 'js' } as never;
    },
  };
}
