import {
  allowanceAndBalance,
  callsFunction,
  compareAmount,
  defineValidator,
  noTokensMoved,
  succeeded,
  tokenDecimals,
  tokenUnits,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_decrease_allowance'>;
type State = { allowance: bigint; balance: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  observe: ({ chain, params, agent }) => allowanceAndBalance(chain, params.token.address, agent, params.spender),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(20, 'decreaseAllowance(address,uint256)'),
    {
      // Measured on chain against the requested amount (in the token's own decimals); overwriting the allowance with the amount fails here.
      name: 'router allowance fell by exactly the amount',
      weight: 60,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('allowance change', pre.allowance - post.allowance, await tokenUnits(chain, params.token.address, params.amount), {
          decimals: await tokenDecimals(chain, params.token.address),
          symbol: params.token.symbol,
        }),
    },
    noTokensMoved(10, (p) => p.token.symbol),
  ],
});
