// A test file's hard-split chain session, through Vitest's hooks (kept apart from session.ts, which
// scripts outside Vitest import too).
import { createPublicClient, http, type PublicClient } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { ChainSession } from '../../src/chain/session.ts';
import { platformFees } from '../../src/execution/send.ts';
import { startReadOnlyProxy, type ReadOnlyProxy } from '../../src/sandbox/rpc-proxy.ts';
import { openTestSession } from './session.ts';

export interface HardSession {
  readonly session: ChainSession;
  /** The platform's fees for a transaction mined after the head block. */
  platformFeesNow(): Promise<ReturnType<typeof platformFees>>;
}

export interface HardProxySession extends HardSession {
  /** A public client on this test's read-only proxy: reads and simulations as a script makes them. */
  readonly proxyClient: PublicClient;
}

/**
 * The hard split's chain session for a test file that measures how a contract behaves when simulated
 * and when mined: opened once, reset before each test, with the fees the platform sends with.
 */
export function useHardSession(): HardSession {
  return hardSessionHooks(false);
}

/**
 * useHardSession, plus a fresh read-only proxy for each test, started after the reset (the node may
 * restart on reset, so the proxy must front whichever node is current) and closed after the test.
 */
export function useHardProxySession(): HardProxySession {
  return hardSessionHooks(true);
}

function hardSessionHooks(withProxy: boolean): HardProxySession {
  let t: Awaited<ReturnType<typeof openTestSession>> | undefined;
  let proxy: { server: ReadOnlyProxy; client: PublicClient } | undefined;
  const closeProxy = async () => {
    const open = proxy;
    proxy = undefined;
    await open?.server.close();
  };
  beforeAll(async () => {
    t = await openTestSession('hard');
  }, 120_000);
  afterAll(async () => {
    await closeProxy();
    await t?.close();
  });
  // One hook for reset and proxy, so the proxy never starts before the reset it depends on.
  beforeEach(async () => {
    await t!.session.reset();
    if (!withProxy) return;
    const server = await startReadOnlyProxy(t!.session.chain.url);
    proxy = { server, client: createPublicClient({ transport: http(server.url) }) };
  });
  if (withProxy) afterEach(closeProxy);
  const current = () => {
    if (!proxy) throw new Error('the read-only proxy runs only inside a test');
    return proxy;
  };
  return {
    get session() {
      return t!.session;
    },
    platformFeesNow: async () => platformFees((await t!.session.chain.public.getBlock()).baseFeePerGas ?? 0n),
    get proxyClient() {
      return current().client;
    },
  };
}
