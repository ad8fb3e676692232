// Deno caches what it compiles in sqlite files under DENO_DIR: the vendored libraries (worth
// keeping: it spares every Worker parsing ~1 MB of JavaScript) and also every skill module it ever
// loaded, so the files grow with each script run. They are dropped whole past a size bound and
// refill with what is in use. A process that still has the old files open keeps using them (an
// unlinked inode), so this is safe while hosts run.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { questbenchCacheDir } from './paths.ts';

const CACHES = ['v8_code_cache_v2', 'dep_analysis_cache_v2'];
const MAX_DENO_CACHE_BYTES = 64 * 1024 * 1024;

let denoDirReady = false;
/** DENO_DIR of every host; its compile caches are bounded each time a shared host starts. */
export function denoDir(): string {
  const dir = path.join(questbenchCacheDir(), 'deno');
  if (!denoDirReady) {
    mkdirSync(dir, { recursive: true });
    denoDirReady = true;
  }
  return dir;
}

function cacheFiles(denoDir: string): string[] {
  try {
    return readdirSync(denoDir)
      .filter((n) => CACHES.some((c) => n === c || n.startsWith(`${c}-`)))
      .map((n) => path.join(denoDir, n));
  } catch {
    return [];
  }
}

/** Bytes the compile caches take now. */
export function denoCacheBytes(denoDir: string): number {
  let total = 0;
  for (const f of cacheFiles(denoDir)) {
    try {
      total += statSync(f).size;
    } catch {
      // removed meanwhile
    }
  }
  return total;
}

/** Removes the compile caches if they exceed `maxBytes`; true if they did. */
export function pruneDenoCache(denoDir: string, maxBytes = MAX_DENO_CACHE_BYTES): boolean {
  if (denoCacheBytes(denoDir) <= maxBytes) return false;
  for (const f of cacheFiles(denoDir)) rmSync(f, { force: true });
  return true;
}
