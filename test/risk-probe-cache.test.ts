// Every session of a profile starts from the same state, so the contracts of its address map are probed
// once per worker, not once per session: a second discovery over an equal map reads only the code.
import { createPublicClient, custom, type PublicClient } from 'viem';
import { expect, test } from 'vitest';
import { discoverRiskAssets } from '../src/risk/index.ts';
import { useHardSession } from './helpers/hard-session.ts';

const t = useHardSession();

/** A client over the session's node that counts the JSON-RPC methods it is asked. */
function countingClient(request: (method: string, params?: unknown[]) => Promise<unknown>) {
  const counts = new Map<string, number>();
  const client = createPublicClient({
    transport: custom({
      request: ({ method, params }: { method: string; params?: unknown[] }) => {
        counts.set(method, (counts.get(method) ?? 0) + 1);
        return request(method, params);
      },
    }),
  }) as PublicClient;
  return { client, calls: (m: string) => counts.get(m) ?? 0 };
}

test("a map's contracts are probed once: an equal map reads their code only, and gets the same assets", async () => {
  const { chain, env } = t.session;
  // A map of its own contents, so no cache of an earlier test of this worker answers it.
  const map = { ...env, PROBE_CACHE_TEST: env.CAKE };
  const first = countingClient(chain.request);
  const a = await discoverRiskAssets(first.client, map);
  expect(first.calls('eth_call')).toBeGreaterThan(100);

  const second = countingClient(chain.request);
  const b = await discoverRiskAssets(second.client, { ...map });
  expect(second.calls('eth_call')).toBe(0);
  expect(second.calls('eth_getCode')).toBe(first.calls('eth_getCode'));
  expect(b.tokens).toEqual(a.tokens);
  expect(b.labels).toEqual(a.labels);
  expect(b.positions.map((p) => p.address)).toEqual(a.positions.map((p) => p.address));

  // Another map (another profile, a task's own keys) is probed afresh.
  const third = countingClient(chain.request);
  await discoverRiskAssets(third.client, { ...map, PROBE_CACHE_OTHER: env.WBNB });
  expect(third.calls('eth_call')).toBeGreaterThan(100);
});
