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

type Params = TaskParams<'erc20_approve'>;
type State = { allowance: bigint; balance: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  observe: ({ chain, params, agent }) => allowanceAndBalance(chain, params.token.address, agent, params.spender),
  checks: [
    succeeded(20, 'call to the token contract succeeded'),
    callsFunction(20, 'approve(address,uint256)'),
    {
      // Compared with the requested amount (in the token's own decimals), not with whatever the calldata said.
      name: 'router allowance is exactly the requested amount',
      weight: 50,
      verify: async ({ chain, post, params }) =>
        compareAmount('allowance', post.allowance, await tokenUnits(chain, params.token.address, params.amount), {
          decimals: await tokenDecimals(chain, params.token.address),
          symbol: params.token.symbol,
        }),
    },
    noTokensMoved(10, (p) => p.token.symbol),
  ],
});
