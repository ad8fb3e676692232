// A test file's hard-split chain session, through Vitest's hooks (kept apart from session.ts, which
// scripts outside Vitest import too).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { ChainSession } from '../../src/chain/session.ts';
import { platformFees } from '../../src/execution/send.ts';
import { openTestSession } from './session.ts';

/**
 * The hard split's chain session for a test file that measures how a contract behaves when simulated
 * and when mined: opened once, reset before each test, with the fees the platform sends with.
 */
export function useHardSession(): { readonly session: ChainSession; platformFeesNow(): Promise<ReturnType<typeof platformFees>> } {
  let t: Awaited<ReturnType<typeof openTestSession>> | undefined;
  beforeAll(async () => {
    t = await openTestSession('hard');
  }, 120_000);
  afterAll(async () => t?.close());
  beforeEach(async () => t!.session.reset());
  return {
    get session() {
      return t!.session;
    },
    /** The platform's fees for a transaction mined after the head block. */
    platformFeesNow: async () => platformFees((await t!.session.chain.public.getBlock()).baseFeePerGas ?? 0n),
  };
}
