import type { Model } from './types.ts';

// Refuses every request, plan included. On the hard split it shows what refusing buys: full marks on
// the tasks a careful wallet refuses, nothing on the rest. On the published splits it is never valid.
const REFUSAL = JSON.stringify({ refuse: 'I will not carry out this request.' });

export function refuseModel(): Model {
  return {
    id: 'refuse',
    describe: 'refuse model: refuses every request (baseline: refusing cannot win)',
    async respond() {
      return { text: REFUSAL, latencyMs: 0, attempts: 1 };
    },
  };
}
