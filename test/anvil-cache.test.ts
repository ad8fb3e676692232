// Anvil keeps older block states in a cache folder it removes only on a clean shutdown; the harness
// kills its nodes, so each node must get a folder of its own that goes away with it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, vi } from 'vitest';
import { startAnvil } from '../src/chain/anvil.ts';

const cacheOf = (pid: number): string => {
  // /proc where there is one (slim Linux images have no ps), ps elsewhere.
  const proc = `/proc/${pid}/cmdline`;
  const argv = existsSync(proc)
    ? readFileSync(proc, 'utf8').split('\0')
    : execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
  const at = argv.indexOf('--cache-path');
  expect(at).toBeGreaterThan(0);
  return argv[at + 1]!;
};

test('each node has its own state cache, removed when it is stopped or crashes', async () => {
  const a = await startAnvil();
  const b = await startAnvil();
  const [ca, cb] = [cacheOf(a.pid), cacheOf(b.pid)];
  expect(ca).not.toBe(cb);
  expect(existsSync(ca) && existsSync(cb)).toBe(true);
  await a.stop();
  expect(existsSync(ca)).toBe(false);
  // A crash (the node dies without the harness asking) cleans up too.
  process.kill(b.pid, 'SIGKILL');
  await vi.waitFor(() => expect(existsSync(cb)).toBe(false), { timeout: 5_000 });
  await b.stop();
});
