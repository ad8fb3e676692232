// Learns, at the start of every run (watch-mode reruns included), which task instances the run's tests
// will ask for, so the dispatcher can start them before Vitest reaches their files. Runs in the main
// process as a reporter the plugin registers itself.
import type { TestSpecification, Vitest } from 'vitest/node';
import { instanceKey } from '../results/record.ts';
import { readTaskSpec } from '../tasks/load.ts';
import { splitOfFile } from '../tasks/task.ts';
import type { ChainId } from '../tasks/chain-profile.ts';
import { notOnChain } from './on-chain.ts';
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
  chain: ChainId = 'bsc',
): PlannedInstance[] {
  const split = splitOfFile(file);
  if (!split || filter.narrowed) return [];
  let id: string;
  // Model calls per instance: one answer, or a plan, K_opt rounds and a submit.
  let weight = 1;
  try {
    const { spec } = readTaskSpec(file);
    // Its module lists its rounds as skipped on this chain.
    if (notOnChain({ split, spec }, chain)) return [];
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

/**
 * What a run on another chain than BSC leaves out, said once at its start: each project's tasks that do not
 * run on the chain, by reason (the hard split's BSC state; a published task not yet ported).
 */
export function offChainLines(specs: readonly SpecLike[]): string[] {
  const counts = new Map<string, number>();
  for (const spec of specs) {
    const provided = spec.project.config.provide?.questbenchConfig as ProvidedConfig | undefined;
    if (!provided || !('config' in provided) || provided.config.chain === 'bsc') continue;
    const split = splitOfFile(spec.moduleId);
    if (!split) continue;
    let why: string | undefined;
    try {
      why = notOnChain({ split, spec: readTaskSpec(spec.moduleId).spec }, provided.config.chain);
    } catch {
      continue; // its test reports the problem
    }
    if (!why) continue;
    const reason = split === 'hard' ? why : `not ported to ${provided.config.chain} yet (docs/chains.md lists the tasks that are)`;
    const key = `${spec.project.name || 'tasks'}\u0000${reason}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => {
    const [project, reason] = key.split('\u0000');
    return `questbench · ${project}: ${n} task${n === 1 ? '' : 's'} skipped: ${reason}`;
  });
}

/** Reporter hook: plans every questbench project of the run from its specifications. */
export function planRun(specs: readonly SpecLike[], globalPattern: RegExp | undefined): Map<string, PlannedInstance[]> {
  const plans = new Map<string, PlannedInstance[]>();
  for (const spec of specs) {
    const provided = spec.project.config.provide?.questbenchConfig as ProvidedConfig | undefined;
    // Not a benchmark project, or a bad configuration (its global setup stops the run with the error).
    if (!provided || !('config' in provided)) continue;
    const planned = planSpecification(
      spec.moduleId,
      provided.config.rounds,
      {
        pattern: spec.testNamePattern ?? globalPattern,
        names: spec.testNames,
        narrowed: Boolean(spec.testIds?.length || spec.testLines?.length),
      },
      provided.config.chain,
    );
    plans.set(spec.project.name, [...(plans.get(spec.project.name) ?? []), ...planned]);
  }
  return plans;
}

export function plannerReporter(vitest: Vitest) {
  return {
    onTestRunStart(specs: ReadonlyArray<TestSpecification>) {
      const registry = runRegistry(vitest);
      const plans = planRun(specs as unknown as SpecLike[], vitest.config.testNamePattern);
      for (const line of offChainLines(specs as unknown as SpecLike[])) process.stdout.write(`${line}\n`);
      registry.plans = plans;
      for (const [project, listener] of registry.listeners) listener(plans.get(project) ?? []);
    },
  };
}
