// A worker's executor always ends an instance it runs: whatever the run throws, and whatever record the
// control endpoint refuses, the dispatcher gets a record and the slot is free again.
import { afterEach, describe, expect, test } from 'vitest';
import { minimalRecord } from '../../src/instance/record.ts';
import { startControlServer, type ControlServer } from '../../src/plugin/control.ts';
import { Dispatcher, dispatcherHandlers } from '../../src/plugin/dispatcher.ts';
import { InstanceExecutor, type RunnableInstance } from '../../src/plugin/executor.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import type { Task } from '../../src/instance/task.ts';

const task = (id: string) =>
  ({
    id,
    split: 'atomic',
    file: `/t/${id}.json`,
    spec: { subcategory: 'sub' },
    validator: { checks: [{ name: 'c', weight: 100 }] },
  }) as unknown as Task;
const fallback = (item: RunnableInstance, e: unknown) =>
  minimalRecord({
    task: item.task,
    round: item.round,
    runSeed: 1,
    rounds: 1,
    model: 'm',
    error: `harness failure: ${(e as Error).message}`,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 0 },
  });

let server: ControlServer | undefined;
afterEach(async () => server?.close());

async function setUp(run: (item: RunnableInstance) => Promise<InstanceRecord>) {
  const dispatcher = new Dispatcher(1);
  server = await startControlServer(dispatcherHandlers(dispatcher, { pool: () => Promise.reject(new Error('no nodes here')) }));
  // No background slots: the tests' own claims are all there is.
  const executor = new InstanceExecutor({ controlUrl: server.url, worker: 'w', slots: 0, run, fallback });
  return { dispatcher, executor };
}

describe('InstanceExecutor', () => {
  test('a run that throws ends as the fallback record, and the slot is free for the next instance', async () => {
    const { dispatcher, executor } = await setUp(async (item) => {
      if (item.task.id === 'a') throw new Error('sessions of this chain cannot open');
      return fallback(item, new Error('fine'));
    });
    const rec = await executor.play({ task: task('a'), round: 1 });
    expect(rec).toMatchObject({ taskId: 'a', outcome: 'infra', error: 'harness failure: sessions of this chain cannot open' });
    expect(dispatcher.inFlight).toBe(0);
    // At concurrency 1 the next instance still runs (it waited forever before).
    expect((await executor.play({ task: task('b'), round: 1 })).taskId).toBe('b');
    dispatcher.close();
  });

  test('a record the endpoint refuses is replaced by the minimal one, which frees the slot', async () => {
    const { dispatcher, executor } = await setUp(async () => ({ taskId: 'a', score: 'not a number' }) as unknown as InstanceRecord);
    const rec = await executor.play({ task: task('a'), round: 1 });
    expect(rec.outcome).toBe('infra');
    expect(rec.error).toMatch(/its record was refused: control done: bad done request/);
    expect(dispatcher.inFlight).toBe(0);
    dispatcher.close();
  });
});
