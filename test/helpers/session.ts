import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { startAnvil, type RunningAnvil } from '../../src/chain/anvil.ts';
import { loadMirrorManifest, MIRROR_STATE } from '../../src/chain/mirror-files.ts';
import { ChainSession } from '../../src/chain/session.ts';

/** A worker-like chain session on its own anvil, started straight from the committed mirror. */
export async function openTestSession(): Promise<{ session: ChainSession; close(): Promise<void>; node(): RunningAnvil | undefined }> {
  let node: RunningAnvil | undefined;
  const session = await ChainSession.open({
    startNode: async () => {
      await node?.stop();
      node = await startAnvil({ chainId: 56, loadState: MIRROR_STATE });
      return node.url;
    },
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}` as Hex,
    manifest: loadMirrorManifest(),
  });
  return {
    session,
    node: () => node,
    async close() {
      await session.close();
      await node?.stop();
    },
  };
}
