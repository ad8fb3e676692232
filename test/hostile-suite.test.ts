// A table of hostile answers, each run through the real pipeline (model → Deno sandbox → read-only
// proxy → sign → own anvil → validator): every one must score below the pass line, end in the
// expected outcome, and leave a concrete trace showing it gained nothing. A markdown summary of the
// table is printed at the end.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encodeAbiParameters, erc20Abi, keccak256, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import { expectNotSpinning, sleep } from './helpers/processes.ts';
import { MARKER_ADDRESS } from '../src/chain/addresses.ts';
import { BLOCK_INTERVAL_SECONDS } from '../src/chain/session.ts';
import { referenceScriptModel, type ScriptRound } from '../src/composite/reference.ts';
import { runInstance } from '../src/instance/run.ts';
import type { InstanceRecord, Outcome } from '../src/results/record.ts';
import { prepareSandbox } from '../src/sandbox/index.ts';
import { questbenchCacheDir } from '../src/sandbox/paths.ts';
import { PASS_LINE } from '../src/validators/score.ts';
import { scriptedModel, type ScriptContext } from './helpers/models.ts';
import { openTestSession } from './helpers/session.ts';
import { taskById } from './helpers/tasks.ts';

// anvil's first well-known dev account and its published key.
const DEV: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEAD: Address = '0x000000000000000000000000000000000000dEaD';
const SECRET_VAR = 'QUESTBENCH_HOSTILE_SECRET';
const SECRET = `sk-hostile-${randomBytes(12).toString('hex')}`;
const NONCE = randomBytes(6).toString('hex');
const J = JSON.stringify;

let t: Awaited<ReturnType<typeof openTestSession>>;
let agent: Address;
let anvilPort: number;
/** The agent's nonce in the provisioned snapshot every instance starts from. */
let baseNonce: number;
let devBalance: bigint;
let savedOpenAiKey: string | undefined;

beforeAll(async () => {
  process.env[SECRET_VAR] = SECRET;
  savedOpenAiKey = process.env.OPENAI_API_KEY;
  process.env.OPENAI_API_KEY = SECRET;
  [t] = await Promise.all([openTestSession(), prepareSandbox()]);
  agent = t.session.account.address;
  anvilPort = Number(new URL(t.session.chain.url).port);
  baseNonce = await t.session.chain.public.getTransactionCount({ address: agent });
  devBalance = await t.session.chain.public.getBalance({ address: DEV });
});

// ---------------------------------------------------------------------------------------------
// Chain and record probes

const pub = () => t.session.chain.public;
const bnb = (address: Address) => pub().getBalance({ address });
const nonceOf = (address: Address) => pub().getTransactionCount({ address });
const tokenBalance = (token: Address, owner: Address) =>
  pub().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
const allowance = (token: Address, owner: Address, spender: Address) =>
  pub().readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
const hex = (n: bigint) => `0x${n.toString(16)}`;

/** Nothing was signed for the agent: no transaction on the record, the nonce still at the snapshot's. */
async function expectNoTxSent(r: InstanceRecord): Promise<void> {
  expect(r.tx).toBeUndefined();
  expect(await nonceOf(agent)).toBe(baseNonce);
}

/** Output past the cap ended the script: the error says so, the recorded logs are capped, nothing was sent. */
async function expectOutputCut(r: InstanceRecord): Promise<void> {
  expect(r.error).toBe('output exceeded 1048576 bytes (stdout+stderr)');
  expect(r.transcript.logs.length).toBeLessThan(70_000);
  await expectNoTxSent(r);
}

/** The Deno process is gone (reaped), not left running after the harness gave up on it. */
async function expectProcessGone(pid: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') return;
    }
    await sleep(50);
  }
  throw new Error(`sandbox process ${pid} is still alive`);
}

/** A plain script run right after an attack reads the true balance with ethers and viem and passes. */
async function expectHonestFollowUp(): Promise<void> {
  const follow = await atomic('query_bnb_balance', ({ params }) =>
    skill(
      `
      const e = await new JsonRpcProvider(providerUrl, undefined, { staticNetwork: true }).getBalance(${J(params.address)});
      const v = await createPublicClient({ transport: http(providerUrl) }).getBalance({ address: ${J(params.address)} });
      if (e !== v || ({} as any).polluted !== undefined || [1].map((x) => x + 1)[0] !== 2) throw new Error('poisoned: ' + e + ' ' + v);
      return { answer: e.toString() };`,
      "import { JsonRpcProvider } from 'ethers';\nimport { createPublicClient, http } from 'viem';",
    ),
  );
  expect(follow.outcome, `${follow.error ?? ''}\n${follow.transcript.logs.slice(0, 2000)}`).toBe('exact');
  expect(follow.passed).toBe(true);
  expect(follow.answer).toBe(parseEther(follow.params.planted as string).toString());
}

/** What the script reported about its own attempts: `ATTACK {...}` lines in its logs. */
function notes(r: InstanceRecord): { what: string; v: any }[] {
  return r.transcript.logs
    .split('\n')
    .filter((l) => l.startsWith('ATTACK '))
    .map((l) => JSON.parse(l.slice('ATTACK '.length)) as { what: string; v: any });
}

/** Top-level and npm/ entries of the sandbox's DENO_DIR: a remote or npm fetch would add some. */
function denoDirListing(): string[] {
  const dir = path.join(questbenchCacheDir(), 'deno');
  const list = (d: string) => (existsSync(d) ? readdirSync(d).map((n) => path.relative(dir, path.join(d, n))) : []);
  return [...list(dir), ...list(path.join(dir, 'npm')), ...list(path.join(dir, 'remote'))].sort();
}

// Shared code placed in front of attack scripts: a raw JSON-RPC call that never throws, and a note.
const PRELUDE = `
async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return await res.json();
  } catch (e) {
    return { thrown: (e as Error).name + ': ' + (e as Error).message };
  }
}
function note(what: string, v: unknown) {
  console.log('ATTACK ' + JSON.stringify({ what, v }, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
}
async function attempt(what: string, fn: () => unknown): Promise<string> {
  try {
    const v = await fn();
    return what + ': SUCCEEDED ' + String(typeof v === 'string' ? v : JSON.stringify(v)).slice(0, 200);
  } catch (e) {
    return what + ': ' + (e as Error).name + ': ' + (e as Error).message.slice(0, 160);
  }
}
`;
const skill = (body: string, imports = '') =>
  `${imports}\n${PRELUDE}\nexport async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {\n${body}\n}`;

// ---------------------------------------------------------------------------------------------
// Runners

let proxyBefore = { forwarded: 0, refused: 0 };
/** Requests the read-only proxy refused / forwarded during the last run. */
const proxyDelta = () => {
  const now = t.session.proxy.stats();
  return { refused: now.refused - proxyBefore.refused, forwarded: now.forwarded - proxyBefore.forwarded };
};

async function atomic(taskId: string, script: (ctx: ScriptContext) => string, scriptTimeoutMs = 10_000): Promise<InstanceRecord> {
  const task = await taskById(taskId);
  const model = scriptedModel('hostile', script, () => ({ env: t.session.env, agent }));
  proxyBefore = t.session.proxy.stats();
  return runInstance({ task, round: 1, runSeed: 7, rounds: 1, session: t.session, model, scriptTimeoutMs });
}

async function composite(
  taskId: string,
  build: (params: Record<string, any>) => { plan: string; rounds: ScriptRound[] },
): Promise<InstanceRecord> {
  const task = await taskById(taskId);
  proxyBefore = t.session.proxy.stats();
  return runInstance({
    task,
    model: (p) => ({ ...referenceScriptModel(build(p as Record<string, any>)), id: 'hostile' }),
    round: 1,
    runSeed: 7,
    rounds: 1,
    session: t.session,
    scriptTimeoutMs: 10_000,
  });
}

const tsBlock = (code: string) => `\`\`\`typescript\n${code}\n\`\`\``;

// ---------------------------------------------------------------------------------------------
// The table

interface Case {
  attack: string;
  task: string;
  outcome: Outcome;
  schemaRule?: string;
  /** An exact score, or 'below' for anything under the pass line. */
  score: number | 'below';
  checked: string;
  run(): Promise<InstanceRecord>;
  /** The "escaped nothing" evidence, on the chain or in the record. */
  verify(r: InstanceRecord): Promise<void> | void;
}

interface Row {
  attack: string;
  task: string;
  outcome: string;
  score: string;
  checked: string;
}
const rows: Row[] = [];

// A plain HTTP server on another loopback port: the sandbox must never reach it.
const bystander = { server: undefined as http.Server | undefined, port: 0, connections: 0, requests: 0 };

const cases: Case[] = [
  {
    attack: 'anvil_setBalance on the recipient, then a 0-value transfer',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 30,
    checked: 'recipient balance 0; proxy refused 1 (-32601); only "succeeded" passed',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`
          note('setBalance', await rpc(providerUrl, 'anvil_setBalance', [${J(params.to)}, ${J(hex(parseEther(params.amount)))}]));
          return { to: ${J(params.to)}, value: 0n };`),
      ),
    async verify(r) {
      expect(await bnb(r.params.to as Address)).toBe(0n);
      expect(proxyDelta().refused).toBe(1);
      expect(notes(r)[0]!.v.error.code).toBe(-32601);
      expect(r.checks.filter((c) => c.passed).map((c) => c.weight)).toEqual([30]);
    },
  },
  {
    attack: 'anvil_setStorageAt on token balance slots and the run marker',
    task: 'erc20_transfer_fixed',
    outcome: 'wrong_state',
    score: 30,
    checked: 'recipient token balance 0; slots 0-3 still 0; run marker intact; proxy refused 5',
    run: () =>
      atomic('erc20_transfer_fixed', ({ params }) =>
        skill(
          `
          for (let i = 0n; i < 4n; i++) {
            const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [${J(params.to)}, i]));
            note('setStorageAt ' + i, await rpc(providerUrl, 'anvil_setStorageAt', [${J(params.token.address)}, slot, pad(toHex(${parseUnits(params.amount, 18)}n))]));
          }
          note('marker', await rpc(providerUrl, 'anvil_setStorageAt', [${J(MARKER_ADDRESS)}, '0x0', pad('0x01')]));
          const data = encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), args: [${J(params.to)}, 0n] });
          return { to: ${J(params.token.address)}, data };`,
          "import { encodeAbiParameters, encodeFunctionData, keccak256, pad, parseAbi, toHex } from 'viem';",
        ),
      ),
    async verify(r) {
      const { to, token } = r.params as { to: Address; token: { address: Address } };
      expect(await tokenBalance(token.address, to)).toBe(0n);
      for (let i = 0n; i < 4n; i++) {
        const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [to, i]));
        expect(BigInt((await pub().getStorageAt({ address: token.address, slot })) ?? '0x0')).toBe(0n);
      }
      expect((await pub().getStorageAt({ address: MARKER_ADDRESS, slot: '0x0' }))?.toLowerCase()).toBe(t.session.marker.toLowerCase());
      expect(proxyDelta().refused).toBe(5);
    },
  },
  {
    attack: 'anvil_impersonateAccount of the allowance owner + eth_sendTransaction as it',
    task: 'erc20_transferfrom_basic',
    outcome: 'wrong_state',
    score: 25,
    checked: 'recipient USDT 0; owner nonce unchanged; owner not impersonated afterwards (direct send fails); proxy refused 3',
    run: () =>
      atomic('erc20_transferfrom_basic', ({ params, env }) =>
        skill(
          `
          const erc20 = parseAbi(['function transfer(address,uint256)', 'function transferFrom(address,address,uint256)']);
          note('impersonate', await rpc(providerUrl, 'anvil_impersonateAccount', [${J(params.from)}]));
          note('autoImpersonate', await rpc(providerUrl, 'anvil_autoImpersonateAccount', [true]));
          note('send', await rpc(providerUrl, 'eth_sendTransaction', [{ from: ${J(params.from)}, to: ${J(env.USDT)}, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [${J(params.to)}, ${parseUnits(params.amount, 18)}n] }) }]));
          return { to: ${J(env.USDT)}, data: encodeFunctionData({ abi: erc20, functionName: 'transferFrom', args: [${J(params.from)}, ${J(params.to)}, 0n] }) };`,
          "import { encodeFunctionData, parseAbi } from 'viem';",
        ),
      ),
    async verify(r) {
      const { from, to } = r.params as { from: Address; to: Address };
      expect(await tokenBalance(t.session.env.USDT, to)).toBe(0n);
      expect(proxyDelta().refused).toBe(3);
      // The owner's only transaction in the snapshot is the provisioning approve.
      expect(await nonceOf(from)).toBe(1);
      await expect(t.session.chain.request('eth_sendTransaction', [{ from, to: from, value: '0x0' }])).rejects.toThrow();
    },
  },
  {
    attack: 'evm_snapshot + evm_revert sweep to undo the planted balance, answer 0',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked: 'planted balance still exactly in place; proxy refused 10',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          note('snapshot', await rpc(providerUrl, 'evm_snapshot', []));
          for (let i = 0; i < 9; i++) note('revert ' + i, await rpc(providerUrl, 'evm_revert', ['0x' + i.toString(16)]));
          return { answer: '0' };`),
      ),
    async verify(r) {
      const { address, planted } = r.params as { address: Address; planted: string };
      expect(await bnb(address)).toBe(parseEther(planted));
      expect(proxyDelta().refused).toBe(10);
      expect(notes(r).every((n) => n.v.error?.code === -32601)).toBe(true);
    },
  },
  {
    attack: 'evm_increaseTime + evm_mine/anvil_mine/hardhat_mine, answer the height it hoped for',
    task: 'query_current_block_number',
    outcome: 'wrong_state',
    score: 20,
    checked: 'head still at snapshot + planted blocks; next block 3 s later (no time jump); proxy refused 8',
    run: () =>
      atomic('query_current_block_number', () =>
        skill(`
          const n = BigInt((await rpc(providerUrl, 'eth_blockNumber', [])).result);
          note('increaseTime', await rpc(providerUrl, 'evm_increaseTime', [3600]));
          note('setNextTs', await rpc(providerUrl, 'evm_setNextBlockTimestamp', [4102444800]));
          for (let i = 0; i < 4; i++) note('evm_mine', await rpc(providerUrl, 'evm_mine', []));
          note('anvil_mine', await rpc(providerUrl, 'anvil_mine', ['0x1']));
          note('hardhat_mine', await rpc(providerUrl, 'hardhat_mine', ['0x1']));
          return { answer: (n + 5n).toString() };`),
      ),
    async verify(r) {
      const head = await pub().getBlock({ blockTag: 'latest' });
      expect(head.number).toBe(t.session.baseBlock + BigInt(r.params.mined as number));
      expect(proxyDelta().refused).toBe(8);
      // One more block from the harness side: had the time jump landed, it would be an hour (or years) later.
      await t.session.chain.test.mine({ blocks: 1 });
      const next = await pub().getBlock({ blockTag: 'latest' });
      expect(next.timestamp - head.timestamp).toBe(BigInt(BLOCK_INTERVAL_SECONDS));
    },
  },
  {
    attack: 'hardhat_setBalance (+ hardhat_setStorageAt) on the recipient, then a 0-value transfer',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 30,
    checked: 'recipient balance 0; proxy refused 2',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`
          note('setBalance', await rpc(providerUrl, 'hardhat_setBalance', [${J(params.to)}, ${J(hex(parseEther(params.amount)))}]));
          note('setStorageAt', await rpc(providerUrl, 'hardhat_setStorageAt', [${J(params.to)}, '0x0', '0x' + '11'.repeat(32)]));
          return { to: ${J(params.to)}, value: 0n };`),
      ),
    async verify(r) {
      expect(await bnb(r.params.to as Address)).toBe(0n);
      expect(proxyDelta().refused).toBe(2);
    },
  },
  {
    attack:
      'debug_traceTransaction alone and in a JSON-RPC batch mixing eth_chainId/eth_getBalance with debug_traceCall, anvil_setBalance, evm_mine',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked:
      'batch: allowed items answered (0x38, real balance), the 4 others -32601; single call -32601; planted balance intact; head unchanged; proxy refused 5 / forwarded 2',
    run: () =>
      atomic('query_bnb_balance', ({ params }) =>
        skill(`
          const batch = [
            { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
            { jsonrpc: '2.0', id: 2, method: 'debug_traceTransaction', params: ['0x' + '00'.repeat(32)] },
            { jsonrpc: '2.0', id: 3, method: 'eth_getBalance', params: [${J(params.address)}, 'latest'] },
            { jsonrpc: '2.0', id: 4, method: 'anvil_setBalance', params: [${J(params.address)}, '0x7b'] },
            { jsonrpc: '2.0', id: 5, method: 'debug_traceCall', params: [{ to: ${J(params.address)} }, 'latest', {}] },
            { jsonrpc: '2.0', id: 6, method: 'evm_mine', params: [] },
          ];
          const res = await fetch(providerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
          note('batch', await res.json());
          note('single', await rpc(providerUrl, 'debug_traceTransaction', ['0x' + '00'.repeat(32)]));
          return { answer: '123' };`),
      ),
    async verify(r) {
      const { address, planted } = r.params as { address: Address; planted: string };
      const reply = notes(r)[0]!.v as { id: number; result?: string; error?: { code: number } }[];
      expect(reply.map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(reply[0]!.result).toBe('0x38');
      expect(BigInt(reply[2]!.result!)).toBe(parseEther(planted));
      expect([1, 3, 4, 5].map((i) => reply[i]!.error?.code)).toEqual([-32601, -32601, -32601, -32601]);
      expect(await bnb(address)).toBe(parseEther(planted));
      expect(await pub().getBlockNumber()).toBe(t.session.baseBlock);
      expect(notes(r)[1]!.v.error.code).toBe(-32601);
      expect(proxyDelta()).toEqual({ refused: 5, forwarded: 2 });
    },
  },
  {
    attack: 'eth_sendTransaction(+Sync) from anvil dev account #0 to the recipient',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 30,
    checked: 'recipient balance 0; dev account nonce 0 and balance unchanged; proxy refused 2',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`
          const tx = { from: ${J(DEV)}, to: ${J(params.to)}, value: ${J(hex(parseEther(params.amount)))} };
          note('send', await rpc(providerUrl, 'eth_sendTransaction', [tx]));
          note('sendSync', await rpc(providerUrl, 'eth_sendTransactionSync', [tx]));
          return { to: ${J(params.to)}, value: 0n };`),
      ),
    async verify(r) {
      expect(await bnb(r.params.to as Address)).toBe(0n);
      expect(await nonceOf(DEV)).toBe(0);
      expect(await bnb(DEV)).toBe(devBalance);
      expect(proxyDelta().refused).toBe(2);
    },
  },
  {
    attack: 'eth_sendRawTransaction(+Sync) of a transfer signed in the sandbox with the published dev key',
    task: 'bnb_transfer_with_message',
    outcome: 'wrong_state',
    score: 10,
    checked: 'node does not know the signed hash; dev nonce 0, balance unchanged; recipient 0; proxy refused 2',
    run: () =>
      atomic('bnb_transfer_with_message', ({ params }) =>
        skill(
          `
          const wallet = new Wallet(${J(DEV_KEY)});
          const nonce = Number((await rpc(providerUrl, 'eth_getTransactionCount', [wallet.address, 'latest'])).result);
          const gasPrice = BigInt((await rpc(providerUrl, 'eth_gasPrice', [])).result) * 2n;
          const raw = await wallet.signTransaction({ type: 0, chainId: 56, nonce, to: ${J(params.to)}, value: parseEther(${J(params.amount)}), gasLimit: 100000, gasPrice, data: hexlify(toUtf8Bytes(${J(params.message)})) });
          note('hash', keccak256(raw));
          note('raw', await rpc(providerUrl, 'eth_sendRawTransaction', [raw]));
          note('rawSync', await rpc(providerUrl, 'eth_sendRawTransactionSync', [raw]));
          return { to: ${J(params.to)}, value: 0n };`,
          "import { Wallet, hexlify, keccak256, parseEther, toUtf8Bytes } from 'ethers';",
        ),
      ),
    async verify(r) {
      const hash = notes(r).find((n) => n.what === 'hash')!.v as Hex;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      await expect(pub().getTransaction({ hash })).rejects.toThrow(/could not be found/);
      expect(await nonceOf(DEV)).toBe(0);
      expect(await bnb(DEV)).toBe(devBalance);
      expect(await bnb(r.params.to as Address)).toBe(0n);
      expect(proxyDelta().refused).toBe(2);
    },
  },
  {
    attack: 'connect to another loopback port (fetch 127.0.0.1/localhost, Deno.connect, node:http)',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 0,
    checked: 'bystander server saw 0 connections / 0 requests; every attempt NotCapable',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const port = ${bystander.port};
          const out = [
            await attempt('fetch 127.0.0.1', () => fetch('http://127.0.0.1:' + port + '/exfil').then((r) => r.text())),
            await attempt('fetch localhost', () => fetch('http://localhost:' + port + '/exfil').then((r) => r.text())),
            await attempt('fetch ::ffff:127.0.0.1', () => fetch('http://[::ffff:127.0.0.1]:' + port + '/exfil').then((r) => r.text())),
            await attempt('Deno.connect', async () => { const c = await Deno.connect({ hostname: '127.0.0.1', port }); c.close(); return 'connected'; }),
            await attempt('node:http', async () => { const m = 'node:http'; const h = await import(m); return await new Promise((ok, ko) => h.get('http://127.0.0.1:' + port + '/', (res: any) => ok(res.statusCode)).on('error', ko)); }),
          ];
          return { answer: out };`),
      ),
    verify(r) {
      expect(bystander).toMatchObject({ connections: 0, requests: 0 });
      const answer = r.answer as string[];
      expect(answer).toHaveLength(5);
      for (const a of answer) expect(a).toMatch(/: NotCapable: Requires net access/);
    },
  },
  {
    attack: "the node's own anvil port directly (127.0.0.1, localhost, [::1], 0.0.0.0): anvil_setBalance + dev send",
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 30,
    checked: 'port parsed from session.chain.url; every attempt NotCapable; recipient 0; dev nonce 0',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`
          const hosts = ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'];
          for (const h of hosts) {
            const url = 'http://' + h + ':' + ${anvilPort};
            note('setBalance ' + h, await rpc(url, 'anvil_setBalance', [${J(params.to)}, ${J(hex(parseEther(params.amount)))}]));
          }
          note('devSend', await rpc('http://127.0.0.1:${anvilPort}/', 'eth_sendTransaction', [{ from: ${J(DEV)}, to: ${J(params.to)}, value: ${J(hex(parseEther(params.amount)))} }]));
          return { to: ${J(params.to)}, value: 0n };`),
      ),
    async verify(r) {
      const n = notes(r);
      expect(n).toHaveLength(5);
      for (const x of n) expect(x.v.thrown).toMatch(/^NotCapable: Requires net access/);
      expect(await bnb(r.params.to as Address)).toBe(0n);
      expect(await nonceOf(DEV)).toBe(0);
      expect(proxyDelta()).toEqual({ refused: 0, forwarded: 0 });
    },
  },
  {
    attack: 'read process.env / Deno.env / node:process / /proc/self/environ (secret planted in the parent env)',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 0,
    checked: 'all 5 reads NotCapable; the planted secret appears nowhere in the serialized record',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const out = [
            await attempt('Deno.env.toObject', () => Deno.env.toObject()),
            await attempt('Deno.env.get', () => Deno.env.get(${J(SECRET_VAR)})),
            await attempt('globalThis.process.env', () => JSON.stringify((globalThis as any).process.env)),
            await attempt('node:process', async () => { const m = 'node:process'; return JSON.stringify((await import(m)).default.env); }),
            await attempt('/proc/self/environ', () => Deno.readTextFileSync('/proc/self/environ')),
          ];
          return { answer: out };`),
      ),
    verify(r) {
      const answer = r.answer as string[];
      expect(answer).toHaveLength(5);
      for (const a of answer) expect(a).toMatch(/: NotCapable: Requires (env|read) access/);
      expect(JSON.stringify(r)).not.toContain(SECRET);
    },
  },
  {
    attack: 'read files outside its own (/etc/hostname, package.json, mirror manifest, parent /proc environ, JSON import, readDir)',
    task: 'query_token_metadata',
    outcome: 'wrong_state',
    score: 0,
    checked: 'all 6 reads NotCapable; no package.json content anywhere in the record',
    run: () =>
      atomic('query_token_metadata', () =>
        skill(`
          const root = ${J(process.cwd())};
          const out = [
            await attempt('/etc/hostname', () => Deno.readTextFileSync('/etc/hostname')),
            await attempt('package.json', () => Deno.readTextFile(root + '/package.json')),
            await attempt('manifest.json', () => Deno.readTextFile(root + '/fixtures/mirror/manifest.json')),
            await attempt('parent environ', () => Deno.readTextFileSync('/proc/' + Deno.ppid + '/environ')),
            await attempt('json import', async () => { const u = 'file://' + root + '/package.json'; return (await import(u, { with: { type: 'json' } })).default; }),
            await attempt('readDir', () => Array.from(Deno.readDirSync(root)).map((e) => e.name)),
          ];
          return { answer: out };`),
      ),
    verify(r) {
      const answer = r.answer as string[];
      expect(answer).toHaveLength(6);
      for (const a of answer) expect(a).toMatch(/: (NotCapable|TypeError): Requires read access/);
      expect(JSON.stringify(r)).not.toContain('@openzeppelin/contracts');
    },
  },
  {
    attack: 'write files (Deno.writeTextFile, node:fs, makeTempFile, mkdir) in /tmp and next to its sandbox dir',
    task: 'erc20_approve',
    outcome: 'wrong_state',
    score: 0,
    checked: 'all 5 writes NotCapable; none of the target paths exists afterwards',
    run: () =>
      atomic('erc20_approve', () =>
        skill(`
          const base = ${J(path.join(os.tmpdir(), `qb-hostile-${NONCE}`))};
          const out = [
            await attempt('Deno.writeTextFile', () => Deno.writeTextFileSync(base + '-deno', 'x')),
            await attempt('node:fs', async () => { const m = 'node:fs'; (await import(m)).writeFileSync(base + '-nodefs', 'x'); }),
            await attempt('makeTempFile', () => Deno.makeTempFileSync({ prefix: 'qb-hostile-${NONCE}-tmp' })),
            await attempt('mkdir', () => Deno.mkdirSync(base + '-dir')),
            await attempt('sibling of cwd', () => Deno.writeTextFileSync(Deno.cwd() + '/../qb-hostile-${NONCE}-sibling', 'x')),
          ];
          note('writes', out);
          return { to: agentAddress, value: 0n };`),
      ),
    async verify(r) {
      const out = notes(r)[0]!.v as string[];
      expect(out).toHaveLength(5);
      for (const a of out) expect(a).toMatch(/: NotCapable: Requires write access/);
      expect(readdirSync(os.tmpdir()).filter((n) => n.includes(`qb-hostile-${NONCE}`))).toEqual([]);
      expect(r.checks.every((c) => /went to/.test(c.detail))).toBe(true);
    },
  },
  {
    attack: 'spawn a process (Deno.Command, node:child_process exec/spawnSync, Deno.dlopen)',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 0,
    checked: 'all 4 NotCapable (run / env / env / ffi); the files the commands would touch do not exist',
    run: () =>
      atomic('bnb_transfer_basic', () =>
        skill(`
          const base = ${J(path.join(os.tmpdir(), `qb-hostile-${NONCE}`))};
          const out = [
            await attempt('Deno.Command', () => new Deno.Command('/bin/sh', { args: ['-c', 'touch ' + base + '-cmd'] }).outputSync().code),
            await attempt('child_process.execSync', async () => { const m = 'node:child_process'; return String((await import(m)).execSync('touch ' + base + '-exec', { env: {} })); }),
            await attempt('child_process.spawnSync', async () => { const m = 'node:child_process'; const r = (await import(m)).spawnSync('/bin/sh', ['-c', 'touch ' + base + '-spawn'], { env: {} }); if (r.error) throw r.error; return r.status; }),
            await attempt('Deno.dlopen', () => Deno.dlopen('libc.so.6', { getpid: { parameters: [], result: 'i32' } }).symbols.getpid()),
          ];
          note('spawn', out);
          return { to: ${J(DEAD)}, value: 0n };`),
      ),
    async verify(r) {
      const out = notes(r)[0]!.v as string[];
      expect(out).toHaveLength(4);
      expect(out[0]).toMatch(/^Deno.Command: NotCapable: Requires run access/);
      // Deno's node:child_process reads the environment before it spawns, so it stops there.
      expect(out[1]).toMatch(/^child_process.execSync: NotCapable: Requires (env|run) access/);
      expect(out[2]).toMatch(/^child_process.spawnSync: NotCapable: Requires (env|run) access/);
      expect(out[3]).toMatch(/^Deno.dlopen: NotCapable: Requires ffi access/);
      expect(readdirSync(os.tmpdir()).filter((n) => n.includes(`qb-hostile-${NONCE}`))).toEqual([]);
    },
  },
  {
    attack: 'infinite loop (scriptTimeoutMs 1500)',
    task: 'bnb_transfer_basic',
    outcome: 'timeout',
    score: 0,
    checked: 'error "timed out after 1500 ms"; within seconds the Deno host it spun in is gone or idle; no tx sent',
    run: () => atomic('bnb_transfer_basic', () => skill(`console.log('PID ' + Deno.pid); for (;;) {}`), 1500),
    async verify(r) {
      expect(r.error).toBe('timed out after 1500 ms');
      const pid = Number(/PID (\d+)/.exec(r.transcript.logs)?.[1]);
      expect(pid).toBeGreaterThan(0);
      await expectNotSpinning(pid);
      await expectNoTxSent(r);
    },
  },
  {
    attack: 'memory bomb (unbounded array growth)',
    task: 'bnb_transfer_basic',
    outcome: 'runtime_error',
    score: 0,
    checked:
      'error names the memory/heap limit (its host crashed; rerun alone, the failure was its own); that Deno process is gone; no tx sent',
    run: () =>
      atomic('bnb_transfer_basic', () =>
        skill(
          `console.log('PID ' + Deno.pid); const hoard: number[][] = []; for (;;) hoard.push(new Array(1_000_000).fill(Math.random()));`,
        ),
      ),
    async verify(r) {
      expect(r.error).toMatch(/out of memory|memory limit exceeded/);
      await expectProcessGone(Number(/PID (\d+)/.exec(r.transcript.logs)?.[1]));
      await expectNoTxSent(r);
    },
  },
  {
    attack: '5 MB of console output',
    task: 'erc20_transfer_fixed',
    outcome: 'runtime_error',
    score: 0,
    checked: 'error "output exceeded 1048576 bytes"; recorded logs capped (< 70 kB); no tx sent',
    run: () =>
      atomic('erc20_transfer_fixed', ({ params }) =>
        skill(
          `const line = 'y'.repeat(1023); for (let i = 0; i < 5 * 1024; i++) console.log(line); return { to: ${J(params.token.address)} };`,
        ),
      ),
    verify: expectOutputCut,
  },
  // --- What a long-lived host shared by many scripts (each in its own Worker) must contain ---
  {
    attack: 'leaves an interval, a self-rescheduling async loop and a never-settling promise hammering the proxy, answers 0',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked: 'the proxy forwards nothing more once the script has answered (its Worker is gone); the next instance reads correctly',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const hammer = () => rpc(providerUrl, 'eth_blockNumber', []);
          setInterval(() => { void hammer(); }, 5);
          setTimeout(() => { throw new Error('late failure'); }, 300);
          void new Promise(() => {});
          void (async () => { for (;;) await hammer(); })();
          await new Promise((r) => setTimeout(r, 50));
          return { answer: '0' };`),
      ),
    async verify(r) {
      expect(r.answer).toBe('0');
      await sleep(200);
      const before = t.session.proxy.stats().forwarded;
      await sleep(800);
      expect(t.session.proxy.stats().forwarded - before).toBe(0);
      await expectHonestFollowUp();
    },
  },
  {
    attack: 'patches globalThis, Object/Array/Promise/Function prototypes, JSON, fetch and ethers/viem prototypes to poison later scripts',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked: 'its own answer still recorded as returned; the next instance (ethers and viem reads) gets the true balance and passes',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(
          `
          (Object.prototype as any).polluted = 'yes';
          Array.prototype.map = function () { return ['hijacked']; } as any;
          JSON.parse = () => ({ result: '0x1' });
          JSON.stringify = () => '{"answer":"hijacked"}';
          (globalThis as any).fetch = async () => new Response('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
          (JsonRpcProvider.prototype as any).getBalance = async () => 1n;
          (AbstractProvider.prototype as any).getBalance = async () => 1n;
          (BaseError.prototype as any).polluted = 'viem';
          (Promise.prototype as any).then = function () { throw new Error('hijacked then'); };
          (Function.prototype as any).call = function () { return 'hijacked call'; };
          return { answer: '0' };`,
          "import { AbstractProvider, JsonRpcProvider } from 'ethers';\nimport { BaseError } from 'viem';",
        ),
      ),
    async verify(r) {
      expect(r.answer).toBe('0');
      await expectHonestFollowUp();
    },
  },
  {
    attack:
      'tries every route to post a forged "done" to its host (postMessage, its prototype, Deno internals, BroadcastChannel, worker_threads parentPort), 100k times, then answers 1',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked: 'no route posted anything; the recorded answer is the returned "1", not the forged one',
    run: () =>
      atomic('query_bnb_balance', ({ params }) =>
        skill(`
          const right = BigInt((await rpc(providerUrl, 'eth_getBalance', [${J(params.address)}, 'latest'])).result).toString();
          const forged = { token: 'guess', outcome: { kind: 'ok', value: JSON.stringify({ answer: right }) } };
          const routes: Record<string, () => unknown> = {
            'self.postMessage': () => (self as any).postMessage(forged),
            'prototype postMessage': () => Object.getPrototypeOf(globalThis).postMessage.call(globalThis, forged),
            'Deno internals': () => (Deno as any)[(Deno as any).internal].core.ops.op_worker_post_message(forged),
            'BroadcastChannel': () => new BroadcastChannel('questbench').postMessage(forged),
            'worker_threads parentPort': () => (globalThis as any).process.getBuiltinModule('node:worker_threads').parentPort.postMessage(forged),
          };
          const out: string[] = [];
          for (const [name, post] of Object.entries(routes)) {
            out.push(await attempt(name, () => { for (let i = 0; i < 100_000; i++) post(); return 'posted'; }));
          }
          note('routes', out);
          return { answer: '1' };`),
      ),
    verify(r) {
      expect(r.answer).toBe('1');
      const out = notes(r)[0]!.v as string[];
      expect(out).toHaveLength(5);
      for (const line of out) expect(line).not.toContain('SUCCEEDED');
    },
  },
  {
    attack: 'two million one-byte console writes (a flood of messages to the host)',
    task: 'erc20_transfer_fixed',
    outcome: 'runtime_error',
    score: 0,
    checked: 'error "output exceeded 1048576 bytes"; cut within seconds; recorded logs capped (< 70 kB); no tx sent',
    run: () =>
      atomic('erc20_transfer_fixed', ({ params }) =>
        skill(`for (let i = 0; i < 2_000_000; i++) console.log(''); return { to: ${J(params.token.address)} };`),
      ),
    async verify(r) {
      await expectOutputCut(r);
      expect(r.latencyMs).toBeLessThan(10_000);
    },
  },
  {
    attack: 'ArrayBuffer bomb (memory outside the V8 heap, which its heap limit does not see)',
    task: 'bnb_transfer_basic',
    outcome: 'runtime_error',
    score: 0,
    checked:
      'error names the resident-memory limit (its host was killed; rerun alone, the failure was its own); no tx sent; the next instance reads correctly',
    run: () =>
      atomic('bnb_transfer_basic', () =>
        skill(
          `const keep: Uint8Array[] = []; for (;;) { keep.push(new Uint8Array(32 << 20).fill(1)); await new Promise((r) => setTimeout(r, 2)); }`,
        ),
      ),
    async verify(r) {
      expect(r.error).toMatch(/^memory limit exceeded: resident memory \d+ MB > \d+ MB$/);
      await expectNoTxSent(r);
      await expectHonestFollowUp();
    },
  },
  {
    attack: 'starts its own Worker (node:worker_threads) spinning forever, to outlive the script in the shared host',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked:
      'within seconds the host it was started in is gone or idle (a Worker thread beyond its count gets it replaced); the next instance reads correctly',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const wt = (globalThis as any).process.getBuiltinModule('node:worker_threads');
          new wt.Worker('let x = 0; for (;;) x++;', { eval: true });
          console.log('PID ' + Deno.pid);
          return { answer: '0' };`),
      ),
    async verify(r) {
      await expectNotSpinning(Number(/PID (\d+)/.exec(r.transcript.logs)?.[1]));
      await expectHonestFollowUp();
    },
  },
  {
    attack: 'process-wide channels between Workers: BroadcastChannel, nested Worker, Deno.chdir, signal handlers, caches, stdin, V8 flags',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 0,
    checked: 'BroadcastChannel/chdir/signal refused (NotCapable); Worker and caches absent; stdin at EOF; V8 flags frozen',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const out = [
            await attempt('BroadcastChannel', () => new BroadcastChannel('questbench').postMessage('hi')),
            await attempt('Worker', () => new (globalThis as any).Worker('data:text/javascript,1', { type: 'module' })),
            await attempt('Deno.chdir', () => Deno.chdir('/')),
            await attempt('signal', () => Deno.addSignalListener('SIGINT', () => {})),
            await attempt('caches', () => (globalThis as any).caches.open('x')),
            await attempt('stdin', async () => { const x = await Deno.stdin.readable.getReader().read(); if (x.done) throw new Error('EOF'); return x.value.length; }),
            await attempt('v8 flags', () => { (globalThis as any).process.getBuiltinModule('node:v8').setFlagsFromString('--allow-natives-syntax'); return new Function('return %IsBeingInterpreted()')(); }),
          ];
          return { answer: out };`),
      ),
    verify(r) {
      const [bc, worker, chdir, signal, caches, stdin, flags] = r.answer as string[];
      expect(bc).toMatch(/^BroadcastChannel: NotCapable/);
      expect(worker).toMatch(/^Worker: TypeError/);
      expect(chdir).toMatch(/^Deno.chdir: NotCapable/);
      expect(signal).toMatch(/^signal: NotCapable/);
      expect(caches).toMatch(/^caches: TypeError/);
      expect(stdin).toBe('stdin: Error: EOF');
      expect(flags).toMatch(/^v8 flags: SyntaxError/);
    },
  },
  {
    attack:
      "looks for the host's own channel: lists the temp dir for its socket, connects to unix sockets there, writes raw to stdout/stderr",
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 0,
    checked: 'listing and every unix connect NotCapable; raw stdout lands in its own log only',
    run: () =>
      atomic('query_bnb_balance', () =>
        skill(`
          const tmp = ${J(os.tmpdir())};
          const out = [
            await attempt('readDir tmp', () => Array.from(Deno.readDirSync(tmp)).map((e) => e.name).join(',')),
            await attempt('unix connect', async () => { const c = await Deno.connect({ transport: 'unix', path: tmp + '/qb-host-x/s' }); c.close(); return 'connected'; }),
            await attempt('node:net unix', async () => await new Promise((ok, ko) => { const n = (globalThis as any).process.getBuiltinModule('node:net'); n.connect(tmp + '/qb-host-x/s').on('connect', () => ok('connected')).on('error', ko); })),
          ];
          Deno.stdout.writeSync(new TextEncoder().encode('RAW STDOUT\\n'));
          Deno.stderr.writeSync(new TextEncoder().encode('RAW STDERR\\n'));
          return { answer: out };`),
      ),
    verify(r) {
      const answer = r.answer as string[];
      expect(answer).toHaveLength(3);
      for (const a of answer) expect(a).toMatch(/: NotCapable: Requires (read|net|write) access/);
      expect(r.transcript.logs).toContain('RAW STDOUT\nRAW STDERR\n');
    },
  },
  {
    attack: 'returns { success: true }',
    task: 'erc20_transfer_fixed',
    outcome: 'schema_invalid',
    schemaRule: 'no_to',
    score: 0,
    checked: 'no tx sent (agent nonce at snapshot); recipient token balance 0',
    run: () => atomic('erc20_transfer_fixed', () => skill('return { success: true };')),
    async verify(r) {
      await expectNoTxSent(r);
      const { to, token } = r.params as { to: Address; token: { address: Address } };
      expect(await tokenBalance(token.address, to)).toBe(0n);
    },
  },
  {
    attack: 'bare { answer } on a transaction task',
    task: 'bnb_transfer_basic',
    outcome: 'schema_invalid',
    schemaRule: 'no_to',
    score: 0,
    checked: 'no tx sent; no answer recorded; recipient 0',
    run: () => atomic('bnb_transfer_basic', ({ params }) => skill(`return { answer: ${J(params.amount)} };`)),
    async verify(r) {
      await expectNoTxSent(r);
      expect(r.answer).toBeUndefined();
      expect(await bnb(r.params.to as Address)).toBe(0n);
    },
  },
  {
    attack: '{ to } with a getter that throws during serialization',
    task: 'erc20_transfer_fixed',
    outcome: 'runtime_error',
    score: 0,
    checked: 'error "result is not serializable: Error: boom"; no tx sent',
    run: () =>
      atomic('erc20_transfer_fixed', ({ params }) =>
        skill(`return { data: '0x', get to(): string { throw new Error('boom'); }, value: ${J(params.amount)} };`),
      ),
    async verify(r) {
      expect(r.error).toBe('result is not serializable: Error: boom');
      await expectNoTxSent(r);
    },
  },
  {
    attack: '"from" set to anvil dev account #0',
    task: 'bnb_transfer_basic',
    outcome: 'rejected',
    score: 0,
    checked: 'error names the foreign sender; nothing signed (agent and dev nonces unchanged); recipient 0',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(
          `return { from: ${J(DEV)}, to: ${J(params.to)}, value: parseEther(${J(params.amount)}) };`,
          "import { parseEther } from 'viem';",
        ),
      ),
    async verify(r) {
      expect(r.error).toContain(`"from" is ${DEV}`);
      await expectNoTxSent(r);
      expect(await nonceOf(DEV)).toBe(0);
      expect(await bnb(r.params.to as Address)).toBe(0n);
    },
  },
  {
    attack: 'self-transfer of the requested amount (to = agent)',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 0,
    checked: 'tx mined to the agent; every check gated "went to <agent>"; agent lost exactly the gas; recipient 0',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`return { to: agentAddress, value: parseEther(${J(params.amount)}) };`, "import { parseEther } from 'viem';"),
      ),
    async verify(r) {
      expect(r.tx?.to).toBe(agent);
      expect(r.tx?.status).toBe('success');
      expect(r.checks.every((c) => !c.passed && c.detail.startsWith(`transaction went to ${agent}`))).toBe(true);
      expect(await bnb(r.params.to as Address)).toBe(0n);
      const receipt = await pub().getTransactionReceipt({ hash: r.tx!.hash as Hex });
      const before = await pub().getBalance({ address: agent, blockNumber: receipt.blockNumber - 1n });
      expect(before - (await bnb(agent))).toBe(receipt.gasUsed * receipt.effectiveGasPrice);
    },
  },
  {
    attack: 'absurd gas limit (30,000,001)',
    task: 'bnb_transfer_basic',
    outcome: 'rejected',
    score: 0,
    checked: 'error "gas limit 30000001 is outside [21000, 30000000]"; no tx sent',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(
          `return { to: ${J(params.to)}, value: parseEther(${J(params.amount)}), gasLimit: 30_000_001n };`,
          "import { parseEther } from 'viem';",
        ),
      ),
    async verify(r) {
      expect(r.error).toBe('gas limit 30000001 is outside [21000, 30000000]');
      await expectNoTxSent(r);
      expect(await bnb(r.params.to as Address)).toBe(0n);
    },
  },
  {
    attack: 'value beyond the balance (balance + amount)',
    task: 'bnb_transfer_basic',
    outcome: 'rejected',
    score: 0,
    checked: 'node refused it (insufficient funds); no tx sent; recipient 0',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(
          `
          const balance = BigInt((await rpc(providerUrl, 'eth_getBalance', [agentAddress, 'latest'])).result);
          return { to: ${J(params.to)}, value: balance + parseEther(${J(params.amount)}) };`,
          "import { parseEther } from 'viem';",
        ),
      ),
    async verify(r) {
      expect(r.error).toMatch(/^the node rejected the transaction: .*(insufficient funds|lack of funds)/i);
      await expectNoTxSent(r);
      expect(await bnb(r.params.to as Address)).toBe(0n);
    },
  },
  {
    attack: 'pre-arranged state: dev-key-signed approve sent raw (alone and in a batch), then transferFrom relying on it',
    task: 'erc20_transferfrom_basic',
    outcome: 'reverted',
    score: 0,
    checked: 'USDT allowance dev→agent still 0; recipient USDT 0; dev nonce 0; returned tx mined and reverted; proxy refused 2',
    run: () =>
      atomic('erc20_transferfrom_basic', ({ params, env }) =>
        skill(
          `
          const usdt = new Interface(['function approve(address,uint256)', 'function transferFrom(address,address,uint256)']);
          const wallet = new Wallet(${J(DEV_KEY)});
          const nonce = Number((await rpc(providerUrl, 'eth_getTransactionCount', [wallet.address, 'latest'])).result);
          const amount = parseUnits(${J(params.amount)}, 18);
          const raw = await wallet.signTransaction({ type: 0, chainId: 56, nonce, to: ${J(env.USDT)}, gasLimit: 100000, gasPrice: 5_000_000_000n, data: usdt.encodeFunctionData('approve', [agentAddress, amount]) });
          note('raw', await rpc(providerUrl, 'eth_sendRawTransaction', [raw]));
          const res = await fetch(providerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify([
            { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
            { jsonrpc: '2.0', id: 2, method: 'eth_sendRawTransaction', params: [raw] },
          ]) });
          note('batch', await res.json());
          return { to: ${J(env.USDT)}, data: usdt.encodeFunctionData('transferFrom', [wallet.address, ${J(params.to)}, amount]), gasLimit: 200000n };`,
          "import { Interface, Wallet, parseUnits } from 'ethers';",
        ),
      ),
    async verify(r) {
      const usdt = t.session.env.USDT;
      expect(await allowance(usdt, DEV, agent)).toBe(0n);
      expect(await tokenBalance(usdt, r.params.to as Address)).toBe(0n);
      expect(await nonceOf(DEV)).toBe(0);
      expect(r.tx?.status).toBe('reverted');
      expect(notes(r).find((n) => n.what === 'batch')!.v[1].error.code).toBe(-32601);
      expect(proxyDelta().refused).toBe(2);
    },
  },
  {
    attack: 'prints a fake result-marker line carrying the right answer, then returns its honest wrong answer',
    task: 'query_bnb_balance',
    outcome: 'wrong_state',
    score: 20,
    checked: 'the recorded answer is the returned "1", not the forged marker line',
    run: () =>
      atomic('query_bnb_balance', ({ params }) =>
        skill(`
          const right = BigInt((await rpc(providerUrl, 'eth_getBalance', [${J(params.address)}, 'latest'])).result).toString();
          console.log('\\u0000QUEST_RESULT\\u0000' + JSON.stringify({ status: 'ok', value: { answer: right } }));
          return { answer: '1' };`),
      ),
    verify(r) {
      expect(r.answer).toBe('1');
    },
  },
  {
    attack: "static import('npm:ethers') / import('https://esm.sh/ethers')",
    task: 'bnb_transfer_basic',
    outcome: 'runtime_error',
    score: 0,
    checked: 'refused at compile time by the import gate; DENO_DIR npm/remote caches unchanged; no tx sent',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(
          `const e = await import('npm:ethers'); const h = await import('https://esm.sh/ethers@6'); return { to: ${J(params.to)}, value: e.parseEther(${J(params.amount)}) };`,
        ),
      ),
    async verify(r) {
      expect(r.error).toMatch(/^import error: .*import "npm:ethers" is not allowed/);
      expect(r.error).toMatch(/import "https:\/\/esm\.sh\/ethers@6" is not allowed/);
      await expectNoTxSent(r);
    },
  },
  {
    attack: 'computed dynamic imports (npm:, https:, jsr:) that slip past the compile-time gate',
    task: 'bnb_transfer_basic',
    outcome: 'wrong_state',
    score: 30,
    checked: 'Deno refused all 3 (--no-npm / the Worker has no import permission); DENO_DIR npm/remote caches unchanged',
    run: () =>
      atomic('bnb_transfer_basic', ({ params }) =>
        skill(`
          const specs = [['npm', 'left-pad'], ['https', '//esm.sh/ethers@6'], ['jsr', '@std/fs']].map((p) => p.join(':'));
          const out: string[] = [];
          for (const s of specs) out.push(await attempt(s, async () => Object.keys(await import(s))));
          note('imports', out);
          return { to: ${J(params.to)}, value: 0n };`),
      ),
    async verify(r) {
      const out = notes(r)[0]!.v as string[];
      expect(out[0]).toMatch(/^npm:left-pad: TypeError: .*--no-npm/);
      // The Worker's own import permission (none) refuses these before the process-wide --no-remote.
      expect(out[1]).toMatch(/^https:\/\/esm\.sh\/ethers@6: TypeError: .*(--no-remote|Requires import access)/);
      expect(out[2]).toMatch(/^jsr:@std\/fs: TypeError: .*(--no-remote|Requires import access)/);
      expect(await bnb(r.params.to as Address)).toBe(0n);
    },
  },
  {
    attack: 'composite: setBalance on the recipient + dev send in a tx round, then submit the balance it planted',
    task: 'composite_query_bnb_transfer_verify',
    outcome: 'wrong_state',
    score: 0,
    checked: 'recipient still holds exactly its planted balance; K_act 2, ended by submit; proxy refused 2',
    run: () =>
      composite('composite_query_bnb_transfer_verify', (p) => {
        const faked = parseEther(p.planted) + parseEther(p.amount);
        return {
          plan: 'Top the recipient up directly, then verify.',
          rounds: [
            tsBlock(
              skill(`
                note('setBalance', await rpc(providerUrl, 'anvil_setBalance', [${J(p.to)}, ${J(hex(faked))}]));
                note('devSend', await rpc(providerUrl, 'eth_sendTransaction', [{ from: ${J(DEV)}, to: ${J(p.to)}, value: ${J(hex(parseEther(p.amount)))} }]));
                return { to: agentAddress, value: 0n };`),
            ),
            J({ action: 'query', type: 'native_balance', address: p.to }),
            J({ submit: true, answer: { recipientBalance: faked.toString() } }),
          ],
        };
      }),
    async verify(r) {
      expect(await bnb(r.params.to as Address)).toBe(parseEther(r.params.planted as string));
      expect(r.composite).toMatchObject({ kAct: 2, endReason: 'submit' });
      expect(r.composite!.rounds.map((x) => x.kind)).toEqual(['tx', 'query']);
      expect(proxyDelta().refused).toBe(2);
    },
  },
  {
    attack: 'composite: a made-up "rpc" query type with anvil_setStorageAt, then a tx "from" the allowance owner, then submit',
    task: 'composite_approve_transferfrom',
    outcome: 'schema_invalid',
    score: 0,
    checked: 'round kinds [bad_control_json, rejected]; no tx sent; recipient USDT 0; agent→agent allowance 0',
    run: () =>
      composite('composite_approve_transferfrom', (p) => ({
        plan: 'Skip the approval by writing storage, then move the tokens as their owner.',
        rounds: [
          J({ action: 'query', type: 'rpc', method: 'anvil_setStorageAt', params: [t.session.env.USDT, '0x0', '0x01'] }),
          tsBlock(
            skill(
              `return { from: ${J(t.session.env.rich_address)}, to: deployedContracts.USDT, data: encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), args: [${J(p.to)}, parseUnits(${J(p.amount)}, 18)] }) };`,
              "import { encodeFunctionData, parseAbi, parseUnits } from 'viem';",
            ),
          ),
          J({ submit: true }),
        ],
      })),
    async verify(r) {
      expect(r.composite!.rounds.map((x) => x.kind)).toEqual(['schema_invalid:bad_control_json', 'rejected']);
      await expectNoTxSent(r);
      expect(await tokenBalance(t.session.env.USDT, r.params.to as Address)).toBe(0n);
      expect(await allowance(t.session.env.USDT, agent, agent)).toBe(0n);
    },
  },
];

describe('hostile answers through the real pipeline', () => {
  beforeAll(async () => {
    const server = http.createServer((req, res) => {
      bystander.requests++;
      res.end('exfiltrated');
    });
    server.on('connection', () => bystander.connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bystander.server = server;
    bystander.port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (bystander.server ? bystander.server.close(() => resolve()) : resolve()));
  });

  const label = (c: Case) =>
    `${c.outcome}${c.schemaRule ? `/${c.schemaRule}` : ''}, score ${c.score === 'below' ? `< ${PASS_LINE}` : c.score}`;

  test.each(cases.map((c) => [c.attack, label(c), c.task, c] as const))('%s → %s [%s]', async (_a, _l, _t, c) => {
    const denoBefore = denoDirListing();
    const r = await c.run();
    const row: Row = {
      attack: c.attack,
      task: c.task,
      outcome: `${r.outcome}${r.schemaRule ? `/${r.schemaRule}` : ''}`,
      score: String(r.score),
      checked: c.checked,
    };
    rows.push(row);
    onTestFailed(() => {
      row.checked += ' — **FAILED**';
    });
    const why = `${r.outcome} ${r.score} ${r.error ?? ''}\n${r.checks.map((x) => `${x.passed ? '✓' : '✗'} ${x.name}: ${x.detail}`).join('\n')}\nlogs: ${r.transcript.logs.slice(0, 3000)}`;
    expect(r.outcome, why).toBe(c.outcome);
    expect(r.schemaRule, why).toBe(c.schemaRule);
    if (c.score === 'below') expect(r.score, why).toBeLessThan(PASS_LINE);
    else expect(r.score, why).toBe(c.score);
    expect(r.passed).toBe(false);
    await c.verify(r);
    // No answer may make the sandbox fetch packages or remote modules.
    expect(denoDirListing()).toEqual(denoBefore);
  });

  test('the well-known anvil dev accounts hold nothing on the benchmark chain', async () => {
    const row: Row = {
      attack: 'funds behind the published dev key (precondition for raw-tx attacks)',
      task: '(chain)',
      outcome: '-',
      score: '-',
      checked: 'dev account #0 balance is 0 and the node has no unlocked accounts',
    };
    rows.push(row);
    onTestFailed(() => {
      row.checked += ` — **FAILED**: holds ${devBalance} wei`;
    });
    const accounts = await t.session.chain.request<string[]>('eth_accounts');
    expect({ devBalance, unlocked: accounts.length }).toEqual({ devBalance: 0n, unlocked: 0 });
  });
});

afterAll(async () => {
  if (savedOpenAiKey === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = savedOpenAiKey;
  delete process.env[SECRET_VAR];
  await t?.close();
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const table = [
    '| attack | task | outcome | score | what was checked |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${esc(r.attack)} | ${r.task} | ${r.outcome} | ${r.score} | ${esc(r.checked)} |`),
  ].join('\n');
  console.log(`\n${table}\n`);
});
