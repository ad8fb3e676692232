import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** Path of the anvil binary shipped by the npm platform package (never downloaded at run time), unless `override` (QUEST_ANVIL_BIN) names one. */
export function anvilBinary(override?: string): string {
  if (override) return override;
  const pkg = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  let path: string;
  try {
    path = require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    throw new Error(`anvil binary not found: the npm package ${pkg} is not installed (run npm install; it ships with @foundry-rs/anvil)`);
  }
  if (!existsSync(path)) throw new Error(`anvil binary missing at ${path}`);
  return path;
}
