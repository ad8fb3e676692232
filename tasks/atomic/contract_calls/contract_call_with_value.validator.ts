import { parseAbi, parseEther } from 'viem';
import { callsFunction, compareAmount, defineValidator, nativeBalance, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'contract_call_with_value'>;
type State = { donated: bigint; total: bigint; balance: bigint };

const BOX = parseAbi(['function donations(address donor) view returns (uint256)', 'function totalDonations() view returns (uint256)']);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.box,
  observe: async ({ chain, params, agent }) => ({
    donated: await chain.readContract({ address: params.box, abi: BOX, functionName: 'donations', args: [agent] }),
    total: await chain.readContract({ address: params.box, abi: BOX, functionName: 'totalDonations' }),
    balance: await nativeBalance(chain, params.box),
  }),
  checks: [
    succeeded(10, 'call to the donation box succeeded'),
    callsFunction(15, 'donate()'),
    {
      name: "agent's recorded donations rose by exactly the amount",
      weight: 40,
      verify: ({ pre, post, params }) => compareAmount('donated', post.donated - pre.donated, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'contract BNB balance rose by exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('balance change', post.balance - pre.balance, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'total donations rose by exactly the amount',
      weight: 10,
      verify: ({ pre, post, params }) =>
        compareAmount('total change', post.total - pre.total, parseEther(params.amount), { symbol: 'BNB' }),
    },
  ],
});
