import { parseEther } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, gasCost, nativeBalance, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'wbnb_withdraw'>;
type State = { wbnb: bigint; bnb: bigint };

const amount = (p: Params) => parseEther(p.amount);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.WBNB,
  observe: async ({ chain, env, agent }) => ({
    wbnb: await balanceOf(chain, env.WBNB, agent),
    bnb: await nativeBalance(chain, agent),
  }),
  checks: [
    succeeded(10, 'call to the WBNB contract succeeded'),
    callsFunction(10, 'withdraw(uint256)'),
    {
      name: 'WBNB balance fell by exactly the amount',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('WBNB unwrapped', pre.wbnb - post.wbnb, amount(params), { symbol: 'WBNB' }),
    },
    {
      name: 'BNB balance grew by the amount minus gas',
      weight: 35,
      // post - pre + gas is what the unwrap paid out; exact, since WBNB redeems 1:1.
      verify: (ctx) => compareAmount('BNB received', ctx.post.bnb - ctx.pre.bnb + gasCost(ctx), amount(ctx.params), { symbol: 'BNB' }),
    },
  ],
});
