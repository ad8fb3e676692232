import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Instance } from 'prool';
import { QuestError } from '../errors.ts';
import { ANVIL_HINT, anvilBinary } from './anvil-binary.ts';

export interface AnvilOptions {
  chainId?: number;
  /** A state file written by `anvil_dumpState` (decoded JSON) to start from. */
  loadState?: string;
  forkUrl?: string;
  forkBlock?: bigint;
  /** Extra CLI flags. */
  args?: string[];
  /** An anvil binary instead of the npm package's (QUEST_ANVIL_BIN). */
  binary?: string;
}

/**
 * prool instance over plain node:child_process: prool's own anvil instance spawns through execa,
 * which keeps the process around for seconds after teardown. Port 0 lets the OS pick a free port;
 * the real one is read from anvil's "Listening on" line.
 */
/** Memory one EVM execution may use (anvil's default is 4 GiB). */
export const EVM_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

/** Every anvil this process started and has not stopped: killed synchronously if the process exits. */
const live = new Map<ChildProcess, string>();
process.once('exit', () => {
  for (const [p, cache] of live) {
    p.kill('SIGKILL');
    rmSync(cache, { recursive: true, force: true });
  }
});

export const anvilInstance = Instance.define((options: AnvilOptions) => {
  let child: ChildProcess | undefined;
  let port = 0;
  return {
    name: 'anvil',
    host: '127.0.0.1',
    get port() {
      return port;
    },
    // prool copies the definition's fields once; a function reads the live process.
    _internal: { pid: () => child?.pid ?? 0 },
    async start(_opts, { emitter, setEndpoint }) {
      const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(options.chainId ?? 56)];
      if (options.loadState) args.push('--load-state', options.loadState);
      if (options.forkUrl) args.push('--fork-url', options.forkUrl);
      if (options.forkBlock !== undefined) args.push('--fork-block-number', options.forkBlock.toString());
      // --accounts 0: anvil's well-known dev accounts (published keys) hold nothing and are not unlocked.
      // Scripts reach the node only through the read-only proxy, which bounds their requests (size,
      // gas, ranges, calls at once: src/sandbox/rpc-limits.ts); the harness's own requests (state
      // loads, code placement) may be larger than anvil's default 2 MB. --memory-limit bounds the
      // memory of one EVM execution whatever its gas: 32 MiB, eight times what 30M gas can buy.
      args.push('--no-request-size-limit', '--memory-limit', String(EVM_MEMORY_LIMIT_BYTES), '--accounts', '0', ...(options.args ?? []));
      // Anvil writes older block states to a cache folder it removes only on a clean shutdown, and the
      // harness kills its nodes: each gets a folder of its own, removed once it has exited (the default,
      // ~/.foundry/anvil/tmp, grew by a folder per node, tens of GB over many runs).
      const cache = mkdtempSync(join(tmpdir(), 'questbench-anvil-'));
      args.push('--cache-path', cache);
      const proc = spawn(anvilBinary(options.binary), args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      live.set(proc, cache);
      proc.once('exit', () => {
        live.delete(proc);
        rmSync(cache, { recursive: true, force: true });
      });
      await new Promise<void>((resolve, reject) => {
        let out = '';
        const onData = (chunk: Buffer) => {
          const text = chunk.toString();
          emitter.emit('message', text);
          out += text;
          const m = /Listening on (?:https?:\/\/)?127\.0\.0\.1:(\d+)/.exec(out);
          if (m) {
            port = Number(m[1]);
            setEndpoint?.({ port, host: '127.0.0.1', protocol: 'http' });
            proc.stdout?.off('data', onData);
            // Keep draining so a chatty anvil never blocks on a full pipe.
            proc.stdout?.on('data', () => {});
            resolve();
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.on('data', (c: Buffer) => {
          out += c.toString();
          emitter.emit('stderr', c.toString());
        });
        proc.once('error', (e) =>
          reject(new QuestError('ANVIL_START', `could not run anvil: ${e.message}`, { hint: ANVIL_HINT, cause: e })),
        );
        proc.once('exit', (code, signal) => {
          emitter.emit('exit', code, signal);
          reject(
            new QuestError('ANVIL_START', `anvil exited before listening (code ${code}, signal ${signal}): ${out.slice(-2000)}`, {
              hint: `its last output is above; ${ANVIL_HINT}`,
            }),
          );
        });
      });
    },
    async stop() {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      });
    },
  };
});

export interface RunningAnvil {
  url: string;
  port: number;
  /** The OS process id (tests watch its CPU and threads). */
  pid: number;
  stop(): Promise<void>;
  /** The prool instance, so tests can simulate a crash. */
  instance: ReturnType<typeof anvilInstance>;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<RunningAnvil> {
  const instance = anvilInstance(options, { timeout: 30_000 });
  await instance.start();
  const url = `http://127.0.0.1:${instance.port}`;
  return { url, port: instance.port, pid: instance._internal.pid(), instance, stop: () => instance.stop() };
}
