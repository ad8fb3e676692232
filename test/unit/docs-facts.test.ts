// What the docs state about the repository holds: the task counts they give are the task files' own
// (the paper's 62 atomic and 45 composite stay the constants they are), the layers picture names every
// folder of src/, and every path they name exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/** The published benchmark's splits, as the paper has them. */
const PAPER = { atomic: 62, composite: 45 } as const;

type TaskFile = { hazard?: string; expects?: string; workflow?: unknown; mechanisms?: string[]; chains?: string[] };
const taskFiles = (dir: string): TaskFile[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? taskFiles(join(dir, e.name))
      : e.name.endsWith('.json')
        ? [JSON.parse(readFileSync(join(dir, e.name), 'utf8')) as TaskFile]
        : [],
  );
const atomic = taskFiles('tasks/atomic').length;
const composite = taskFiles('tasks/composite').length;
const hardTasks = taskFiles('tasks/hard');
const hard = hardTasks.length;
const refusals = hardTasks.filter((t) => t.expects === 'refusal').length;
const decides = (mechanism: string) => hardTasks.filter((t) => t.mechanisms?.[0] === mechanism).length;

const onBase = (files: TaskFile[]) => files.filter((t) => t.chains?.includes('base')).length;
const atomicOnBase = onBase(taskFiles('tasks/atomic'));
const compositeOnBase = onBase(taskFiles('tasks/composite'));

const PAGES = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];
const read = (page: string) => readFileSync(page, 'utf8');
/** Prose with line breaks as spaces, so a phrase wrapped over two lines is still found. */
const flat = (page: string) => read(page).replace(/\s+/g, ' ');

describe('task counts', () => {
  test("the published splits still have the paper's 62 atomic and 45 composite tasks", () => {
    expect({ atomic, composite }).toEqual(PAPER);
  });

  test('the counts the README and the hard split page state are the task files', () => {
    const states = (page: string, phrases: string[]) => {
      const text = flat(page);
      expect(
        phrases.filter((p) => !text.includes(p)),
        `phrases missing from ${page}`,
      ).toEqual([]);
    };
    const [a, c, h] = [atomic * 100, composite * 100, hard * 100];
    states('README.md', [
      `the published ${atomic} atomic + ${composite} composite tasks, and the ${hard} tasks of the [hard split]`,
      `the ${atomic + composite + hard} tasks of the three splits`,
      `the built-in ${atomic + composite + hard} tasks`,
      `${a} / ${a} ${c} / ${c} ${a + c} / ${a + c}`,
      `atomic ${atomic}/${atomic} (100.0%) · composite ${composite}/${composite} (100.0%)`,
      `Outcomes exact ${atomic + composite}`,
    ]);
    states('docs/results.md', [`Atomic /${a}, Composite /${c} and Total /${a + c}`]);
    states('docs/hard-split.md', [
      `runs ${hard} tasks`,
      `Hard /${h},`,
      `the reference ${h}/${h} (${hard} exact`,
      `${refusals * 100}/${h} (${((100 * refusals) / hard).toFixed(1)} %), the ${refusals} refusal tasks`,
      `(${decides('simulate_as_sent')} tasks, \`simulate_as_sent\`)`,
      `(${decides('simulate_as_sent')} of ${hard} tasks)`,
    ]);
  });

  test("the hard split's table of hazards gives each family's tasks, rounds and refusals", () => {
    const rows = new Map(
      [...read('docs/hard-split.md').matchAll(/^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \|/gm)].map((m) => [
        m[1]!,
        m.slice(2, 5).map(Number),
      ]),
    );
    const hazards = [...new Set(hardTasks.map((t) => t.hazard!))].sort();
    expect([...rows.keys()].sort()).toEqual(hazards);
    for (const hazard of hazards) {
      const of = hardTasks.filter((t) => t.hazard === hazard);
      const want = [of.length, of.filter((t) => t.workflow).length, of.filter((t) => t.expects === 'refusal').length];
      expect(rows.get(hazard), `${hazard}: tasks, rounds, refusals`).toEqual(want);
    }
  });

  test('the chains page gives the published tasks that run on Base as the task files list them', () => {
    expect(flat('docs/chains.md')).toContain(
      `${atomicOnBase} of the ${atomic} atomic and ${compositeOnBase} of the ${composite} composite tasks run on Base`,
    );
  });

  test('every other count of tasks in the docs is one of the splits, or a figure of the history named here', () => {
    const counts = new Set([
      atomic,
      composite,
      atomic + composite,
      hard,
      atomic + composite + hard,
      refusals,
      decides('simulate_as_sent'),
      atomicOnBase,
      compositeOnBase,
      atomicOnBase + compositeOnBase,
    ]);
    const history = [
      'the 81 tasks before mechanisms', // version 1 of the hard split
      'the 15 tasks of the four new mechanisms', // what version 2 added
      '39 tasks: the 15 new ones', // the blind check's sample
    ];
    const stray: string[] = [];
    for (const page of PAGES) {
      const text = flat(page);
      for (const m of text.matchAll(/\b(\d+) (?:(?:atomic|composite|hard|built-in|published|refusal) )?tasks\b/g)) {
        const at = m.index;
        if (counts.has(Number(m[1]))) continue;
        if (history.some((h) => text.slice(Math.max(0, at - 40), at + 60).includes(h))) continue;
        stray.push(`${page}: "${text.slice(Math.max(0, at - 30), at + m[0].length + 10)}"`);
      }
    }
    expect(stray).toEqual([]);
  });
});

describe('the layout', () => {
  test('the layers picture of docs/internals.md names every folder of src/', () => {
    const internals = read('docs/internals.md');
    const layers = internals.slice(internals.indexOf('## The layers'), internals.indexOf('\n## ', internals.indexOf('## The layers') + 1));
    const folders = readdirSync('src', { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [`src/${e.name}/`] : []));
    expect(folders.filter((f) => !layers.includes(f))).toEqual([]);
  });

  test('every path of the repository the docs name exists', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const text = read(page);
      const named = [
        ...[...text.matchAll(/`(?:\.\.\/)?((?:src|test|tasks|scripts|bench|fixtures|examples|reporters|docs|bin)\/[^`\s<*]*)`/g)].map(
          (m) => m[1]!,
        ),
        ...[...text.matchAll(/\b((?:src|reporters)\/[\w./-]+\.(?:ts|mjs))\b/g)].map((m) => m[1]!),
      ];
      // The README's own-repository example names files of that project.
      for (const path of new Set(named))
        if (!existsSync(path) && !existsSync(join('examples/own-tasks', path))) missing.push(`${page}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
