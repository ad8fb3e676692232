import { basename, relative } from 'node:path';
import { missingCompanion } from '../tasks/load.ts';
import { companionFiles } from '../tasks/schema.ts';
import type { ChainId } from '../tasks/chain-profile.ts';
import { notOnChain } from './on-chain.ts';
import { parseTaskSpec, TaskFileError, type TaskSpec } from '../tasks/task.ts';
import { roundTestName } from './planner.ts';

const lit = (v: unknown) => JSON.stringify(v);

/** A module with one failing test, so a broken task file shows up as a red test naming file and field. */
export function failingModule(file: string, title: string, message: string): string {
  return `import { test } from 'vitest';
test(${lit(title)}, () => { const e = new Error(${lit(message)}); e.stack = e.message; throw e; });
`;
}

/** A task that does not run on the run's chain: its rounds listed as skipped, saying why, so the explorer shows them. */
function skippedModule(id: string, rounds: number, why: string): string {
  const tests = Array.from({ length: rounds }, (_, i) => `test.skip(${lit(`${roundTestName(id, i + 1)} · ${why}`)}, () => {});`);
  return `import { test } from 'vitest';\n${tests.join('\n')}\n`;
}

/** How each split's reference is imported: atomic ones as raw source (the model's answer), composite ones as modules. */
function importLines(declared: TaskSpec): { lines: string[]; modules: string } {
  const names = companionFiles(declared.spec);
  const validator = `import * as validatorModule from ${lit(`./${names.validator}`)};`;
  if (declared.protocol === 'atomic') {
    // An execution task's naive execution is a script like the reference: its raw source.
    const naive = names.naive ? [`import naiveSource from ${lit(`./${names.naive}?raw`)};`] : [];
    return {
      lines: [validator, `import referenceSource from ${lit(`./${names.reference}?raw`)};`, ...naive],
      modules: `{ validator: validatorModule.default, reference: referenceSource${names.naive ? ', naive: naiveSource' : ''} }`,
    };
  }
  return {
    lines: [validator, `import * as referenceModule from ${lit(`./${names.reference}`)};`],
    modules: '{ validator: validatorModule.default, reference: referenceModule.default, literal: referenceModule.literal }',
  };
}

/**
 * Turns a task JSON file into a test module: one literal test() per round (so `vitest list` and the
 * editor's explorer see names without running), importing the validator and the reference so that
 * editing either re-runs just this task in watch mode. The runtime checks and assembles them with
 * the same assembleTask() every other way of loading a task uses.
 */
export function taskModule(code: string, file: string, opts: { rounds: number; runtime: string; root: string; chain?: ChainId }): string {
  let declared: TaskSpec;
  try {
    declared = parseTaskSpec(file, code, opts.root);
  } catch (e) {
    if (!(e instanceof TaskFileError)) throw e;
    return failingModule(file, `${basename(file)} · invalid task file`, e.explain());
  }
  const missing = missingCompanion(file, declared, opts.root);
  if (missing) return failingModule(file, `${declared.spec.id} · invalid task file`, missing);
  const chain = opts.chain ?? 'bsc';
  const why = notOnChain(declared, chain);
  if (why) return skippedModule(declared.spec.id, opts.rounds, why);
  const { lines, modules } = importLines(declared);
  const task = lit({ file, rel: relative(opts.root, file), split: declared.split, protocol: declared.protocol, spec: declared.spec });
  const tests = Array.from(
    { length: opts.rounds },
    (_, i) => `test(${lit(roundTestName(declared.spec.id, i + 1))}, (ctx) => playTask(ctx, task, modules, ${i + 1}));`,
  );
  return `import { test } from 'vitest';
import { playTask } from ${lit(opts.runtime)};
${lines.join('\n')}
const task = ${task};
const modules = ${modules};
${tests.join('\n')}
`;
}
