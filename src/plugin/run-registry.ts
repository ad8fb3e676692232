// State the main-process parts of one Vitest run share. The planner (a reporter the plugin registers,
// loaded with the config) and each benchmark project's global setup (loaded by Vitest's module runner)
// are separate module instances, so module state cannot join them; both see the run's Vitest
// instance, and the registry lives there, for as long as that instance does.
import type { PlannedInstance } from './control.ts';

export interface RunRegistry {
  /** The latest plan of each benchmark project (by project name), from the planner. */
  plans: Map<string, PlannedInstance[]>;
  /** Each project's global setup follows its plans. */
  listeners: Map<string, (plan: PlannedInstance[]) => void>;
  /** The open run contexts, by configuration: projects configured alike share one. */
  contexts: Map<string, Promise<unknown>>;
  /** The checks made before anything is printed (model, fork), by configuration. */
  preflights: Map<string, Promise<unknown>>;
  /** Why the run cannot start, each said once (several projects meet the same error). */
  startFailures: Set<string>;
}

const KEY = Symbol.for('evm-questbench.run-registry');

/** The registry of the run `vitest` (a Vitest instance) is running. */
export function runRegistry(vitest: object): RunRegistry {
  const host = vitest as { [KEY]?: RunRegistry };
  return (host[KEY] ??= { plans: new Map(), listeners: new Map(), contexts: new Map(), preflights: new Map(), startFailures: new Set() });
}
