import { parseUnits, type Address } from 'viem';
import { allowanceOf, balanceOf, callsFunction, compareAmount, defineValidator, succeeded } from 'evm-questbench/validators';

type Params = { token: { symbol: string; address: Address }; amount: string; spender: Address };
type State = { allowance: bigint; balance: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  observe: async ({ chain, params, agent }) => ({
    allowance: await allowanceOf(chain, params.token.address, agent, params.spender),
    balance: await balanceOf(chain, params.token.address, agent),
  }),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(20, 'increaseAllowance(address,uint256)'),
    {
      // Measured on chain against the requested amount; overwriting the allowance with the amount fails here.
      name: 'router allowance rose by exactly the amount',
      weight: 60,
      verify: ({ pre, post, params }) => compareAmount('allowance change', post.allowance - pre.allowance, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    {
      name: 'no tokens moved',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('balance change', pre.balance - post.balance, 0n, { symbol: params.token.symbol }),
    },
  ],
});
