// Breaks the sandbox phase into its fixed costs, using the same Deno binary, entry, flags, cache dir
// and vendor bundles as src/sandbox/runner.ts, and estimates what a pre-started Deno would save.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as sandbox from '../src/sandbox/index.ts';

const { extractCode, runSkill } = sandbox;
// Present when the runner keeps a pre-started Deno per proxy port; ending it forces a cold start.
const closeStandbys = (sandbox as { closeStandbys?: (port?: number) => void }).closeStandbys;
import { denoBinary, ENTRY_PATH, questbenchCacheDir } from '../src/sandbox/paths.ts';
import { vendorBundles } from '../src/sandbox/vendor.ts';
import { onCleanup } from './cleanup.ts';
import { cpuDelta, cpuSnapshot, totalCpu } from './cpu.ts';
import { summarize, type Summary } from './stats.ts';

export interface SandboxProbe {
  /** CPU ms per run (Deno process + this process' share), same keys as the summaries. */
  cpu: Record<string, number>;
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
  /** Same, with any pre-started standby process ended before each run: a cold Deno start. */
  oneReadEthersCold?: Summary;
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

// Long-lived host: `worker` mode starts a fresh Worker per job (own isolate, imports ethers, answers);
// `inproc` mode loads ethers once and then imports one new skill module per job (no isolation).
const HOST = `
const [mode, ethersUrl, dir, n] = Deno.args;
const times = [];
const workerFile = dir + '/worker.mjs';
Deno.writeTextFileSync(workerFile, 'import * as e from ' + JSON.stringify(ethersUrl) + '; self.postMessage(typeof e.Contract);');
if (mode === 'inproc') await import(ethersUrl);
for (let i = 0; i < Number(n); i++) {
  const t = performance.now();
  if (mode === 'worker') {
    const w = new Worker(new URL('file://' + workerFile), { type: 'module' });
    await new Promise((res, rej) => { w.onmessage = res; w.onerror = (e) => { e.preventDefault(); rej(new Error(e.message)); }; });
    w.terminate();
  } else {
    const f = dir + '/skill' + i + '.mjs';
    Deno.writeTextFileSync(f, 'import { Contract } from ' + JSON.stringify(ethersUrl) + '; export async function executeSkill() { return { to: typeof Contract }; }');
    const m = await import('file://' + f);
    await m.executeSkill();
  }
  times.push(performance.now() - t);
}
console.log(JSON.stringify(times));
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
    const cpu: Record<string, number> = {};
    // Each kind in its own loop so its CPU can be attributed.
    const loop = async (key: string, n: number, once: () => Promise<number>) => {
      const times: number[] = [];
      const a = cpuSnapshot();
      for (let i = 0; i < n; i++) times.push(await once());
      cpu[key] = totalCpu(cpuDelta(a, cpuSnapshot())) / n;
      return times;
    };
    const warm = async (urls: string[]) => (await runDeno([...sandboxFlags([vendor.dir]), ENTRY_PATH, '--warm', ...urls], dir)).ms;
    await warm([ethersUrl, viemUrl]);
    const bare = await loop('bare', opts.samples, () => warm([]));
    const ethers = await loop('ethers', opts.samples, () => warm([ethersUrl]));
    const viem = await loop('viem', opts.samples, () => warm([viemUrl]));
    // Renaming the export makes runSkill stop right after compiling (no_export): compile cost only.
    const args = { providerUrl: 'http://127.0.0.1:9/', agentAddress: '0x0000000000000000000000000000000000000001', deployedContracts: {} };
    const codes = opts.answers.map((answer) => {
      const extracted = extractCode(answer);
      if ('error' in extracted) throw new Error(extracted.error);
      return extracted.code.replaceAll('executeSkill', 'executeSkillRenamed');
    });
    let next = 0;
    const compile = await loop('compile', codes.length, async () => {
      const t = performance.now();
      const r = await runSkill(codes[next++]!, args);
      if (r.kind !== 'schema_invalid') throw new Error(`compile probe expected no_export, got ${r.kind}`);
      return performance.now() - t;
    });
    const full = async (key: string, code: string, url: string, cold = false) => {
      const a = { ...args, providerUrl: url, agentAddress: opts.agent ?? args.agentAddress };
      const port = Number(new URL(url).port);
      const times = await loop(key, opts.samples, async () => {
        if (cold) closeStandbys?.(port);
        const t = performance.now();
        const r = await runSkill(code, a);
        if (r.kind !== 'ok') throw new Error(`probe skill failed: ${r.kind}: ${'message' in r ? r.message : ''}`);
        return performance.now() - t;
      });
      return summarize(times);
    };
    const out: SandboxProbe = {
      cpu,
      bare: summarize(bare),
      ethers: summarize(ethers),
      viem: summarize(viem),
      compile: summarize(compile),
      trivialEthers: await full('trivialEthers', TRIVIAL_ETHERS, args.providerUrl),
      trivialViem: await full('trivialViem', TRIVIAL_VIEM, args.providerUrl),
    };
    if (opts.providerUrl) {
      out.oneReadEthers = await full('oneReadEthers', ONE_READ_ETHERS, opts.providerUrl);
      if (closeStandbys) out.oneReadEthersCold = await full('oneReadEthersCold', ONE_READ_ETHERS, opts.providerUrl, true);
      out.oneReadViem = await full('oneReadViem', ONE_READ_VIEM, opts.providerUrl);
    }
    try {
      const host = path.join(dir, 'host.mjs');
      await writeFile(host, HOST);
      // Per-job CPU is the difference between a host doing N jobs and one doing none.
      const hostRun = async (mode: string, n: number) => {
        const a = cpuSnapshot();
        const r = await runDeno(['run', '--no-prompt', '--no-remote', '--no-npm', '--no-config', '--no-lock', `--allow-read=${vendor.dir},${dir}`, `--allow-write=${dir}`, pathToFileURL(host).href, mode, ethersUrl, dir, String(n)], dir);
        return { cpu: totalCpu(cpuDelta(a, cpuSnapshot())), times: JSON.parse(r.stdout.trim().split('\n').pop()!) as number[] };
      };
      for (const [mode, key] of [['worker', 'workerEthers'], ['inproc', 'inProcessImport']] as const) {
        const idle = await hostRun(mode, 0);
        const busy = await hostRun(mode, opts.samples + 1);
        cpu[key] = (busy.cpu - idle.cpu) / (opts.samples + 1);
        // The first job pays one-off costs a long-lived process pays once per worker.
        out[key] = summarize(busy.times.slice(1));
      }
    } catch (e) {
      out.workerError = (e as Error).message;
    }
    closeStandbys?.(9);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
    release();
  }
}
