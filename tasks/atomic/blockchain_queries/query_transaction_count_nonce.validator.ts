import type { Address } from 'viem';
import { defineValidator, parseUintAnswer } from 'evm-questbench/validators';

type Params = { address: Address; nonce: number };
type State = { count: number };

export default defineValidator<Params, State>({
  kind: 'query',
  // A random address with a random nonce: zero (the default for an unused address) is never right.
  setup: async ({ chain, params }) => {
    await chain.test.setNonce({ address: params.address, nonce: params.nonce });
  },
  observe: async ({ chain, params }) => ({ count: await chain.getTransactionCount({ address: params.address, blockTag: 'latest' }) }),
  checks: [
    {
      name: 'answer is a whole number',
      weight: 20,
      verify: ({ answer }) => {
        const a = parseUintAnswer(answer);
        return 'error' in a ? { pass: false, detail: a.error } : { pass: true, detail: `answered ${a.value}` };
      },
    },
    {
      name: 'answer equals the on-chain transaction count',
      weight: 80,
      verify: ({ answer, post }) => {
        const a = parseUintAnswer(answer);
        if ('error' in a) return { pass: false, detail: a.error };
        return { pass: a.value === BigInt(post.count), detail: `answered ${a.value}, transaction count is ${post.count}` };
      },
    },
  ],
});
