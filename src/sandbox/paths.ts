// Filesystem locations the sandbox depends on: the project's cache dir and the Deno binary.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QuestError } from '../errors.ts';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** The long-lived Deno program that runs skills in Workers; it lives next to this file. */
export const HOST_PATH = path.join(here, 'deno-host.mjs');
/** The prologue each skill Worker runs first; the host receives its source over its socket. */
export const WORKER_PATH = path.join(here, 'deno-worker.mjs');

let cacheRoot: string | undefined;

/**
 * `<project>/node_modules/.cache/questbench`: the nearest node_modules above this file,
 * so every process of the project shares one vendor build and one Deno code cache.
 */
export function questbenchCacheDir(): string {
  if (cacheRoot) return cacheRoot;
  let dir = here;
  for (;;) {
    const candidate = path.join(dir, 'node_modules');
    if (existsSync(candidate)) return (cacheRoot = path.join(candidate, '.cache', 'questbench'));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return (cacheRoot = path.join(os.tmpdir(), 'questbench-cache'));
}

/** Version of an installed package, found by walking up from its resolved entry (ethers does not export ./package.json). */
export function installedVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new QuestError('PACKAGE_MISSING', `cannot find package.json of ${name}`, { hint: 'run `npm install`' });
    dir = parent;
  }
}

const DENO_PLATFORMS = 'the sandbox runs on Linux (glibc), macOS or Windows, on x64 or arm64';

function denoPlatformPackage(): string {
  const arch = process.arch;
  if (arch !== 'x64' && arch !== 'arm64')
    throw new QuestError('DENO_PLATFORM', `Deno has no prebuilt binary for architecture ${arch}`, { hint: DENO_PLATFORMS });
  switch (process.platform) {
    case 'linux':
      return `@deno/linux-${arch}-glibc`;
    case 'darwin':
      return `@deno/darwin-${arch}`;
    case 'win32':
      return `@deno/win32-${arch}`;
    default:
      throw new QuestError('DENO_PLATFORM', `Deno has no prebuilt binary for platform ${process.platform}`, { hint: DENO_PLATFORMS });
  }
}

let denoPath: string | undefined;

/**
 * Absolute path of the Deno executable shipped by the `deno` npm package.
 * The `deno` package normally hard-links the binary into its own folder on install;
 * otherwise the platform package holds it.
 */
export function denoBinary(): string {
  if (denoPath) return denoPath;
  const exe = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const tried: string[] = [];
  try {
    const linked = path.join(path.dirname(require.resolve('deno/package.json')), exe);
    if (existsSync(linked)) return (denoPath = linked);
    tried.push(linked);
  } catch {
    tried.push('deno/package.json (not resolvable)');
  }
  let pkg = '@deno/<platform>';
  try {
    pkg = denoPlatformPackage();
    const fromPlatform = require.resolve(`${pkg}/${exe}`);
    if (existsSync(fromPlatform)) return (denoPath = fromPlatform);
    tried.push(fromPlatform);
  } catch (err) {
    tried.push(`${pkg}/${exe} (${(err as Error).message.split('\n')[0]})`);
  }
  throw new QuestError(
    'DENO_MISSING',
    `Deno executable not found; the sandbox needs the "deno" npm package and its platform binary ${pkg}. ` +
      `Run \`npm install\` (optional dependencies must not be omitted). Looked at: ${tried.join('; ')}`,
  );
}
