// Breaks the sandbox phase into its fixed costs, using the same Deno binary, entry, flags, cache dir
// and vendor bundles as src/sandbox/runner.ts, and estimates what a pre-started Deno would save.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractCode, runSkill } from '../src/sandbox/index.ts';
import { denoBinary, ENTRY_PATH, questbenchCacheDir } from '../src/sandbox/paths.ts';
import { vendorBundles } from '../src/sandbox/vendor.ts';
import { onCleanup } from './cleanup.ts';
import { summarize, type Summary } from './stats.ts';

export interface SandboxProbe {
  /** Deno process start to exit, entry only (no imports). */
  bare: Summary;
  /** Same plus importing the ethers bundle (37 of 62 references use ethers). */
  ethers: Summary;
  /** Same plus importing the viem bundle. */
  viem: Summary;
  /** runSkill up to compilation only: vendor lookup + esbuild bundle of a reference answer. */
  compile: Summary;
  /** Full runSkill of skills that do no RPC: the runner's fixed cost per instance. */
  trivialEthers: Summary;
  trivialViem: Summary;
  /** Full runSkill of skills that make one read through the real read-only proxy. */
  oneReadEthers?: Summary;
  oneReadViem?: Summary;
  /** Inside one long-lived Deno: a fresh Worker that imports ethers and answers (isolation per instance kept). */
  workerEthers?: Summary;
  /** Inside one long-lived Deno with ethers already loaded: dynamic import of a new module (no isolation). */
  inProcessImport?: Summary;
  workerError?: string;
}

function denoEnv() {
  return { DENO_DIR: path.join(questbenchCacheDir(), 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
}

function runDeno(args: string[], cwd: string): Promise<{ ms: number; stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(denoBinary(), args, { cwd, env: denoEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    // The entry may read a per-run token from stdin before anything else, as the runner sends it.
    child.stdin.on('error', () => {});
    child.stdin.end('0\n');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`deno exited ${code}: ${stderr.slice(-500)}`));
      else resolve({ ms: performance.now() - t, stdout, code });
    });
  });
}

/** The flags runner.ts passes (kept in sync by hand: they are not exported). */
function sandboxFlags(readable: string[]): string[] {
  return ['run', '--no-prompt', '--no-remote', '--no-npm', '--no-config', '--no-lock', `--allow-read=${readable.join(',')}`, '--v8-flags=--max-old-space-size=256'];
}

const WORKER_HOST = `
const [ethersUrl, dir, n] = Deno.args;
const worker = [], inproc = [];
const workerSrc = 'import * as e from ' + JSON.stringify(ethersUrl) + '; self.postMessage(typeof e.Contract);';
const workerFile = dir + '/worker.mjs';
Deno.writeTextFileSync(workerFile, workerSrc);
for (let i = 0; i < Number(n); i++) {
  const t = performance.now();
  const w = new Worker(new URL('file://' + workerFile), { type: 'module' });
  await new Promise((res, rej) => { w.onmessage = res; w.onerror = (e) => { e.preventDefault(); rej(new Error(e.message)); }; });
  w.terminate();
  worker.push(performance.now() - t);
}
await import(ethersUrl);
for (let i = 0; i < Number(n); i++) {
  const f = dir + '/skill' + i + '.mjs';
  Deno.writeTextFileSync(f, 'import { Contract } from ' + JSON.stringify(ethersUrl) + '; export async function executeSkill() { return { to: typeof Contract }; }');
  const t = performance.now();
  const m = await import('file://' + f);
  await m.executeSkill();
  inproc.push(performance.now() - t);
}
console.log(JSON.stringify({ worker, inproc }));
`;

const TRIVIAL_ETHERS = `import { Contract } from 'ethers';
export async function executeSkill(_url: string, agent: string) { return { to: agent, data: typeof Contract === 'function' ? '0x' : '0x00' }; }`;
const TRIVIAL_VIEM = `import { parseEther } from 'viem';
export async function executeSkill(_url: string, agent: string) { return { to: agent, value: parseEther('0').toString() }; }`;
const ONE_READ_ETHERS = `import { JsonRpcProvider } from 'ethers';
export async function executeSkill(url: string, agent: string) { const p = new JsonRpcProvider(url); await p.getBalance(agent); return { to: agent }; }`;
const ONE_READ_VIEM = `import { createPublicClient, http } from 'viem';
export async function executeSkill(url: string, agent: string) { const c = createPublicClient({ transport: http(url) }); await c.getBalance({ address: agent as \`0x\${string}\` }); return { to: agent }; }`;

export async function probeSandbox(opts: { samples: number; answers: string[]; providerUrl?: string; agent?: string }): Promise<SandboxProbe> {
  const vendor = await vendorBundles();
  const ethersUrl = vendor.urls.get('ethers')!;
  const viemUrl = vendor.urls.get('viem')!;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'questbench-bench-probe-'));
  const release = onCleanup(() => rm(dir, { recursive: true, force: true }));
  try {
    const bare: number[] = [];
    const ethers: number[] = [];
    const viem: number[] = [];
    const warm = (urls: string[]) => runDeno([...sandboxFlags([vendor.dir]), ENTRY_PATH, '--warm', ...urls], dir);
    await warm([ethersUrl, viemUrl]);
    for (let i = 0; i < opts.samples; i++) {
      bare.push((await warm([])).ms);
      ethers.push((await warm([ethersUrl])).ms);
      viem.push((await warm([viemUrl])).ms);
    }
    // Renaming the export makes runSkill stop right after compiling (no_export): compile cost only.
    const compile: number[] = [];
    const args = { providerUrl: 'http://127.0.0.1:9/', agentAddress: '0x0000000000000000000000000000000000000001', deployedContracts: {} };
    for (const answer of opts.answers) {
      const extracted = extractCode(answer);
      if ('error' in extracted) throw new Error(extracted.error);
      const code = extracted.code.replaceAll('executeSkill', 'executeSkillRenamed');
      const t = performance.now();
      const r = await runSkill(code, args);
      if (r.kind !== 'schema_invalid') throw new Error(`compile probe expected no_export, got ${r.kind}`);
      compile.push(performance.now() - t);
    }
    const full = async (code: string, url: string) => {
      const times: number[] = [];
      const a = { ...args, providerUrl: url, agentAddress: opts.agent ?? args.agentAddress };
      for (let i = 0; i < opts.samples; i++) {
        const t = performance.now();
        const r = await runSkill(code, a);
        if (r.kind !== 'ok') throw new Error(`probe skill failed: ${r.kind}: ${'message' in r ? r.message : ''}`);
        times.push(performance.now() - t);
      }
      return summarize(times);
    };
    const out: SandboxProbe = {
      bare: summarize(bare),
      ethers: summarize(ethers),
      viem: summarize(viem),
      compile: summarize(compile),
      trivialEthers: await full(TRIVIAL_ETHERS, args.providerUrl),
      trivialViem: await full(TRIVIAL_VIEM, args.providerUrl),
    };
    if (opts.providerUrl) {
      out.oneReadEthers = await full(ONE_READ_ETHERS, opts.providerUrl);
      out.oneReadViem = await full(ONE_READ_VIEM, opts.providerUrl);
    }
    try {
      const host = path.join(dir, 'host.mjs');
      await writeFile(host, WORKER_HOST);
      const r = await runDeno(['run', '--no-prompt', '--no-remote', '--no-npm', '--no-config', '--no-lock', `--allow-read=${vendor.dir},${dir}`, `--allow-write=${dir}`, pathToFileURL(host).href, ethersUrl, dir, String(opts.samples)], dir);
      const { worker, inproc } = JSON.parse(r.stdout.trim().split('\n').pop()!) as { worker: number[]; inproc: number[] };
      // The first of each pays one-off costs the long-lived process would pay once per worker.
      out.workerEthers = summarize(worker.slice(1));
      out.inProcessImport = summarize(inproc.slice(1));
    } catch (e) {
      out.workerError = (e as Error).message;
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
    release();
  }
}
