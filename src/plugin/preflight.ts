// What a run checks before Vitest prints anything: the model spec (its syntax, its keys, the file it
// names) and the fork, which must answer. A configuration error is then the first line a user reads,
// with what to do, instead of sitting below "No test files found"; the global setup fails the run
// with the same error. Loading a module model needs Vite's module runner (it may be TypeScript), so
// the global setup does that.
import { probeFork, type ForkTarget } from '../chain/fork.ts';
import { explainError } from '../errors.ts';
import { checkModelSpec } from '../model/resolve.ts';
import { modelEnv, type QuestConfig } from './config.ts';
import { runRegistry } from './run-registry.ts';

export interface Preflight {
  /** Fork mode: the upstream, answering, with the block the run pins. */
  fork?: ForkTarget;
}

/** The run's preflight for `config`, made once per Vitest run however many projects ask. */
export function preflight(vitest: object, config: QuestConfig): Promise<Preflight> {
  const all = runRegistry(vitest).preflights as Map<string, Promise<Preflight>>;
  const key = JSON.stringify(config);
  let p = all.get(key);
  if (!p) {
    p = (async () => {
      checkModelSpec(config.model, modelEnv(config));
      // An unreachable fork is a configuration error, not 107 red tests.
      return config.forkUrl ? { fork: await probeFork(config.forkUrl, config.forkBlock) } : {};
    })();
    p.catch(() => {});
    all.set(key, p);
  }
  return p;
}

/** Says once per run, as `questbench · the run cannot start: …`, why it cannot, and (a QuestError's hint) what to do. */
export function announceStartFailure(vitest: object, e: unknown): void {
  const message = explainError(e);
  const said = runRegistry(vitest).startFailures;
  if (said.has(message)) return;
  said.add(message);
  process.stderr.write(`questbench · the run cannot start: ${message}\n`);
}

/** True once the run has said it cannot start: the reporter then stays quiet. */
export const startFailed = (vitest: object): boolean => runRegistry(vitest).startFailures.size > 0;
