import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpuMs, expectNotSpinning, sleep } from './helpers/processes.ts';
import {
  closeSandboxHosts,
  extractCode,
  prepareSandbox,
  runAnswer,
  runSkill,
  sandboxStats,
  startReadOnlyProxy,
} from '../src/sandbox/index.ts';
import type { ReadOnlyProxy, SandboxOutcome } from '../src/sandbox/index.ts';
import { denoCacheBytes, pruneDenoCache } from '../src/sandbox/deno-cache.ts';
import { startTestAnvil } from './helpers/test-anvil.ts';
import type { TestAnvil } from './helpers/test-anvil.ts';

const AGENT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TEN_THOUSAND_ETH = 10_000n * 10n ** 18n;
const SECRET = 'sk-questbench-test-7f3c9a1e5b';

let anvil: TestAnvil;
let proxy: ReadOnlyProxy;
let args: { providerUrl: string; agentAddress: string; deployedContracts: Record<string, string> };

beforeAll(async () => {
  process.env.QUESTBENCH_FAKE_SECRET = SECRET;
  anvil = await startTestAnvil();
  proxy = await startReadOnlyProxy(anvil.url);
  args = { providerUrl: proxy.url, agentAddress: AGENT, deployedContracts: { Token: OTHER } };
  await prepareSandbox();
}, 180_000);

afterAll(async () => {
  delete process.env.QUESTBENCH_FAKE_SECRET;
  await proxy?.close();
  anvil?.stop();
});

function expectKind<K extends SandboxOutcome['kind']>(out: SandboxOutcome, kind: K): Extract<SandboxOutcome, { kind: K }> {
  if (out.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(out, null, 2).slice(0, 2000)}`);
  return out as Extract<SandboxOutcome, { kind: K }>;
}

const wrap = (body: string) => `export async function executeSkill(): Promise<unknown> {\n${body}\n}`;

describe('extractCode', () => {
  it('takes the first typescript block, even after a js block', () => {
    const answer = [
      'Plan:',
      '```js',
      'const a = 1;',
      '```',
      '```json',
      '{"x":1}',
      '```',
      '```typescript',
      'export const b = 2;',
      '```',
      '```ts',
      'later',
      '```',
    ].join('\n');
    expect(extractCode(answer)).toEqual({ code: 'export const b = 2;' });
  });

  it('falls back to the first js or bare block and ignores other languages', () => {
    expect(extractCode('```bash\nls\n```\n```\nbare();\n```\n```javascript\njs();\n```')).toEqual({ code: 'bare();' });
    expect(extractCode('```solidity\ncontract A {}\n```\n```js\nx();\n```')).toEqual({ code: 'x();' });
  });

  it('handles CRLF, info strings and longer fences', () => {
    expect(extractCode('text\r\n```ts title="skill.ts"\r\nlet a = 1;\r\nlet b = 2;\r\n```\r\n')).toEqual({
      code: 'let a = 1;\nlet b = 2;',
    });
    expect(extractCode('````ts\nconst s = "```";\n```\nstill code\n````')).toEqual({ code: 'const s = "```";\n```\nstill code' });
  });

  it('reports a missing code block', () => {
    expect(extractCode('I would call transfer() on the token.')).toHaveProperty('error');
    expect(extractCode('```json\n{}\n```')).toHaveProperty('error');
  });

  it('maps a missing code block to schema_invalid/no_code_block in runAnswer', async () => {
    const out = expectKind(await runAnswer('no code here', args), 'schema_invalid');
    expect(out.rule).toBe('no_code_block');
  });
});

describe('runSkill: results', () => {
  it('runs an ethers skill that reads a balance and returns a transaction', async () => {
    const code = `
      import { ethers } from 'ethers';
      export async function executeSkill(providerUrl: string, agentAddress: string, deployed: Record<string, string>) {
        const provider = new ethers.JsonRpcProvider(providerUrl);
        const balance = await provider.getBalance(agentAddress);
        console.log('balance', balance.toString());
        return { to: deployed.Token, value: balance / 4n, data: '0x' };
      }`;
    const out = expectKind(await runSkill(code, args), 'ok');
    expect(out.value).toEqual({ to: OTHER, value: (TEN_THOUSAND_ETH / 4n).toString(), data: '0x' });
    expect(out.logs).toContain(`balance ${TEN_THOUSAND_ETH}`);
    expect(out.durationMs).toBeGreaterThan(0);
  });

  it('runs a viem skill using viem, viem/chains and viem/utils', async () => {
    const answer = [
      'Here is the skill:',
      '```typescript',
      "import { createPublicClient, http, encodeFunctionData, parseAbi, type Address } from 'viem';",
      "import type { PublicClient } from 'viem';",
      "import { anvil } from 'viem/chains';",
      "import { formatEther } from 'viem/utils';",
      "import { getBalance } from 'viem/actions';",
      'export async function executeSkill(providerUrl: string, agentAddress: Address) {',
      '  const client: PublicClient = createPublicClient({ chain: anvil, transport: http(providerUrl) });',
      '  const balance = await getBalance(client, { address: agentAddress });',
      "  const data = encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), args: [agentAddress, 1n] });",
      '  return { to: agentAddress, value: balance - 1n, data, note: formatEther(balance) };',
      '}',
      '```',
    ].join('\n');
    const out = expectKind(await runAnswer(answer, args), 'ok');
    expect(out.value).toEqual({
      to: AGENT,
      value: (TEN_THOUSAND_ETH - 1n).toString(),
      data: `0xa9059cbb${AGENT.slice(2).toLowerCase().padStart(64, '0')}${'1'.padStart(64, '0')}`,
      note: '10000',
    });
  });

  it('serializes bigint answers as decimal strings and drops functions', async () => {
    const out = expectKind(await runSkill(wrap('return { answer: 123n, f: () => 1, nested: [1n, 2] };'), args), 'ok');
    expect(out.value).toEqual({ answer: '123', nested: ['1', 2] });
  });

  it('passes the three arguments through', async () => {
    const code = 'export function executeSkill(p: string, a: string, d: Record<string, string>) { return { p, a, d }; }';
    const out = expectKind(await runSkill(code, args), 'ok');
    expect(out.value).toEqual({ p: proxy.url, a: AGENT, d: { Token: OTHER } });
  });

  it('runs several skills in parallel', async () => {
    const outs = await Promise.all([1, 2, 3, 4].map((n) => runSkill(wrap(`return { answer: ${n}n * 10n };`), args)));
    expect(outs.map((o) => (o.kind === 'ok' ? o.value : o.kind))).toEqual([
      { answer: '10' },
      { answer: '20' },
      { answer: '30' },
      { answer: '40' },
    ]);
  });

  it('writes no file for the script: it is loaded as a data: module', async () => {
    const skillDirs = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith('questbench-skill-'));
    const before = skillDirs();
    const out = expectKind(await runSkill(wrap('return import.meta.url;'), args), 'ok');
    expect(out.value).toMatch(/^data:text\/javascript;base64,/);
    expect(skillDirs()).toEqual(before);
  });
});

describe('runSkill: schema and runtime errors', () => {
  it('flags a module without executeSkill', async () => {
    const out = expectKind(await runSkill('export function run() { return 1; }', args), 'schema_invalid');
    expect(out.rule).toBe('no_export');
    expect(out.message).toContain('no named export executeSkill');
    expect(out.message).toContain('it exports: run');
    const dflt = expectKind(await runSkill('export default async function executeSkill() { return 1; }', args), 'schema_invalid');
    expect(dflt.rule).toBe('no_export');
  });

  it('flags executeSkill that is not a function', async () => {
    const out = expectKind(await runSkill('export const executeSkill = { to: "0x0" };', args), 'schema_invalid');
    expect(out.rule).toBe('wrong_signature');
    expect(out.message).toContain('object');
  });

  it('reports a thrown error with its message and stack in the logs', async () => {
    const out = expectKind(await runSkill(wrap("console.log('before'); throw new Error('boom 17');"), args), 'runtime_error');
    expect(out.message).toBe('Error: boom 17');
    expect(out.logs).toContain('before');
    expect(out.logs).toContain('boom 17');
  });

  it('reports errors thrown at module top level', async () => {
    const out = expectKind(await runSkill("throw new TypeError('top level');\nexport function executeSkill() {}", args), 'runtime_error');
    expect(out.message).toBe('TypeError: top level');
  });

  it('reports an unhandled rejection', async () => {
    const out = expectKind(
      await runSkill(wrap("Promise.reject(new RangeError('late failure')); return new Promise(() => {});"), args, { timeoutMs: 10_000 }),
      'runtime_error',
    );
    expect(out.message).toBe('RangeError: late failure');
  });

  it('reports an unserializable result', async () => {
    const getter = await runSkill(wrap("return { get value() { throw new Error('nope'); } };"), args);
    expect(expectKind(getter, 'runtime_error').message).toBe('result is not serializable: Error: nope');
    const cyclic = await runSkill(wrap('const a: any = {}; a.self = a; return a;'), args);
    expect(expectKind(cyclic, 'runtime_error').message).toMatch(/^result is not serializable: TypeError: .*circular/i);
  });

  it('reports compile errors with esbuild’s message', async () => {
    const out = expectKind(await runSkill('export function executeSkill( {\n  return 1;\n}', args), 'runtime_error');
    expect(out.message).toMatch(/^compile error: skill\.ts:\d+:\d+: /);
  });

  // Each import is used: like tsc, esbuild erases imports that are never used as values.
  it.each([
    ['node:fs', "import { readFileSync as x } from 'node:fs';"],
    ['https://esm.sh/lodash', "import x from 'https://esm.sh/lodash';"],
    ['lodash', "import x from 'lodash';"],
    ['./helpers.ts', "import { x } from './helpers.ts';"],
    ['npm:zod', "import { z as x } from 'npm:zod';"],
    ['viem/accounts', "import { privateKeyToAccount as x } from 'viem/accounts';"],
  ])('refuses import %s and lists what is importable', async (spec, line) => {
    const out = expectKind(await runSkill(`${line}\nexport function executeSkill() { return typeof x; }`, args), 'runtime_error');
    expect(out.message).toContain(`import "${spec}" is not allowed`);
    expect(out.message).toContain('"ethers", "viem", "viem/chains", "viem/utils", "viem/actions"');
  });

  it('refuses require() even of an importable package', async () => {
    const out = expectKind(
      await runSkill("const e = require('ethers');\nexport function executeSkill() { return 1; }", args),
      'runtime_error',
    );
    expect(out.message).toContain('require("ethers") is not supported');
  });
});

describe('runSkill: limits', () => {
  it('kills an infinite loop at the timeout', async () => {
    const out = expectKind(await runSkill(wrap('while (true) {}'), args, { timeoutMs: 1_500 }), 'timeout');
    expect(out.message).toBe('timed out after 1500 ms');
    expect(out.durationMs).toBeGreaterThanOrEqual(1_500);
    expect(out.durationMs).toBeLessThan(10_000);
  });

  it('stops a heap memory bomb', async () => {
    const out = expectKind(
      await runSkill(wrap('const keep: number[][] = []; for (;;) keep.push(new Array(1e5).fill(Math.random()));'), args, { maxHeapMb: 64 }),
      'runtime_error',
    );
    expect(out.message).toBe('out of memory: JavaScript heap limit of 64 MB reached');
  });

  it.runIf(process.platform === 'linux')('stops off-heap (ArrayBuffer) growth through the resident-memory limit', async () => {
    const out = expectKind(
      await runSkill(
        wrap(
          'const keep: Uint8Array[] = []; for (;;) { keep.push(new Uint8Array(32 << 20).fill(1)); await new Promise((r) => setTimeout(r, 5)); }',
        ),
        args,
        {
          maxRssMb: 400,
        },
      ),
      'runtime_error',
    );
    expect(out.message).toMatch(/^memory limit exceeded: resident memory \d+ MB > 400 MB$/);
  });

  it('kills a skill that floods the console', async () => {
    const out = expectKind(
      await runSkill(wrap("const line = 'x'.repeat(1000); for (let i = 0; i < 5000; i++) console.log(line); return 1;"), args),
      'runtime_error',
    );
    expect(out.message).toBe('output exceeded 1048576 bytes (stdout+stderr)');
    expect(out.logs.length).toBeLessThanOrEqual(64 * 1024 + 200);
    expect(out.logs).toContain('bytes of output omitted');
  });

  it('caps returned logs at 64 KB', async () => {
    const out = expectKind(
      await runSkill(wrap("for (let i = 0; i < 2000; i++) console.log(String(i).padStart(99, '.')); return 'done';"), args),
      'ok',
    );
    expect(out.value).toBe('done');
    expect(out.logs.length).toBeLessThanOrEqual(64 * 1024 + 200);
    expect(out.logs.startsWith('.'.repeat(98) + '0\n')).toBe(true);
    expect(out.logs.trimEnd().endsWith('1999')).toBe(true);
  });

  it('reports a promise that can never settle without waiting for the timeout', async () => {
    const out = expectKind(await runSkill(wrap('return new Promise(() => {});'), args, { timeoutMs: 20_000 }), 'runtime_error');
    expect(out.message).toContain('never finished');
    expect(out.durationMs).toBeLessThan(10_000);
  });

  it('still reports when the skill patches JSON.stringify and Deno.exit', async () => {
    const code = wrap('JSON.stringify = () => "patched"; (Deno as any).exit = () => {}; return { answer: 5n };');
    expect(expectKind(await runSkill(code, args), 'ok').value).toEqual({ answer: '5' });
  });

  it('reports an error thrown later from a timer', async () => {
    const code = wrap("setTimeout(() => { throw new Error('async boom'); }, 5); return new Promise(() => setTimeout(() => {}, 60_000));");
    const out = expectKind(await runSkill(code, args), 'runtime_error');
    expect(out.message).toBe('Error: async boom');
    expect(out.logs).toContain('skill.ts');
  });

  it('reports a skill that exits the process itself', async () => {
    const out = expectKind(await runSkill(wrap('Deno.exit(3);'), args), 'runtime_error');
    expect(out.message).toContain('exited with code 3');
  });

  it('rejects provider URLs other than http://127.0.0.1:<port>', async () => {
    const code = wrap('return 1;');
    for (const providerUrl of ['http://localhost:8545', 'http://10.0.0.1:8545/', 'https://127.0.0.1:8545', 'http://127.0.0.1/']) {
      await expect(runSkill(code, { ...args, providerUrl })).rejects.toThrow(/providerUrl must be http:\/\/127\.0\.0\.1:<port>/);
    }
  });
});

describe('runSkill: isolation', () => {
  it('gives no access to the environment', async () => {
    const code = wrap(`
      const out: Record<string, string> = {};
      const attempt = (k: string, f: () => unknown) => { try { out[k] = 'LEAK ' + JSON.stringify(f()); } catch (e) { out[k] = String(e); } };
      attempt('get', () => Deno.env.get('QUESTBENCH_FAKE_SECRET'));
      attempt('toObject', () => Deno.env.toObject());
      attempt('process', () => (globalThis as any).process.env.QUESTBENCH_FAKE_SECRET);
      attempt('processAll', () => ({ ...(globalThis as any).process.env }));
      console.log(JSON.stringify(out));
      return out;`);
    const out = expectKind(await runSkill(code, args), 'ok');
    const value = out.value as Record<string, string>;
    expect(Object.keys(value).sort()).toEqual(['get', 'process', 'processAll', 'toObject']);
    for (const v of Object.values(value)) expect(v).toMatch(/^NotCapable: Requires env access/);
    expect(JSON.stringify(out)).not.toContain(SECRET);
  });

  it('cannot write files', async () => {
    const target = path.join(os.tmpdir(), `questbench-should-not-exist-${process.pid}.txt`);
    const code = wrap(
      `try { await Deno.writeTextFile(${JSON.stringify(target)}, 'x'); return 'written'; } catch (e) { return String(e); }`,
    );
    const out = expectKind(await runSkill(code, args), 'ok');
    expect(out.value).toMatch(/^NotCapable: Requires write access/);
    expect(existsSync(target)).toBe(false);
  });

  it('cannot read files outside the skill and vendor bundles', async () => {
    const code = wrap(`try { return await Deno.readTextFile('/etc/hostname'); } catch (e) { return String(e); }`);
    expect(expectKind(await runSkill(code, args), 'ok').value).toMatch(/^NotCapable: Requires read access/);
  });

  it('cannot run subprocesses (Deno.Command or node:child_process)', async () => {
    const code = wrap(`
      const out: string[] = [];
      try { await new Deno.Command('/bin/echo', { args: ['hi'] }).output(); out.push('ran'); } catch (e) { out.push(String(e)); }
      try {
        const cp: any = await import(['node', 'child_process'].join(':'));  // computed: invisible to the compiler
        out.push(String(cp.execSync('echo hi')));
      } catch (e) { out.push(String(e)); }
      return out;`);
    const [command, childProcess] = expectKind(await runSkill(code, args), 'ok').value as string[];
    expect(command).toMatch(/^NotCapable: Requires run access/);
    expect(childProcess).toMatch(/^NotCapable: Requires (run|env) access/);
  });

  it('cannot load modules at run time beyond the vendor bundles', async () => {
    const code = wrap(`
      const out: string[] = [];
      for (const spec of ['npm:zod', 'https://esm.sh/zod', 'zod', ${JSON.stringify(pathToFileURL(path.resolve('package.json')).href)}]) {
        try { await import(spec); out.push('loaded ' + spec); } catch (e) { out.push(String(e)); }
      }
      return out;`);
    const out = expectKind(await runSkill(code, args), 'ok').value as string[];
    expect(out).toHaveLength(4);
    for (const line of out) expect(line).not.toMatch(/^loaded/);
    expect(out[0]).toContain('--no-npm');
    // The Worker's own import permission (none) refuses it before the process-wide --no-remote.
    expect(out[1]).toMatch(/--no-remote|Requires import access/);
    expect(out[3]).toContain('Requires read access');
  });

  it('cannot reach other local ports, only the proxy', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end('secret page');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const code = wrap(`
        const out: string[] = [];
        for (const url of ['http://127.0.0.1:${port}/', 'http://localhost:${port}/', '${anvil.url}']) {
          try { out.push(await (await fetch(url)).text()); } catch (e) { out.push(String(e)); }
        }
        return out;`);
      const out = expectKind(await runSkill(code, args), 'ok').value as string[];
      expect(out).toHaveLength(3);
      for (const line of out) expect(line).toMatch(/^NotCapable: Requires net access/);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('reaches anvil only through the read-only proxy', async () => {
    const code = `
      import { ethers } from 'ethers';
      export async function executeSkill(providerUrl: string, agent: string) {
        const provider = new ethers.JsonRpcProvider(providerUrl, undefined, { staticNetwork: true });
        const attempts: Record<string, string> = {};
        const calls: Array<[string, unknown[]]> = [
          ['anvil_setBalance', [agent, '0x0']],
          ['evm_snapshot', []],
          ['eth_sendTransaction', [{ from: agent, to: '${OTHER}', value: '0x1' }]],
          ['eth_sendRawTransaction', ['0x02f86b827a6980']],
        ];
        for (const [method, params] of calls) {
          try { attempts[method] = 'ALLOWED ' + JSON.stringify(await provider.send(method, params)); }
          catch (e: any) { attempts[method] = String(e?.error?.message ?? e?.message ?? e); }
        }
        const balance = await provider.getBalance(agent);
        const batch = await fetch(providerUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify([
            { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
            { jsonrpc: '2.0', id: 2, method: 'anvil_mine', params: [] },
            { jsonrpc: '2.0', id: 3, method: 'eth_blockNumber', params: [] },
          ]),
        }).then((r) => r.json());
        return { attempts, balance, batch };
      }`;
    const out = expectKind(await runSkill(code, args), 'ok');
    const value = out.value as { attempts: Record<string, string>; balance: string; batch: any[] };
    for (const method of ['anvil_setBalance', 'evm_snapshot', 'eth_sendTransaction', 'eth_sendRawTransaction']) {
      expect(value.attempts[method]).toBe(`method ${method} is not available: this endpoint is read-only`);
    }
    expect(value.balance).toBe(TEN_THOUSAND_ETH.toString());
    expect(value.batch).toEqual([
      { jsonrpc: '2.0', id: 1, result: '0x7a69' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'method anvil_mine is not available: this endpoint is read-only' } },
      { jsonrpc: '2.0', id: 3, result: '0x0' },
    ]);
    // Nothing changed on chain.
    const res = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [AGENT, 'latest'] }),
    }).then((r) => r.json() as Promise<{ result: string }>);
    expect(BigInt(res.result)).toBe(TEN_THOUSAND_ETH);
  });
});

describe('runSkill: speed', () => {
  it('keeps warm per-run overhead low', async () => {
    const code = `
      import { ethers } from 'ethers';
      export async function executeSkill(providerUrl: string, agent: string) {
        const provider = new ethers.JsonRpcProvider(providerUrl, undefined, { staticNetwork: true });
        return { to: agent, value: await provider.getBalance(agent) };
      }`;
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const t = performance.now();
      const out = expectKind(await runSkill(code, args), 'ok');
      times.push(performance.now() - t);
      expect((out.value as { value: string }).value).toBe(TEN_THOUSAND_ETH.toString());
    }
    times.sort((a, b) => a - b);
    const median = times[3]!;
    console.log(`runSkill warm median ${median.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times[6]!.toFixed(1)})`);
    // Generous bound: only catches a regression such as losing the code cache or re-bundling per run.
    expect(median).toBeLessThan(1_500);
  });
});

// ---------------------------------------------------------------------------------------------
// Many skills share one long-lived Deno host per proxy port, each in its own Worker. Whatever one
// of them does must not reach the host, a concurrent skill or the next one.

const HONEST_READ = `
  import { ethers } from 'ethers';
  export async function executeSkill(providerUrl: string, agent: string) {
    await new Promise((r) => setTimeout(r, DELAY));
    const provider = new ethers.JsonRpcProvider(providerUrl, undefined, { staticNetwork: true });
    console.log('honest read');
    return { balance: await provider.getBalance(agent) };
  }`;
const honest = (delayMs = 0) => HONEST_READ.replace('DELAY', String(delayMs));

async function expectHonest(out: Promise<SandboxOutcome>): Promise<void> {
  const ok = expectKind(await out, 'ok');
  expect(ok.value).toEqual({ balance: TEN_THOUSAND_ETH.toString() });
  expect(ok.logs).toBe('honest read\n');
}

describe('runSkill: a shared host', () => {
  it('ends whatever a skill leaves running: intervals, timers, pending promises', async () => {
    const code = wrap(`
      const rpc = () => fetch(${JSON.stringify(proxy.url)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      setInterval(() => { void rpc().catch(() => {}); console.log('interval still alive'); }, 5);
      setTimeout(() => { throw new Error('late failure'); }, 400);
      void new Promise(() => {});
      void (async () => { for (;;) { await new Promise((r) => setTimeout(r, 1)); await rpc(); } })();
      return 'first';`);
    expect(expectKind(await runSkill(code, args), 'ok').value).toBe('first');
    await sleep(150);
    const before = proxy.stats().forwarded;
    await sleep(700);
    expect(proxy.stats().forwarded - before).toBe(0);
    await expectHonest(runSkill(honest(), args));
  });

  it('keeps patches to globals, Object.prototype and ethers/viem prototypes inside the skill that made them', async () => {
    const patcher = `
      import { ethers } from 'ethers';
      import { BaseError } from 'viem';
      export async function executeSkill() {
        (Object.prototype as any).polluted = 'yes';
        Array.prototype.map = function () { return ['hijacked']; } as any;
        JSON.stringify = () => '"hijacked"';
        JSON.parse = () => ({ hijacked: true });
        (globalThis as any).fetch = async () => new Response('{"jsonrpc":"2.0","id":1,"result":"0x2a"}');
        (ethers.JsonRpcProvider.prototype as any).getBalance = async () => 42n;
        (ethers.AbstractProvider.prototype as any).getBalance = async () => 42n;
        (BaseError.prototype as any).polluted = 'viem';
        (Promise.prototype as any).then = function () { throw new Error('hijacked then'); };
        (Function.prototype as any).call = function () { return 'hijacked call'; };
        return 'patched';
      }`;
    const checker = `
      import { ethers } from 'ethers';
      import { BaseError, createPublicClient, http } from 'viem';
      export async function executeSkill(providerUrl: string, agent: \`0x\${string}\`) {
        const e = await new ethers.JsonRpcProvider(providerUrl, undefined, { staticNetwork: true }).getBalance(agent);
        const v = await createPublicClient({ transport: http(providerUrl) }).getBalance({ address: agent });
        return {
          polluted: ({} as any).polluted ?? null,
          viemPolluted: (BaseError.prototype as any).polluted ?? null,
          map: [1, 2].map((x) => x * 2),
          json: JSON.stringify(JSON.parse('{"a":1}')),
          e: e.toString(),
          v: v.toString(),
        };
      }`;
    const clean = {
      polluted: null,
      viemPolluted: null,
      map: [2, 4],
      json: '{"a":1}',
      e: TEN_THOUSAND_ETH.toString(),
      v: TEN_THOUSAND_ETH.toString(),
    };
    // The patcher still reports its own result: the reporting path captured what it uses first.
    const [patched, concurrent] = await Promise.all([runSkill(patcher, args), runSkill(checker, args)]);
    expect(expectKind(patched, 'ok').value).toBe('patched');
    expect(expectKind(concurrent, 'ok').value).toEqual(clean);
    expect(expectKind(await runSkill(checker, args), 'ok').value).toEqual(clean);
  });

  it('gives a skill no way to post to its host: nothing is forged, a flood ends the skill only', async () => {
    const poster = wrap(`
      const forged = { token: 'guess', outcome: { kind: 'ok', value: '"forged"' } };
      const routes: string[] = [];
      const attempt = (name: string, f: () => unknown) => { try { f(); routes.push(name + ': POSTED'); } catch (e) { routes.push(name + ': ' + (e as Error).name); } };
      attempt('self.postMessage', () => (self as any).postMessage(forged));
      attempt('prototype postMessage', () => Object.getPrototypeOf(globalThis).postMessage.call(globalThis, forged));
      attempt('Deno.internal core', () => (Deno as any)[(Deno as any).internal].core.ops.op_worker_post_message(forged));
      attempt('BroadcastChannel', () => new BroadcastChannel('questbench').postMessage(forged));
      attempt('worker_threads parentPort', () => (globalThis as any).process.getBuiltinModule('node:worker_threads').parentPort.postMessage(forged));
      for (let i = 0; i < 100_000; i++) { try { (self as any).postMessage(forged); } catch { break; } }
      console.log('ROUTES ' + JSON.stringify(routes));
      return 'honest';`);
    const out = expectKind(await runSkill(poster, args), 'ok');
    expect(out.value).toBe('honest');
    const routes = JSON.parse(/ROUTES (.*)/.exec(out.logs)![1]!) as string[];
    expect(routes).toHaveLength(5);
    for (const r of routes) expect(r).not.toContain('POSTED');

    // Two million one-byte writes: batched in the Worker, cut at the output limit; others unaffected.
    const flood = wrap("for (let i = 0; i < 2_000_000; i++) console.log(''); return 'flooded';");
    const started = performance.now();
    const [flooded, beside] = await Promise.all([runSkill(flood, args), runSkill(honest(200), args)]);
    expect(expectKind(flooded, 'runtime_error').message).toBe('output exceeded 1048576 bytes (stdout+stderr)');
    expect(flooded.logs.length).toBeLessThanOrEqual(64 * 1024 + 200);
    expect(performance.now() - started).toBeLessThan(10_000);
    await expectHonest(Promise.resolve(beside));
    await expectHonest(runSkill(honest(), args));
  });

  it('times out an endless loop without holding up concurrent or later skills', async () => {
    const loop = runSkill(wrap("console.log('PID ' + Deno.pid); for (;;) {}"), args, { timeoutMs: 2_500 });
    const started = performance.now();
    // Several, so some share the looping skill's host.
    await Promise.all([1, 2, 3, 4].map(() => expectHonest(runSkill(honest(), args))));
    expect(performance.now() - started).toBeLessThan(2_000);
    const out = expectKind(await loop, 'timeout');
    expect(out.message).toBe('timed out after 2500 ms');
    await expectNotSpinning(Number(/PID (\d+)/.exec(out.logs)![1]));
    await expectHonest(runSkill(honest(), args));
  });

  it('pins a heap bomb on its author: the host it crashed reruns the others, each gets its own result', async () => {
    const before = sandboxStats().reruns;
    const opts = { maxHeapMb: 64 };
    const bomb = runSkill(
      wrap(
        'await new Promise((r) => setTimeout(r, 300)); const keep: number[][] = []; for (;;) keep.push(new Array(1e5).fill(Math.random()));',
      ),
      args,
      opts,
    );
    const others = [1, 2, 3, 4].map(() => runSkill(honest(800), args, opts));
    expect(expectKind(await bomb, 'runtime_error').message).toBe('out of memory: JavaScript heap limit of 64 MB reached');
    for (const o of others) await expectHonest(o);
    expect(sandboxStats().reruns).toBeGreaterThan(before);
    await expectHonest(runSkill(honest(), args, opts));
  });

  it.runIf(process.platform === 'linux')('pins an ArrayBuffer bomb on its author the same way', async () => {
    const opts = { maxRssMb: 400 };
    const bomb = runSkill(
      wrap(
        'await new Promise((r) => setTimeout(r, 300)); const keep: Uint8Array[] = []; for (;;) { keep.push(new Uint8Array(32 << 20).fill(1)); await new Promise((r) => setTimeout(r, 5)); }',
      ),
      args,
      opts,
    );
    const others = [1, 2, 3, 4].map(() => runSkill(honest(800), args, opts));
    expect(expectKind(await bomb, 'runtime_error').message).toMatch(/^memory limit exceeded: resident memory \d+ MB > 400 MB$/);
    for (const o of others) await expectHonest(o);
    await expectHonest(runSkill(honest(), args, opts));
  });

  it('closes the process-wide channels a Worker shares with its siblings', async () => {
    const listener = wrap(`
      const heard: string[] = [];
      const bc = new BroadcastChannel('questbench');
      bc.onmessage = (e) => heard.push(String(e.data));
      await new Promise((r) => setTimeout(r, 1_000));
      return heard;`);
    const talker = wrap(`
      const out: Record<string, string> = {};
      const attempt = async (name: string, f: () => unknown) => { try { out[name] = 'DONE ' + String(await f()); } catch (e) { out[name] = (e as Error).name + ': ' + (e as Error).message; } };
      await new Promise((r) => setTimeout(r, 200));
      await attempt('broadcast', () => new BroadcastChannel('questbench').postMessage('hello'));
      await attempt('Worker', () => new (globalThis as any).Worker('data:text/javascript,1', { type: 'module' }));
      await attempt('chdir', () => Deno.chdir('/'));
      await attempt('signal', () => Deno.addSignalListener('SIGINT', () => {}));
      await attempt('caches', () => (globalThis as any).caches.open('x'));
      await attempt('stdin', async () => { const r = Deno.stdin.readable.getReader(); const x = await r.read(); return x.done ? 'EOF' : 'read ' + x.value?.length; });
      await attempt('v8 flags', async () => { (globalThis as any).process.getBuiltinModule('node:v8').setFlagsFromString('--allow-natives-syntax'); return new Function('return %IsBeingInterpreted()')(); });
      Deno.stdout.writeSync(new TextEncoder().encode('raw stdout line\\n'));
      return out;`);
    const [heard, said] = await Promise.all([runSkill(listener, args), runSkill(talker, args)]);
    expect(expectKind(heard, 'ok').value).toEqual([]);
    const value = expectKind(said, 'ok').value as Record<string, string>;
    expect(value.broadcast).toMatch(/^NotCapable: BroadcastChannel is not available/);
    expect(value.Worker).toMatch(/^TypeError/);
    expect(value.chdir).toMatch(/^NotCapable: Deno.chdir is not available/);
    expect(value.signal).toMatch(/^NotCapable: Deno.addSignalListener is not available/);
    expect(value.caches).toMatch(/^TypeError/);
    expect(value.stdin).toBe('DONE EOF');
    expect(value['v8 flags']).toMatch(/^SyntaxError/);
    // Its own direct writes to stdout land in its own log.
    expect(said.logs).toBe('raw stdout line\n');
  });

  // cpuMs reads /proc: elsewhere it is always undefined and the check below would prove nothing.
  it.runIf(process.platform === 'linux')('a Worker the skill starts itself does not outlive it', { timeout: 20_000 }, async () => {
    const before = sandboxStats().lost.ghost ?? 0;
    const spawner = wrap(`
      const wt = (globalThis as any).process.getBuiltinModule('node:worker_threads');
      new wt.Worker('let x = 0; for (;;) x++;', { eval: true });
      console.log('PID ' + Deno.pid);
      return 'spawned';`);
    const out = expectKind(await runSkill(spawner, args), 'ok');
    const pid = Number(/PID (\d+)/.exec(out.logs)![1]);
    // The host notices a Worker thread beyond its jobs and spares, and is replaced.
    for (let i = 0; i < 50 && (sandboxStats().lost.ghost ?? 0) === before && cpuMs(pid) !== undefined; i++) await sleep(100);
    await sleep(500);
    expect(cpuMs(pid)).toBeUndefined();
    await expectHonest(runSkill(honest(), args));
  });

  it('runs 32 skills at once, each reading through its own proxy path, each with its own result and log', async () => {
    // One port, a different chain behind every path: the balance is derived from the path.
    const balanceFor = (p: string) => BigInt(`0x${Buffer.from(p).toString('hex').slice(0, 12)}`);
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
        const answer = (c: { id: number; method: string }) => ({
          jsonrpc: '2.0',
          id: c.id,
          result: c.method === 'eth_chainId' ? '0x7a69' : `0x${balanceFor(req.url!).toString(16)}`,
        });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const viemSkill = `
      import { createPublicClient, http } from 'viem';
      export async function executeSkill(providerUrl: string, agent: \`0x\${string}\`) {
        console.log('path ' + new URL(providerUrl).pathname);
        return { balance: await createPublicClient({ transport: http(providerUrl) }).getBalance({ address: agent }) };
      }`;
    const ethersSkill = `
      import { ethers } from 'ethers';
      export async function executeSkill(providerUrl: string, agent: string) {
        console.log('path ' + new URL(providerUrl).pathname);
        return { balance: await new ethers.JsonRpcProvider(providerUrl, undefined, { staticNetwork: true }).getBalance(agent) };
      }`;
    try {
      const paths = Array.from({ length: 32 }, (_, i) => `/instance-${i}-${Math.random().toString(36).slice(2, 8)}`);
      const outs = await Promise.all(
        paths.map((p, i) => runSkill(i % 2 ? viemSkill : ethersSkill, { ...args, providerUrl: `http://127.0.0.1:${port}${p}` })),
      );
      outs.forEach((o, i) => {
        const ok = expectKind(o, 'ok');
        expect(ok.value).toEqual({ balance: balanceFor(paths[i]!).toString() });
        expect(ok.logs).toBe(`path ${paths[i]}\n`);
      });
    } finally {
      closeSandboxHosts(port);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("Deno's compile caches", () => {
  it('are dropped whole past the bound, other files kept', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qb-deno-cache-'));
    try {
      for (const [name, size] of [
        ['v8_code_cache_v2', 600],
        ['v8_code_cache_v2-wal', 300],
        ['dep_analysis_cache_v2', 200],
        ['node_analysis_cache_v2', 50],
      ] as const) {
        writeFileSync(path.join(dir, name), Buffer.alloc(size));
      }
      expect(denoCacheBytes(dir)).toBe(1100);
      expect(pruneDenoCache(dir, 2000)).toBe(false);
      expect(pruneDenoCache(dir, 1000)).toBe(true);
      expect(readdirSync(dir)).toEqual(['node_analysis_cache_v2']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
