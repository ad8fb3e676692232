// Wallet agents: a whole agent stack given a request and a wallet on the instance's chain. A module
// exporting agent(...), or a command run once per instance with the wallet in its environment.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { ModelConfigError } from '../model/config-error.ts';

export interface AgentInput {
  /** The owner's request (with the answer format, and on the hard split the refusal rules and policy). */
  request: string;
  /** The instance's wallet endpoint: reads, and writes signed by or for the wallet. */
  rpcUrl: string;
  chainId: number;
  address: string;
  /** The run's wallet key: worth something on this local chain only. */
  privateKey: string;
  /** The address map, by key. */
  contracts: Record<string, string>;
  signal: AbortSignal;
}

/** How an agent ended: what it returned (an answer, a refusal) and what it printed. */
export interface AgentOutcome {
  result: { answer?: unknown; refuse?: string } | undefined;
  /** The run ended by the time limit. */
  timedOut: boolean;
  /** The agent failed (threw, or the command exited non-zero). */
  error?: string;
  stdout: string;
  stderr: string;
  exitCode?: number | null;
}

export interface AgentRunner {
  id: string;
  describe: string;
  run(input: AgentInput, timeoutMs: number): Promise<AgentOutcome>;
}

const OUTPUT_CAP = 64 * 1024;
const Final = z.union([z.object({ answer: z.unknown() }).strict(), z.object({ refuse: z.string().min(1) }).strict()]);

/** What an agent returned or printed last: { answer } or { refuse }, anything else means it just acted. */
export function finalOf(value: unknown): AgentOutcome['result'] {
  const parsed = Final.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The last stdout line a command printed, when it is a final { answer } or { refuse }. */
export function finalLine(stdout: string): AgentOutcome['result'] {
  const last = stdout.trimEnd().split('\n').at(-1)?.trim();
  if (!last?.startsWith('{')) return undefined;
  try {
    return finalOf(JSON.parse(last));
  } catch {
    return undefined;
  }
}

const capped = (s: string) => (s.length > OUTPUT_CAP ? `${s.slice(0, OUTPUT_CAP)}\n… (cut at ${OUTPUT_CAP} characters)` : s);

type AgentFn = (input: AgentInput) => unknown;

function moduleRunner(file: string, fn: AgentFn, id: string): AgentRunner {
  return {
    id,
    describe: `${id}: agent() from ${file}, holding a wallet on each instance's chain`,
    async run(input, timeoutMs) {
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([input.signal, deadline]);
      const timedOut = new Promise<'timeout'>((resolve) => signal.addEventListener('abort', () => resolve('timeout'), { once: true }));
      try {
        const value = await Promise.race([Promise.resolve().then(() => fn({ ...input, signal })), timedOut]);
        if (value === 'timeout') return { result: undefined, timedOut: true, stdout: '', stderr: '' };
        return { result: finalOf(value), timedOut: false, stdout: '', stderr: '' };
      } catch (e) {
        return { result: undefined, timedOut: deadline.aborted, error: (e as Error)?.message ?? String(e), stdout: '', stderr: '' };
      }
    },
  };
}

function commandRunner(command: string, id: string): AgentRunner {
  return {
    id,
    describe: `${id}: the command \`${command}\`, run once per instance with the wallet in its environment`,
    run(input, timeoutMs) {
      return new Promise((resolve) => {
        // Its own process group, so a timeout ends everything the command started.
        const child = spawn('/bin/sh', ['-c', command], {
          detached: true,
          stdio: ['pipe', 'pipe', 'pipe'],
          env: {
            ...process.env,
            QUEST_REQUEST: input.request,
            RPC_URL: input.rpcUrl,
            CHAIN_ID: String(input.chainId),
            WALLET_ADDRESS: input.address,
            EVM_PRIVATE_KEY: input.privateKey,
            QUEST_CONTRACTS: JSON.stringify(input.contracts),
          },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout = (stdout + c.toString()).slice(-2 * OUTPUT_CAP)));
        child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2 * OUTPUT_CAP)));
        child.stdin.on('error', () => {});
        child.stdin.end(input.request);
        let timedOut = false;
        const kill = () => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // already gone
          }
        };
        const timer = setTimeout(() => {
          timedOut = true;
          kill();
        }, timeoutMs);
        input.signal.addEventListener('abort', kill, { once: true });
        child.on('error', (e) => {
          clearTimeout(timer);
          resolve({
            result: undefined,
            timedOut: false,
            error: `could not start the agent: ${e.message}`,
            stdout: capped(stdout),
            stderr: capped(stderr),
          });
        });
        child.on('close', (code) => {
          clearTimeout(timer);
          const error = timedOut ? undefined : code === 0 ? undefined : `the agent exited with code ${code}`;
          resolve({
            result: finalLine(stdout),
            timedOut,
            ...(error ? { error } : {}),
            stdout: capped(stdout),
            stderr: capped(stderr),
            exitCode: code,
          });
        });
      });
    },
  };
}

const MODULE_EXT = /\.(m?[jt]s|cjs)$/;

/** `agent:<module or command>`: a module file that exports agent(), or else a shell command. */
export async function agentRunner(target: string, cwd = process.cwd()): Promise<AgentRunner> {
  const id = `agent:${target}`;
  const file = path.resolve(cwd, target);
  if (MODULE_EXT.test(target) && !/\s/.test(target)) {
    if (!existsSync(file) || !statSync(file).isFile()) throw new ModelConfigError(`agent module not found: ${file} (from ${id})`);
    let mod: { agent?: unknown; default?: unknown };
    try {
      mod = (await import(pathToFileURL(file).href)) as typeof mod;
    } catch (e) {
      throw new ModelConfigError(`agent module ${file} failed to load: ${(e as Error).message}`);
    }
    const fn = typeof mod.agent === 'function' ? mod.agent : typeof mod.default === 'function' ? mod.default : undefined;
    if (!fn)
      throw new ModelConfigError(
        `agent module ${file} must export agent({ request, rpcUrl, chainId, address, privateKey, contracts, signal })`,
      );
    return moduleRunner(file, fn as AgentFn, id);
  }
  return commandRunner(target, id);
}
