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
    const pool = new SessionPool(async (slot) => {
      await new Promise((r) => setTimeout(r, 10));
      if (slot === 1) throw new Error(`anvil for slot ${slot} did not start`);
      return fake(slot);
    }, 1);
    const first = pool.acquire();
    const waiting = pool.acquire(); // at the limit: waits for the first slot
    await expect(first).rejects.toThrow('anvil for slot 1 did not start');
    const s = (await waiting) as ChainSession & { slot: number };
    expect(s.slot).toBe(2);
    expect(pool.size).toBe(1);
  });

  test('a waiting instance gets the error when its own open fails too', async () => {
    const pool = new SessionPool(async (slot) => {
      await new Promise((r) => setTimeout(r, 5));
      throw new Error(`anvil for slot ${slot} did not start`);
    }, 1);
    const first = pool.acquire();
    const waiting = pool.acquire();
    await expect(first).rejects.toThrow('slot 1');
    await expect(waiting).rejects.toThrow('slot 2');
  });
});
