// Every relative link of the README, CONTRIBUTING.md and docs/*.md resolves: the file or folder it names
// exists, and a #anchor matches a heading of the target page as GitHub slugs it. A small self-test shows
// the check fails on dead links.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, test } from 'vitest';

/** GitHub's heading slug (github-slugger): lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  const text = heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*]/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Markdown without fenced code blocks, and inline code blanked, so only real links and headings remain. */
function prose(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const f = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (f && (!fence || f.startsWith(fence))) {
      fence = fence ? undefined : f;
      lines.push('');
      continue;
    }
    lines.push(
      fence
        ? ''
        : line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1/g, (m, ticks: string) => ticks + 'x'.repeat(m.length - 2 * ticks.length) + ticks),
    );
  }
  return lines;
}

/** The anchors of a page: one per heading, repeated headings numbered as GitHub does. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const raw = markdown.split('\n');
  prose(markdown).forEach((line, i) => {
    if (!/^#{1,6} /.test(line)) return;
    const base = slug(raw[i]!.replace(/^#{1,6} /, '').trim());
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  });
  return out;
}

type Files = { exists(path: string): boolean; isDir(path: string): boolean; read(path: string): string };

/** Every relative link of `page` (a path from the repository's root) that does not resolve, with its line. */
function deadLinks(page: string, files: Files): string[] {
  const dead: string[] = [];
  prose(files.read(page)).forEach((line, i) => {
    for (const m of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, ...
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const file = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)));
      const where = `${page}:${i + 1} ${target}`;
      if (file.startsWith('..') || !files.exists(file)) dead.push(`${where}: no such file`);
      else if (anchor !== undefined && file.endsWith('.md') && !files.isDir(file) && !anchors(files.read(file)).has(anchor))
        dead.push(`${where}: no heading #${anchor} in ${file}`);
    }
  });
  return dead;
}

const disk: Files = {
  exists: (p) => existsSync(p),
  isDir: (p) => statSync(p).isDirectory(),
  read: (p) => readFileSync(p, 'utf8'),
};
const PAGES = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];

describe('links in the docs', () => {
  test.each(PAGES)('every relative link and anchor of %s resolves', (page) => {
    expect(deadLinks(page, disk)).toEqual([]);
  });

  test('the docs are the pages the README sends readers to', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const page of PAGES.filter((p) => p.startsWith('docs/'))) expect(readme, `README links ${page}`).toContain(`](${page})`);
  });
});

describe('the check itself', () => {
  const memory = (pages: Record<string, string>, dirs: string[] = []): Files => ({
    exists: (p) => p in pages || dirs.includes(p),
    isDir: (p) => dirs.includes(p),
    read: (p) => pages[p] ?? '',
  });

  test('finds a missing file, a missing anchor and a missing anchor on the same page, and nothing else', () => {
    const files = memory(
      {
        'README.md': [
          '# Title',
          'See [the guide](docs/guide.md#set-up-quest_model), [gone](docs/gone.md) and [here](#no-such-heading).',
          'Also [wrong](docs/guide.md#nope), [fine](#title), [a folder](examples) and [web](https://example.com/#x).',
          '`[not a link](nowhere.md)`',
          '```',
          '[inside a fence](nowhere.md)',
          '```',
        ].join('\n'),
        'docs/guide.md': '# Guide\n\n## Set up `QUEST_MODEL`\n\n[back](../README.md#title) [up and out](../../x.md)',
      },
      ['examples'],
    );
    expect(deadLinks('README.md', files)).toEqual([
      'README.md:2 docs/gone.md: no such file',
      'README.md:2 #no-such-heading: no heading #no-such-heading in README.md',
      'README.md:3 docs/guide.md#nope: no heading #nope in docs/guide.md',
    ]);
    expect(deadLinks('docs/guide.md', files)).toEqual(['docs/guide.md:5 ../../x.md: no such file']);
  });

  test('slugs headings as GitHub does', () => {
    expect(slug('Budgets: what one instance can make its node do')).toBe('budgets-what-one-instance-can-make-its-node-do');
    expect(slug('Reference: what `evm-questbench/validators` exports')).toBe('reference-what-evm-questbenchvalidators-exports');
    expect(slug('K_opt: the rounds a request asks for')).toBe('k_opt-the-rounds-a-request-asks-for');
    expect(slug("The hard split's chain")).toBe('the-hard-splits-chain');
    expect([...anchors('# A\n## B\n## B\n```\n# C\n```')]).toEqual(['a', 'b', 'b-1']);
  });
});
