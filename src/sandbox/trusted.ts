// Runs a trusted script in this process: the task's own reference, replayed for the cost accounting,
// and the bench's wallet agent (which computes its transactions itself, as an agent built on viem
// tools does). Transpiled by esbuild to CommonJS and evaluated with this package's `require`, so
// `ethers` and `viem` resolve from its dependencies and load once per process; a script that needs
// ESM (top-level await) is written under node_modules/.cache and imported instead. Model output never
// runs here: it goes through the Deno sandbox (runner.ts), and nothing a model sends can select this path.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { QuestError } from '../errors.ts';
import { extractCode } from './extract.ts';
import type { SandboxOutcome } from './outcome.ts';
import type { SkillArgs } from './runner.ts';

const DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../node_modules/.cache/questbench-trusted-scripts');
const requireHere = createRequire(import.meta.url);

let imported = 0;

const TRUSTED_SCRIPT =
  'a reference (or the bench agent) replies with one TypeScript block that exports executeSkill(providerUrl, agentAddress, deployedContracts); see docs/writing-tasks.md';

type Skill = (providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) => unknown;

/**
 * The script's module, evaluated here. Writing a file and importing it cost ≈ 4 ms of CPU a script
 * (the file, and resolving its imports afresh); CommonJS in a function costs a fraction of that.
 */
async function loadSkill(source: string): Promise<{ executeSkill?: Skill }> {
  let cjs: string | undefined;
  try {
    cjs = (await transform(source, { loader: 'ts', format: 'cjs', target: 'es2022', logLevel: 'silent' })).code;
  } catch {
    // not expressible as CommonJS (top-level await): the module path below
  }
  if (cjs !== undefined) {
    const module = { exports: {} as { executeSkill?: Skill } };
    new Function('require', 'module', 'exports', cjs)(requireHere, module, module.exports);
    return module.exports;
  }
  // The file lives only until Node has loaded it (every instance's script differs, so keeping them would
  // grow the folder run after run); its name is unique to this import, so no other run can remove it first.
  const file = path.join(DIR, `${process.pid}-${++imported}.mjs`);
  const { code } = await transform(source, { loader: 'ts', format: 'esm', target: 'es2022' });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as { executeSkill?: Skill };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The reply's script, run here; returns its value as JSON would carry it, throws what it throws. */
export async function runScriptInProcess(reply: string, args: SkillArgs): Promise<unknown> {
  const extracted = extractCode(reply);
  if ('error' in extracted) throw new QuestError('TRUSTED_SCRIPT', `the reply has no script: ${extracted.error}`, { hint: TRUSTED_SCRIPT });
  const mod = await loadSkill(extracted.code);
  if (typeof mod.executeSkill !== 'function')
    throw new QuestError('TRUSTED_SCRIPT', 'the script exports no executeSkill', { hint: TRUSTED_SCRIPT });
  const value = await mod.executeSkill(args.providerUrl, args.agentAddress, args.deployedContracts);
  // The same JSON the sandbox hands back: bigints as decimal strings, functions dropped.
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString(10) : v)) ?? 'null');
}

/** runScriptInProcess with the sandbox's outcome: what it throws is a runtime error, a slow script a timeout. */
export async function runTrustedAnswer(
  reply: string,
  args: SkillArgs,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<SandboxOutcome> {
  const started = performance.now();
  const facts = () => ({ logs: '', durationMs: Math.round(performance.now() - started) });
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<'timeout' | 'aborted'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
    opts.signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
  try {
    const value = await Promise.race([runScriptInProcess(reply, args), ended]);
    if (value === 'timeout') return { kind: 'timeout', message: `the script did not finish within ${opts.timeoutMs} ms`, ...facts() };
    if (value === 'aborted')
      return { kind: 'runtime_error', message: `the script was stopped: ${String(opts.signal?.reason ?? 'aborted')}`, ...facts() };
    return { kind: 'ok', value, ...facts() };
  } catch (e) {
    return { kind: 'runtime_error', message: (e as Error).message ?? String(e), ...facts() };
  } finally {
    clearTimeout(timer);
  }
}
