// Learns, at the start of every run (watch-mode reruns included), which task instances the run's tests
// will ask for, so the dispatcher can start them before Vitest reaches their files. Runs in the main
// process as a reporter the plugin registers itself.
import { readFileSync } from 'node:fs';
import type { TestSpecification } from 'vitest/node';
import { instanceKey } from '../results/record.ts';
import { AtomicTask, CompositeTask } from '../tasks/schema.ts';
import { resolveConfig, type QuestConfig } from './config.ts';
import type { PlannedInstance } from './dispatcher.ts';

/** The test name of one round, as the generated task modules declare it. */
export const roundTestName = (taskId: string, round: number) => `${taskId} · round ${round}`;

export const splitOfFile = (file: string): 'atomic' | 'composite' | undefined =>
  /[\\/]tasks[\\/](atomic|composite)[\\/].*\.json$/.exec(file.split('?')[0]!)?.[1] as 'atomic' | 'composite' | undefined;

/**
 * The instances one specification runs: every round of its task, less those a name filter leaves
 * out. A specification narrowed to test ids or lines (an editor click) is not planned: its tests run
 * their instances themselves when they start.
 */
export function planSpecification(
  file: string,
  rounds: number,
  filter: { pattern?: RegExp | undefined; names?: readonly string[] | undefined; narrowed?: boolean },
): PlannedInstance[] {
  const split = splitOfFile(file);
  if (!split || filter.narrowed) return [];
  let id: string;
  // Model calls per instance: one answer, or a plan, K_opt rounds and a submit.
  let weight = 1;
  try {
    const parsed = (split === 'atomic' ? AtomicTask : CompositeTask).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return []; // its test reports the problem
    id = parsed.data.id;
    if ('workflow' in parsed.data) weight = parsed.data.workflow.optimalSteps + 2;
  } catch {
    return [];
  }
  const out: PlannedInstance[] = [];
  for (let round = 1; round <= rounds; round++) {
    const name = roundTestName(id, round);
    if (filter.pattern && !new RegExp(filter.pattern.source, filter.pattern.flags.replace('g', '')).test(name)) continue;
    if (filter.names && !filter.names.includes(name)) continue;
    out.push({ key: instanceKey({ split, taskId: id, round }), split, taskId: id, round, file, weight });
  }
  return out;
}

interface PlanBoard {
  plans: Map<string, PlannedInstance[]>;
  listeners: Map<string, (plan: PlannedInstance[]) => void>;
}

// The planner (loaded with the config) and the global setup (loaded by Vitest's module runner) are
// separate module instances in the same process; they meet on a global.
const BOARD = Symbol.for('evm-questbench.plans');
function board(): PlanBoard {
  const g = globalThis as { [BOARD]?: PlanBoard };
  return (g[BOARD] ??= { plans: new Map(), listeners: new Map() });
}

/** The global setup of a project follows its plans: the current one now, and each later one. */
export function followPlans(project: string, onPlan: (plan: PlannedInstance[]) => void): () => void {
  const b = board();
  b.listeners.set(project, onPlan);
  onPlan(b.plans.get(project) ?? []);
  return () => b.listeners.delete(project);
}

interface SpecLike {
  moduleId: string;
  project: { name: string; config: { provide?: Record<string, unknown> } };
  testNamePattern?: RegExp | undefined;
  testIds?: string[] | undefined;
  testLines?: number[] | undefined;
  testNames?: string[] | undefined;
}

/** Reporter hook: plans every questbench project of the run from its specifications. */
export function planRun(specs: readonly SpecLike[], globalPattern: RegExp | undefined): Map<string, PlannedInstance[]> {
  const plans = new Map<string, PlannedInstance[]>();
  for (const spec of specs) {
    const options = spec.project.config.provide?.questbenchOptions as Partial<QuestConfig> | undefined;
    if (!options) continue;
    let rounds: number;
    try {
      rounds = resolveConfig(options).rounds;
    } catch {
      continue; // the global setup stops the run with the configuration error
    }
    const planned = planSpecification(spec.moduleId, rounds, {
      pattern: spec.testNamePattern ?? globalPattern,
      names: spec.testNames,
      narrowed: Boolean(spec.testIds?.length || spec.testLines?.length),
    });
    plans.set(spec.project.name, [...(plans.get(spec.project.name) ?? []), ...planned]);
  }
  return plans;
}

export function plannerReporter(globalPattern: () => RegExp | undefined) {
  return {
    onTestRunStart(specs: ReadonlyArray<TestSpecification>) {
      const b = board();
      const plans = planRun(specs as unknown as SpecLike[], globalPattern());
      b.plans = plans;
      for (const [project, listener] of b.listeners) listener(plans.get(project) ?? []);
    },
  };
}
