import { typescriptFence } from './fence.ts';
import type { Model } from './types.ts';

// A zero-value transfer to the agent itself: valid on every chain state, changes nothing,
// so it gives the floor score of each task.
const NOOP_SCRIPT = `export async function executeSkill(providerUrl: string, agentAddress: string) {
  return { to: agentAddress, value: "0" };
}`;

export function nullModel(): Model {
  const text = typescriptFence(NOOP_SCRIPT);
  return {
    id: 'null',
    describe: 'null model: always answers with a zero-value self-transfer (baseline)',
    async respond() {
      return { text, latencyMs: 0, attempts: 1 };
    },
  };
}
