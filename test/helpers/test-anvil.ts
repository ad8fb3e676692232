// A throwaway anvil node for the sandbox and proxy tests.
import { spawn } from 'node:child_process';
import { anvilBinary } from '../../src/chain/anvil-binary.ts';

export interface TestAnvil {
  url: string;
  port: number;
  stop(): void;
}

export function startTestAnvil(timeoutMs = 20_000): Promise<TestAnvil> {
  const child = spawn(anvilBinary(), ['--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stdout.resume(); // keep draining so anvil never blocks on a full pipe
      const port = Number(m[1]);
      resolve({ url: `http://127.0.0.1:${port}`, port, stop: () => void child.kill('SIGKILL') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited with code ${code}:\n${out}`));
    });
  });
}
