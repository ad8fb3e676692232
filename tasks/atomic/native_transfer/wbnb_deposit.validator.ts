import { parseEther } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, sendsValue, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'wbnb_deposit'>;
type State = { wbnb: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.WBNB,
  observe: async ({ chain, env, agent }) => ({ wbnb: await balanceOf(chain, env.WBNB, agent) }),
  checks: [
    succeeded(25, 'deposit into WBNB succeeded'),
    callsFunction(20, 'deposit()'),
    sendsValue(25, ({ params }) => parseEther(params.amount)),
    {
      name: 'WBNB balance grew by the amount',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('WBNB gained', post.wbnb - pre.wbnb, parseEther(params.amount), { symbol: 'WBNB' }),
    },
  ],
});
