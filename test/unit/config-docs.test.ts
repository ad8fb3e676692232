// The generated docs are current: docs/configuration.md is what scripts/build-config-docs.ts prints from
// the configuration schema, and the reference in docs/writing-tasks.md lists every export of
// evm-questbench/validators. After changing either source, `npm run build:docs`.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { configurationRows, generatedPages } from '../../scripts/build-config-docs.ts';
import { QuestOptions } from '../../src/plugin/config.ts';
import * as validators from '../../src/validators/index.ts';

const pages = generatedPages();

describe('generated docs', () => {
  test.each(pages.map((p) => [p.file, p.text] as const))('%s is current (npm run build:docs)', (file, text) => {
    expect(readFileSync(file, 'utf8') === text, `${file} differs from what npm run build:docs writes: run it`).toBe(true);
  });

  test('the configuration page has one row per option, each naming its environment variable', () => {
    const rows = configurationRows();
    const options = Object.keys(QuestOptions.shape);
    expect(rows).toHaveLength(options.length);
    for (const [i, row] of rows.entries()) expect(row).toMatch(new RegExp(`^\\| \`QUEST_[A-Z_]+\` \\| \`${options[i]}\` \\|`));
  });

  test('the reference lists every export of evm-questbench/validators', () => {
    const writing = pages.find((p) => p.file === 'docs/writing-tasks.md')!.text;
    const listed = new Set([...writing.matchAll(/^\| `(\w+)` \| (?:function|constant|type|class|value) \|/gm)].map((m) => m[1]!));
    const missing = Object.keys(validators).filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
    expect(listed.size).toBeGreaterThan(Object.keys(validators).length); // the type exports too
  });
});
