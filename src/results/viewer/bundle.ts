import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { moduleExt } from '../../package-root.ts';

const cached = new Map<string, string>();

/** One entry module and what it imports, bundled into an inline IIFE (once per process). */
function bundle(entry: 'client' | 'board-page'): string {
  const hit = cached.get(entry);
  if (hit !== undefined) return hit;
  const out = buildSync({
    // .ts in the source tree, .js in the installed package: either bundles the same way.
    entryPoints: [fileURLToPath(new URL(`./${entry}${moduleExt(import.meta.url)}`, import.meta.url))],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    write: false,
    charset: 'utf8',
    legalComments: 'none',
    logLevel: 'silent',
  });
  // An inline script ends at the first "</script", wherever it appears.
  const text = out.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  cached.set(entry, text);
  return text;
}

/**
 * The page's script: client.ts and what it imports (the same renderer the tests run in Node), bundled
 * into one inline IIFE when a page is built, so the page needs no network and the repository no build step.
 */
export const clientScript = (): string => bundle('client');

/** The script of a page without the instance viewer: sorting the leaderboard, nothing else. */
export const boardScript = (): string => bundle('board-page');
