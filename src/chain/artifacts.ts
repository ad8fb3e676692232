import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.ts';
import type { Artifact } from './compile.ts';
import { fixtureMissing } from './fixture-error.ts';

const DIR = join(packageRoot(), 'fixtures', 'artifacts');

/** The committed compiler output (ABI + bytecode) of the project's contracts, by contract name. */
export function loadArtifacts(): Map<string, Artifact> {
  if (!existsSync(DIR)) throw fixtureMissing(`the compiled contracts are missing (${DIR})`);
  return new Map(
    readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => {
        const a = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Artifact;
        return [a.contractName, a] as const;
      }),
  );
}
