import { parseAbi, parseEther } from 'viem';
import { compareAmount, defineValidator, nativeBalance, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'contract_payable_fallback'>;
type State = { count: bigint; total: bigint; balance: bigint };

const SINK = parseAbi(['function received() view returns (uint256)', 'function totalReceived() view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.receiver,
  observe: async ({ chain, params }) => ({
    count: await chain.readContract({ address: params.receiver, abi: SINK, functionName: 'received' }),
    total: await chain.readContract({ address: params.receiver, abi: SINK, functionName: 'totalReceived' }),
    balance: await nativeBalance(chain, params.receiver),
  }),
  checks: [
    succeeded(10, 'payment to the contract succeeded'),
    {
      name: 'calldata is empty',
      weight: 15,
      verify: ({ tx }) => ({ pass: (tx?.data ?? '0x') === '0x', detail: `data ${(tx?.data ?? '0x').slice(0, 20)}` }),
    },
    {
      name: 'contract recorded exactly one payment',
      weight: 15,
      verify: ({ pre, post }) => ({ pass: post.count === pre.count + 1n, detail: `received ${pre.count} → ${post.count}` }),
    },
    {
      name: 'contract booked exactly the amount',
      weight: 35,
      verify: ({ pre, post, params }) => compareAmount('booked', post.total - pre.total, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'contract BNB balance rose by exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('balance change', post.balance - pre.balance, parseEther(params.amount), { symbol: 'BNB' }),
    },
  ],
});
