// Prebuilt ESM bundles of the libraries a skill may import. Deno loads them from disk, so
// skills never touch npm resolution, the network or node_modules.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { installedVersion, questbenchCacheDir } from './paths.ts';

/** Bare specifiers a skill may import, mapped to the bundle file that serves each. */
export const VENDOR_ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  ethers: 'ethers.mjs',
  viem: 'viem.mjs',
  'viem/chains': 'viem-chains.mjs',
  'viem/utils': 'viem-utils.mjs',
  'viem/actions': 'viem-actions.mjs',
});

export const IMPORTABLE: readonly string[] = Object.keys(VENDOR_ENTRIES);

// Vendor entries resolve ethers/viem from the project's node_modules, wherever the process cwd is.
const here = path.dirname(fileURLToPath(import.meta.url));

// Bump when the build options below change, so old caches are not reused.
const LAYOUT = 'v1';

export interface VendorBundles {
  dir: string;
  /** specifier → file:// URL of its bundle */
  urls: ReadonlyMap<string, string>;
}

let cached: VendorBundles | undefined;
let pending: Promise<VendorBundles> | undefined;

function vendorKey(): string {
  const versions = `ethers@${installedVersion('ethers')} viem@${installedVersion('viem')} esbuild@${esbuild.version} ${LAYOUT}`;
  return createHash('sha256').update(versions).digest('hex').slice(0, 16);
}

function describe(dir: string): VendorBundles {
  const urls = new Map<string, string>();
  for (const [spec, file] of Object.entries(VENDOR_ENTRIES)) urls.set(spec, pathToFileURL(path.join(dir, file)).href);
  return { dir, urls };
}

async function buildInto(dir: string): Promise<void> {
  const entryPoints = Object.entries(VENDOR_ENTRIES).map(([spec, file]) => ({
    in: `vendor-entry:${spec}`,
    out: file.replace(/\.mjs$/, ''),
  }));
  await esbuild.build({
    entryPoints,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Shared chunks keep one copy of viem internals across viem/*, so classes and caches are shared.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    // The browser field swaps ethers' node-only modules (crypto, ws, geturl) for fetch/WebCrypto versions.
    platform: 'browser',
    target: 'esnext',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: here,
    plugins: [
      {
        name: 'vendor-entries',
        setup(build) {
          build.onResolve({ filter: /^vendor-entry:/ }, (args) => ({
            path: args.path.slice('vendor-entry:'.length),
            namespace: 'vendor-entry',
          }));
          build.onLoad({ filter: /.*/, namespace: 'vendor-entry' }, (args) => ({
            contents: `export * from ${JSON.stringify(args.path)};`,
            loader: 'js',
            resolveDir: here,
          }));
        },
      },
    ],
  });
}

async function ensure(): Promise<VendorBundles> {
  const root = questbenchCacheDir();
  const dir = path.join(root, `vendor-${vendorKey()}`);
  // The final directory only ever appears via rename of a complete build.
  if (existsSync(path.join(dir, 'ethers.mjs'))) return describe(dir);

  await mkdir(root, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await buildInto(tmp);
    try {
      await rename(tmp, dir);
    } catch (err) {
      // Another process finished first; its build is identical.
      const code = (err as NodeJS.ErrnoException).code;
      if (!(code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'EPERM') || !existsSync(path.join(dir, 'ethers.mjs'))) throw err;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return describe(dir);
}

/** Builds the vendor bundles once per machine (per dependency versions) and caches their location in memory. */
export function vendorBundles(): Promise<VendorBundles> {
  if (cached) return Promise.resolve(cached);
  pending ??= ensure().then(
    (v) => (cached = v),
    (err: unknown) => {
      pending = undefined;
      throw err;
    },
  );
  return pending;
}

/** Sync access once built (hot path of runSkill). */
export function vendorBundlesIfReady(): VendorBundles | undefined {
  return cached;
}
