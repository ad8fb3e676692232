import { parseAbi } from 'viem';
import { callsFunction, defineValidator, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'contract_call_simple'>;
type State = { count: bigint };

const COUNTER = parseAbi(['function count() view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.counter,
  observe: async ({ chain, params }) => ({
    count: await chain.readContract({ address: params.counter, abi: COUNTER, functionName: 'count' }),
  }),
  checks: [
    succeeded(20, 'call to the counter succeeded'),
    callsFunction(20, 'increment()'),
    {
      name: 'count rose by exactly one',
      weight: 60,
      verify: ({ pre, post }) => ({ pass: post.count === pre.count + 1n, detail: `count ${pre.count} → ${post.count}` }),
    },
  ],
});
