import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuestError } from './errors.ts';

let root: string | undefined;

/**
 * The folder of the evm-questbench package (its package.json, fixtures, built-in tasks): this
 * checkout when running from source, node_modules/evm-questbench when installed. Found by walking up,
 * so it holds for src/ and for the compiled dist/src/ alike.
 */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'evm-questbench') return (root = dir);
    const parent = dirname(dir);
    if (parent === dir) {
      throw new QuestError('PACKAGE_ROOT', `cannot find the evm-questbench package above ${fileURLToPath(import.meta.url)}`, {
        hint: 'run evm-questbench from its installed package (npm install evm-questbench), not from a bundle that copied its files elsewhere',
      });
    }
    dir = parent;
  }
}

/** The package's version, as its package.json states it. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** Sibling modules are .ts in the source tree and .js once compiled. */
export const moduleExt = (url: string) => (url.endsWith('.ts') ? '.ts' : '.js');
