import { join } from 'node:path';
import { packageRoot } from './package-root.ts';

/**
 * In this repository the package's entry points resolve to their TypeScript sources (the installed
 * package ships compiled dist/): for Vite, as aliases. tsconfig.json maps the same names for tsc and tsx.
 */
export function sourceAliases(): { find: RegExp; replacement: string }[] {
  const root = packageRoot();
  return [
    { find: /^evm-questbench\/validators$/, replacement: join(root, 'src/validators/index.ts') },
    { find: /^evm-questbench\/composite$/, replacement: join(root, 'src/composite/reference.ts') },
    { find: /^evm-questbench\/reporter$/, replacement: join(root, 'reporters/questbench.ts') },
    { find: /^evm-questbench$/, replacement: join(root, 'src/plugin/index.ts') },
  ];
}
