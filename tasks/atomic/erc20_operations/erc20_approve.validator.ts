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
    succeeded(20, 'call to the token contract succeeded'),
    callsFunction(20, 'approve(address,uint256)'),
    {
      // Compared with the requested amount, not with whatever the calldata said.
      name: 'router allowance is exactly the requested amount',
      weight: 50,
      verify: ({ post, params }) => compareAmount('allowance', post.allowance, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    {
      name: 'no tokens moved',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('balance change', pre.balance - post.balance, 0n, { symbol: params.token.symbol }),
    },
  ],
});
