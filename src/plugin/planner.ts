// Learns, at the start of every run (watch-mode reruns included), which task instances the run's tests
// will ask for, so the dispatcher can start them before Vitest reaches their files. Runs in the main
// process as a reporter the plugin registers itself.
import type { TestSpecification, Vitest } from 'vitest/node';
import { instanceKey } from '../results/record.ts';
import { readTaskSpec } from '../tasks/load.ts';
import { splitOfFile } from '../tasks/task.ts';
import type { ProvidedConfig } from './provided.ts';
import type { PlannedInstance } from './control.ts';
import { runRegistry } from './run-registry.ts';

/** The test name of one round, as the generated task modules declare it. */
export const roundTestName = (taskId: string, round: number) => `${taskId} · round ${round}`;

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
    const { spec } = readTaskSpec(file);
    id = spec.id;
    if ('workflow' in spec) weight = spec.workflow.optimalSteps + 2;
  } catch {
    return []; // its test reports the problem
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

/** The global setup of a project follows its plans: the current one now, and each later one. */
export function followPlans(vitest: Vitest, project: string, onPlan: (plan: PlannedInstance[]) => void): () => void {
  const registry = runRegistry(vitest);
  registry.listeners.set(project, onPlan);
  onPlan(registry.plans.get(project) ?? []);
  return () => registry.listeners.delete(project);
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
    const provided = spec.project.config.provide?.questbenchConfig as ProvidedConfig | undefined;
    // Not a benchmark project, or a bad configuration (its global setup stops the run with the error).
    if (!provided || !('config' in provided)) continue;
    const planned = planSpecification(spec.moduleId, provided.config.rounds, {
      pattern: spec.testNamePattern ?? globalPattern,
      names: spec.testNames,
      narrowed: Boolean(spec.testIds?.length || spec.testLines?.length),
    });
    plans.set(spec.project.name, [...(plans.get(spec.project.name) ?? []), ...planned]);
  }
  return plans;
}

export function plannerReporter(vitest: Vitest) {
  return {
    onTestRunStart(specs: ReadonlyArray<TestSpecification>) {
      const registry = runRegistry(vitest);
      const plans = planRun(specs as unknown as SpecLike[], vitest.config.testNamePattern);
      registry.plans = plans;
      for (const [project, listener] of registry.listeners) listener(plans.get(project) ?? []);
    },
  };
}
