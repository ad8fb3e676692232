import { describe, expect, test } from 'vitest';
import type { ChainSession } from '../../src/chain/session.ts';
import { SessionPool } from '../../src/chain/session-pool.ts';

const fake = (slot: number) => ({ slot, close: async () => {} }) as unknown as ChainSession & { slot: number };

describe('session pool', () => {
  test('opens sessions up to its size, then hands released ones to waiting instances', async () => {
    const opened: number[] = [];
    const pool = new SessionPool(async (slot) => (opened.push(slot), fake(slot)), 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    const third = pool.acquire();
    pool.release(a);
    expect(await third).toBe(a);
    pool.release(b);
    expect(await pool.acquire()).toBe(b);
    expect(opened).toEqual([1, 2]);
  });

  test('an instance waiting for a slot is not left waiting when the open holding that slot fails', async () => {
    let opens = 0;
    const pool = new SessionPool(async (slot) => {
      await new Promise((r) => setTimeout(r, 10));
      if (opens++ === 0) throw new Error(`anvil for slot ${slot} did not start`);
      return fake(slot);
    }, 1);
    const first = pool.acquire();
    const waiting = pool.acquire(); // at the limit: waits for the first slot
    await expect(first).rejects.toThrow('anvil for slot 1 did not start');
    const s = (await waiting) as ChainSession & { slot: number };
    // The same slot, so its node is restarted rather than a second one started beside it.
    expect(s.slot).toBe(1);
    expect(pool.size).toBe(1);
  });

  test('a waiting instance gets the error when its own open fails too', async () => {
    const pool = new SessionPool(async (slot) => {
      await new Promise((r) => setTimeout(r, 5));
      throw new Error(`anvil for slot ${slot} did not start`);
    }, 1);
    const first = pool.acquire();
    const waiting = pool.acquire();
    await expect(first).rejects.toThrow('did not start');
    await expect(waiting).rejects.toThrow('did not start');
    expect(pool.size).toBe(0);
  });

  test('an open that stalls past its deadline fails its caller; the session serves the next instance when it comes', async () => {
    let finish: (() => void) | undefined;
    const pool = new SessionPool((slot) => new Promise<ChainSession>((resolve) => (finish = () => resolve(fake(slot)))), 1, 20);
    await expect(pool.acquire()).rejects.toThrow(/opening a chain session did not finish within/);
    const next = pool.acquire();
    finish!();
    expect(((await next) as ChainSession & { slot: number }).slot).toBe(1);
  });

  test('a discarded session is retired and its slot opened afresh, under the same number', async () => {
    const opened: number[] = [];
    const retired: number[] = [];
    const pool = new SessionPool(async (slot) => (opened.push(slot), Object.assign(fake(slot), { retire: () => retired.push(slot) })), 1);
    const a = await pool.acquire();
    const waiting = pool.acquire();
    pool.discard(a);
    const b = (await waiting) as ChainSession & { slot: number };
    expect(b).not.toBe(a);
    expect(b.slot).toBe(1);
    expect(opened).toEqual([1, 1]);
    expect(retired).toEqual([1]);
    // A discarded session handed back later is not reused.
    pool.release(a);
    pool.release(b);
    expect(await pool.acquire()).toBe(b);
  });
});
