import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { QuestError } from '../errors.ts';

const require = createRequire(import.meta.url);

const ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64' };

/** What to do about an anvil that is not there or will not start. */
export const ANVIL_HINT =
  'run `npm install` (optional dependencies must not be omitted: @foundry-rs/anvil ships the binary), or set QUEST_ANVIL_BIN to an anvil that runs';

/** Path of the anvil binary shipped by the npm platform package (never downloaded at run time), unless `override` (QUEST_ANVIL_BIN) names one. */
export function anvilBinary(override?: string): string {
  if (override) return override;
  const pkg = `@foundry-rs/anvil-${process.platform}-${ARCH[process.arch] ?? process.arch}`;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  let path: string;
  try {
    path = require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    throw new QuestError(
      'ANVIL_MISSING',
      `anvil binary not found: the npm package ${pkg} is not installed (run npm install; it ships with @foundry-rs/anvil)`,
      { hint: ANVIL_HINT },
    );
  }
  if (!existsSync(path)) throw new QuestError('ANVIL_MISSING', `anvil binary missing at ${path}`, { hint: ANVIL_HINT });
  return path;
}
