// The Worker prologue (deno-worker.mjs and the deno-worker-*.mjs parts it imports) as the one module
// the Deno host starts each Worker from: a Worker may read only the vendor bundles, so it gets its
// prologue whole, as source, bundled once per process.
import path from 'node:path';
import * as esbuild from 'esbuild';
import { WORKER_PATH } from './paths.ts';

let base64: string | undefined;

/** The bundled prologue, base64 (the host makes a data: URL of it). */
export function workerSourceBase64(): string {
  if (base64 !== undefined) return base64;
  const out = esbuild.buildSync({
    entryPoints: [WORKER_PATH],
    absWorkingDir: path.dirname(WORKER_PATH),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'esnext',
    legalComments: 'none',
    logLevel: 'silent',
  });
  return (base64 = Buffer.from(out.outputFiles[0]!.contents).toString('base64'));
}
