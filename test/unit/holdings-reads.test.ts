// The feedback's holdings are read by the harness for every session and, in the same process, by a
// wallet agent built on the project (the bench's): one reader's pending or failed read of a token's
// decimals must not become another's.
import type { Address, PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { readHoldings } from '../../src/composite/feedback.ts';

const agent = '0x00000000000000000000000000000000000000a1' as Address;
// A token only these tests use, so the module's cache starts without it.
const env = { agent, USDT: '0x00000000000000000000000000000000000000c7' as Address };

/** A reader whose decimals() call answers `decimals` (a promise, so it can wait or fail), and 5 of everything else. */
function reader(decimals: () => Promise<number>): PublicClient {
  return {
    getBalance: async () => 5n,
    readContract: ({ functionName }: { functionName: string }) => (functionName === 'decimals' ? decimals() : Promise.resolve(5n)),
  } as unknown as PublicClient;
}

describe('readHoldings', () => {
  it('does not wait on another reader whose decimals call is still in flight', async () => {
    const held = reader(() => new Promise<number>(() => {}));
    void readHoldings(held, env, agent);
    const other = await readHoldings(
      reader(async () => 6),
      env,
      agent,
    );
    expect(other.get('USDT')).toEqual({ amount: 5n, decimals: 6 });
  });

  it('does not keep a failed read as 18 decimals for later readers', async () => {
    const env2 = { agent, USDT: '0x00000000000000000000000000000000000000c8' as Address };
    const failed = await readHoldings(
      reader(() => Promise.reject(new Error('timed out'))),
      env2,
      agent,
    );
    expect(failed.get('USDT')?.decimals).toBe(18);
    const later = await readHoldings(
      reader(async () => 6),
      env2,
      agent,
    );
    expect(later.get('USDT')?.decimals).toBe(6);
  });
});
