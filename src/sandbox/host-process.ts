// Starting one Deno host process: its permissions (the host reaches the proxy port and its own socket,
// reads the vendor bundles), its V8 heap limit, and an environment with nothing of the harness's.
import { spawn, type ChildProcess } from 'node:child_process';
import { denoDir, pruneDenoCache } from './deno-cache.ts';
import { denoBinary, HOST_PATH } from './paths.ts';

export interface HostOptions {
  /** Proxy port the Workers may reach; undefined: no network at all. */
  port: number | undefined;
  maxHeapMb: number;
  vendorDir: string;
  /** One job and done (crash attribution, warm-up) instead of many concurrent ones. */
  solo: boolean;
  spares: number;
}

/** Starts deno-host.mjs, to connect back to the unix socket `sock` (neither path may hold a comma). */
export function spawnDenoHost(opts: HostOptions, sock: string): ChildProcess {
  const net = [...(opts.port === undefined ? [] : [`127.0.0.1:${opts.port}`]), `unix:${sock}`];
  const args = [
    'run',
    '--no-prompt',
    '--no-remote',
    '--no-npm',
    '--no-config',
    '--no-lock',
    '--unstable-worker-options',
    // The host itself reaches the proxy port and its socket; each Worker gets the port only.
    `--allow-net=${net.join(',')}`,
    `--allow-read=${opts.vendorDir},${sock}`,
    `--allow-write=${sock}`,
    `--v8-flags=--max-old-space-size=${opts.maxHeapMb}`,
    HOST_PATH,
    sock,
    opts.port === undefined ? '-' : String(opts.port),
    opts.vendorDir,
    String(opts.spares),
  ];
  // Hosts start rarely (per port, per thousand jobs): the moment to keep Deno's caches bounded.
  if (!opts.solo) pruneDenoCache(denoDir());
  return spawn(denoBinary(), args, {
    // Nothing of the parent environment: the harness keeps keys there.
    env: { DENO_DIR: denoDir(), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}
