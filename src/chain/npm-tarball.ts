// Files from an npm package that is too heavy to be a dependency (its own dependencies pull in a whole
// development toolchain): `npm pack` fetches the pinned tarball through the ordinary npm client, its
// integrity is checked against the registry's published sha512, and only the named files are unpacked.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { QuestError } from '../errors.ts';
import { packageRoot } from '../package-root.ts';

export interface PinnedPackage {
  /** name@version, exactly. */
  spec: string;
  /** The registry's dist.integrity (sha512-...). */
  integrity: string;
}

const PackResult = z.array(z.object({ filename: z.string() })).min(1);

function run(cmd: string, args: string[], cwd?: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, shell: process.platform === 'win32' });
  if (r.status !== 0) {
    throw new QuestError(
      'BUILD_COMMAND',
      `${cmd} ${args.join(' ')} failed (${r.status}): ${(r.stderr || r.error?.message || '').slice(-2000)}`,
      {
        hint:
          cmd === 'npm'
            ? 'the fixture build fetches its pinned packages once: run it where the npm registry answers (they are kept in node_modules/.cache/evm-questbench)'
            : `the fixture build needs ${cmd} on the PATH`,
      },
    );
  }
  return r.stdout;
}

/** Where unpacked files of a pinned package are kept between builds. */
export function packageCacheDir(pkg: PinnedPackage): string {
  return join(packageRoot(), 'node_modules', '.cache', 'evm-questbench', pkg.spec.replace(/[/@]/g, '_'));
}

/**
 * Makes `files` (paths inside the package, e.g. deployments/bscmainnet/vBNB.json) available and returns
 * the folder they are in. Files already unpacked are reused; missing ones cost one `npm pack` (served
 * from npm's cache after the first time) and one tar pass.
 */
export function pinnedPackageFiles(pkg: PinnedPackage, files: readonly string[]): string {
  const dir = packageCacheDir(pkg);
  const missing = files.filter((f) => !existsSync(join(dir, f)));
  if (missing.length === 0) return dir;
  const work = mkdtempSync(join(tmpdir(), 'questbench-pack-'));
  try {
    const { filename } = PackResult.parse(JSON.parse(run('npm', ['pack', pkg.spec, '--json', '--pack-destination', work], work)))[0]!;
    const tarball = join(work, filename.replace(/^.*[\\/]/, ''));
    const digest = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (digest !== pkg.integrity) throw new Error(`${pkg.spec}: the tarball's integrity ${digest} is not the pinned ${pkg.integrity}`);
    mkdirSync(dir, { recursive: true });
    run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1', ...missing.map((f) => `package/${f}`)]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const still = missing.filter((f) => !existsSync(join(dir, f)));
  if (still.length) throw new Error(`${pkg.spec} has no ${still.join(', ')}`);
  return dir;
}
