import { parseUnits } from 'viem';
import { allowanceOf, balanceOf, callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transferfrom_basic'>;
type State = { owner: bigint; recipient: bigint; allowance: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.USDT,
  // Everything is read at the requested addresses, never at addresses taken from the calldata.
  observe: async ({ chain, params, env, agent }) => ({
    owner: await balanceOf(chain, env.USDT, params.from),
    recipient: await balanceOf(chain, env.USDT, params.to),
    allowance: await allowanceOf(chain, env.USDT, params.from, agent),
  }),
  checks: [
    succeeded(10, 'call to the USDT contract succeeded'),
    callsFunction(15, 'transferFrom(address,address,uint256)'),
    {
      name: 'recipient received exactly the amount',
      weight: 45,
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, amount(params), { symbol: 'USDT' }),
    },
    {
      name: "owner's balance fell by exactly the amount",
      weight: 15,
      verify: ({ pre, post, params }) => compareAmount('sent', pre.owner - post.owner, amount(params), { symbol: 'USDT' }),
    },
    {
      name: 'allowance to the agent fell by exactly the amount',
      weight: 15,
      verify: ({ pre, post, params }) =>
        compareAmount('allowance used', pre.allowance - post.allowance, amount(params), { symbol: 'USDT' }),
    },
  ],
});
