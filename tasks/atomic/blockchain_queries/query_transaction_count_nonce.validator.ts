import { answerIsUint, defineValidator, reportsUint } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'query_transaction_count_nonce'>;
type State = { count: number };

export default defineValidator<Params, State>({
  kind: 'query',
  // A random address with a random nonce: zero (the default for an unused address) is never right.
  setup: async ({ chain, params }) => {
    await chain.test.setNonce({ address: params.address, nonce: params.nonce });
  },
  observe: async ({ chain, params }) => ({ count: await chain.getTransactionCount({ address: params.address, blockTag: 'latest' }) }),
  checks: [
    answerIsUint('answer is a whole number', 20),
    reportsUint('answer equals the on-chain transaction count', 80, {
      compare: (v, { post }) => ({ pass: v === BigInt(post.count), detail: `answered ${v}, transaction count is ${post.count}` }),
    }),
  ],
});
