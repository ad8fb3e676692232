import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { moduleExt } from '../../package-root.ts';

let cached: string | undefined;

/**
 * The page's script: client.ts and what it imports (the same renderer the tests run in Node), bundled
 * into one inline IIFE when a page is built, so the page needs no network and the repository no build step.
 */
export function clientScript(): string {
  if (cached !== undefined) return cached;
  const out = buildSync({
    // client.ts in the source tree, client.js in the installed package: either bundles the same way.
    entryPoints: [fileURLToPath(new URL(`./client${moduleExt(import.meta.url)}`, import.meta.url))],
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
  cached = out.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  return cached;
}
