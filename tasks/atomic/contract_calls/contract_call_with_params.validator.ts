import { parseAbi, type Address } from 'viem';
import { callsFunction, defineValidator, sameAddress, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'contract_call_with_params'>;
type State = { message: string; lastSender: Address; updates: bigint };

const BOARD = parseAbi([
  'function message() view returns (string)',
  'function lastSender() view returns (address)',
  'function updates() view returns (uint256)',
]);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.board,
  observe: async ({ chain, params }) => ({
    message: await chain.readContract({ address: params.board, abi: BOARD, functionName: 'message' }),
    lastSender: await chain.readContract({ address: params.board, abi: BOARD, functionName: 'lastSender' }),
    updates: await chain.readContract({ address: params.board, abi: BOARD, functionName: 'updates' }),
  }),
  checks: [
    succeeded(10, 'call to the message board succeeded'),
    callsFunction(15, 'setMessage(string)'),
    {
      // Exact: no added quotes, no trimming, no change of case.
      name: 'message is exactly the requested text',
      weight: 50,
      verify: ({ post, params }) => ({
        pass: post.message === params.message,
        detail: `message ${JSON.stringify(post.message.slice(0, 120))}`,
      }),
    },
    {
      name: 'the agent is the last sender',
      weight: 15,
      verify: ({ post, agent }) => ({ pass: sameAddress(post.lastSender, agent), detail: `lastSender ${post.lastSender}` }),
    },
    {
      name: 'one update recorded',
      weight: 10,
      verify: ({ pre, post }) => ({ pass: post.updates === pre.updates + 1n, detail: `updates ${pre.updates} → ${post.updates}` }),
    },
  ],
});
