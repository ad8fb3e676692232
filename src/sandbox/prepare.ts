// Getting the sandbox ready before the first timed run: the vendor bundles built, Deno's code cache
// filled for them, esbuild's service started.
import { QuestError } from '../errors.ts';
import { startCompiler } from './compile.ts';
import { denoDir, pruneDenoCache } from './deno-cache.ts';
import { runSolo } from './host-pool.ts';
import { moduleUrl, type HostJob } from './host-protocol.ts';
import { denoBinary } from './paths.ts';
import { RPC_LIMITS } from './rpc-limits.ts';
import { DEFAULT_MAX_HEAP_MB, DEFAULT_MAX_OUTPUT } from './runner.ts';
import { vendorBundles } from './vendor.ts';

let preparing: Promise<void> | undefined;

async function warm(): Promise<void> {
  denoBinary(); // fail early with the install hint
  const vendor = await vendorBundles();
  pruneDenoCache(denoDir());
  // Import every bundle once in a Worker with the same flags as real runs, so V8's code cache for
  // them is filled (it is keyed by source and flags) and later Workers skip parsing ~1 MB of JavaScript.
  const urls = [...vendor.urls.values()].sort();
  const js = `${urls.map((u) => `import ${JSON.stringify(u)};`).join('\n')}\nexport function executeSkill() { return 1; }`;
  const job: HostJob = {
    src: moduleUrl(js),
    args: ['', '', {}],
    imports: urls,
    timeoutMs: 120_000,
    maxOutputBytes: DEFAULT_MAX_OUTPUT,
    maxRssMb: 4096,
    maxFetches: RPC_LIMITS.maxScriptFetches,
  };
  const result = await runSolo({ port: undefined, maxHeapMb: DEFAULT_MAX_HEAP_MB, vendorDir: vendor.dir }, job);
  if ('lost' in result || result.outcome.kind !== 'ok') {
    const why = 'lost' in result ? JSON.stringify(result.why) : JSON.stringify(result.outcome);
    throw new QuestError('SANDBOX_WARMUP', `sandbox warm-up failed: ${why}\n${result.logs}`, {
      hint: 'check that `npx deno --version` runs here; `npm install` restores the deno package and its platform binary',
    });
  }
  // Start esbuild's service now rather than in the first timed run.
  await startCompiler();
}

/**
 * Builds the vendor bundles and warms Deno's code cache. Idempotent; concurrent callers in one
 * process share the work, and concurrent processes are safe (atomic rename, Deno's own locking).
 */
export function prepareSandbox(): Promise<void> {
  preparing ??= warm().catch((err: unknown) => {
    preparing = undefined;
    throw err;
  });
  return preparing;
}
