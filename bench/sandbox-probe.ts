// Measures the sandbox phase through the runner's public API: per-script latency and CPU (warm and
// cold), a burst of concurrent scripts, and the memory of the Deno processes that run them.
// Written against runSkill and the host-closing function only, so the same probe can be pointed at
// another revision of src/sandbox to compare designs.
import * as sandbox from '../src/sandbox/index.ts';
import { cpuDelta, cpuSnapshot, descendants, rssMb, totalCpu } from './cpu.ts';
import { summarize, type Summary } from './stats.ts';

const { extractCode, runSkill } = sandbox;
// Ends the Deno processes kept for a proxy port, forcing the next script to start cold.
const closeHosts =
  (sandbox as { closeSandboxHosts?: (port?: number) => void }).closeSandboxHosts ??
  (sandbox as { closeStandbys?: (port?: number) => void }).closeStandbys;

export interface SandboxProbe {
  /** CPU ms per script (Node, esbuild and every Deno process together), same keys as the summaries. */
  cpu: Record<string, number>;
  /** runSkill up to compilation only: vendor lookup + esbuild bundle of a reference answer. */
  compile: Summary;
  /** Full runSkill, one at a time with a pause between runs (what was started ahead is ready). */
  trivial: Summary;
  trivialEthers: Summary;
  trivialViem: Summary;
  /** Same, one read through the real read-only proxy. */
  oneReadEthers?: Summary;
  oneReadViem?: Summary;
  /** The ethers read with every Deno process of the port ended first: a cold start. */
  oneReadEthersCold?: Summary;
  /** 32 one-read scripts (ethers and viem alternating) started at once. */
  burst?: { jobs: number; wallMs: number; cpuPerJobMs: number; perSecond: number };
  /** Resident memory of the sandbox's Deno processes: idle (between scripts), and per script while 16 wait at once. */
  memory?: { idleMb: number; perScriptMb: number; processes: number };
}

const TRIVIAL = `export async function executeSkill(_url: string, agent: string) { return { to: agent }; }`;
const TRIVIAL_ETHERS = `import { Contract } from 'ethers';
export async function executeSkill(_url: string, agent: string) { return { to: agent, data: typeof Contract === 'function' ? '0x' : '0x00' }; }`;
const TRIVIAL_VIEM = `import { parseEther } from 'viem';
export async function executeSkill(_url: string, agent: string) { return { to: agent, value: parseEther('0').toString() }; }`;
const ONE_READ_ETHERS = `import { JsonRpcProvider } from 'ethers';
export async function executeSkill(url: string, agent: string) { const p = new JsonRpcProvider(url, undefined, { staticNetwork: true }); await p.getBalance(agent); return { to: agent }; }`;
const ONE_READ_VIEM = `import { createPublicClient, http } from 'viem';
export async function executeSkill(url: string, agent: string) { const c = createPublicClient({ transport: http(url) }); await c.getBalance({ address: agent as \`0x\${string}\` }); return { to: agent }; }`;
const WAIT = `import { Contract } from 'ethers';
export async function executeSkill(_url: string, agent: string) { await new Promise((r) => setTimeout(r, 1500)); return { to: agent, data: typeof Contract === 'function' ? '0x' : '0x00' }; }`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Between sequential runs: what a real instance spends on the model and the chain meanwhile. */
const PAUSE_MS = 150;

const denoProcesses = () => descendants(process.pid).filter((p) => p.comm === 'deno');

export async function probeSandbox(opts: {
  samples: number;
  answers: string[];
  providerUrl?: string;
  agent?: string;
}): Promise<SandboxProbe> {
  const cpu: Record<string, number> = {};
  // Each kind in its own loop so its CPU can be attributed; the pauses are idle time.
  const loop = async (key: string, n: number, once: () => Promise<number>) => {
    const times: number[] = [];
    const a = cpuSnapshot();
    for (let i = 0; i < n; i++) {
      times.push(await once());
      await sleep(PAUSE_MS);
    }
    cpu[key] = totalCpu(cpuDelta(a, cpuSnapshot())) / n;
    return times;
  };
  // Renaming the export makes runSkill stop right after compiling (no_export): compile cost only.
  const fake = { providerUrl: 'http://127.0.0.1:9/', agentAddress: '0x0000000000000000000000000000000000000001', deployedContracts: {} };
  const codes = opts.answers.map((answer) => {
    const extracted = extractCode(answer);
    if ('error' in extracted) throw new Error(extracted.error);
    return extracted.code.replaceAll('executeSkill', 'executeSkillRenamed');
  });
  let next = 0;
  const compile = await loop('compile', codes.length, async () => {
    const t = performance.now();
    const r = await runSkill(codes[next++]!, fake);
    if (r.kind !== 'schema_invalid') throw new Error(`compile probe expected no_export, got ${r.kind}`);
    return performance.now() - t;
  });
  const full = async (key: string, code: string, url: string, cold = false) => {
    const a = { ...fake, providerUrl: url, agentAddress: opts.agent ?? fake.agentAddress };
    const port = Number(new URL(url).port);
    // One unmeasured run starts the port's processes (and tells them what to load ahead).
    if (!cold) await runSkill(code, a);
    await sleep(PAUSE_MS);
    const times = await loop(key, opts.samples, async () => {
      if (cold) {
        closeHosts?.(port);
        await sleep(50);
      }
      const t = performance.now();
      const r = await runSkill(code, a);
      if (r.kind !== 'ok') throw new Error(`probe skill failed: ${r.kind}: ${'message' in r ? r.message : ''}`);
      return performance.now() - t;
    });
    return summarize(times);
  };
  const out: SandboxProbe = {
    cpu,
    compile: summarize(compile),
    trivial: await full('trivial', TRIVIAL, fake.providerUrl),
    trivialEthers: await full('trivialEthers', TRIVIAL_ETHERS, fake.providerUrl),
    trivialViem: await full('trivialViem', TRIVIAL_VIEM, fake.providerUrl),
  };
  closeHosts?.(9);
  if (opts.providerUrl) {
    const url = opts.providerUrl;
    const port = Number(new URL(url).port);
    out.oneReadEthers = await full('oneReadEthers', ONE_READ_ETHERS, url);
    out.oneReadViem = await full('oneReadViem', ONE_READ_VIEM, url);
    out.oneReadEthersCold = await full('oneReadEthersCold', ONE_READ_ETHERS, url, true);

    // A burst: 32 scripts at once.
    const a = { ...fake, providerUrl: url, agentAddress: opts.agent ?? fake.agentAddress };
    await runSkill(ONE_READ_ETHERS, a);
    await sleep(500);
    const jobs = 32;
    const c0 = cpuSnapshot();
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: jobs }, (_, i) => runSkill(i % 2 ? ONE_READ_VIEM : ONE_READ_ETHERS, a)));
    const wallMs = performance.now() - t0;
    const cpuMs = totalCpu(cpuDelta(c0, cpuSnapshot()));
    const failed = results.filter((r) => r.kind !== 'ok');
    if (failed.length) throw new Error(`burst: ${failed.length} of ${jobs} failed: ${JSON.stringify(failed[0]).slice(0, 300)}`);
    out.burst = { jobs, wallMs, cpuPerJobMs: cpuMs / jobs, perSecond: (1000 * jobs) / wallMs };

    // Memory: idle, then with 16 scripts waiting at once.
    if (process.platform === 'linux') {
      await sleep(1000);
      const idle = denoProcesses();
      const idleMb = idle.reduce((s, p) => s + rssMb(p.pid), 0);
      const waiting = Array.from({ length: 16 }, () => runSkill(WAIT, a));
      await sleep(1000);
      const busy = denoProcesses();
      const busyMb = busy.reduce((s, p) => s + rssMb(p.pid), 0);
      await Promise.all(waiting);
      out.memory = { idleMb, perScriptMb: (busyMb - idleMb) / 16, processes: busy.length };
    }
    closeHosts?.(port);
  }
  return out;
}
