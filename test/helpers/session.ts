import { randomBytes } from 'node:crypto';
import type { Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { startAnvil, type RunningAnvil } from '../../src/chain/anvil.ts';
import { stateFiles, stateSessionOptions, type ChainState } from '../../src/chain/chain-states.ts';
import { ChainSession } from '../../src/chain/session.ts';

/**
 * A worker-like chain session on its own anvil, started straight from a state's committed state (the
 * published splits' BSC mirror by default, the hard split's, or the Base mirror) and provisioned at boot.
 */
export async function openTestSession(
  state: ChainState = 'mirror',
): Promise<{ session: ChainSession; close(): Promise<void>; node(): RunningAnvil | undefined }> {
  let node: RunningAnvil | undefined;
  const source = stateFiles(state);
  const session = await ChainSession.open({
    startNode: async () => {
      await node?.stop();
      node = await startAnvil({ chainId: source.manifest.chainId, loadState: source.state });
      return node.url;
    },
    agentKey: generatePrivateKey(),
    marker: `0x${randomBytes(32).toString('hex')}` as Hex,
    manifest: source.manifest,
    ...stateSessionOptions(state, source.manifest),
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
