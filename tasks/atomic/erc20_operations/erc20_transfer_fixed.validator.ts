import type { PublicClient } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  succeeded,
  tokenDecimals,
  tokenUnits,
  transferSides,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_fixed'>;
type State = { agent: bigint; recipient: bigint };

/** The amount in the token's own decimals (18 on BSC; Base's USDC has 6), and how a detail prints it. */
const amount = async (chain: PublicClient, p: Params) => ({
  want: await tokenUnits(chain, p.token.address, p.amount),
  tol: { decimals: await tokenDecimals(chain, p.token.address), symbol: p.token.symbol },
});

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(15, 'call to the token contract succeeded'),
    callsFunction(15, 'transfer(address,uint256)'),
    {
      // The dominant check: tokens at the wrong address are lost, whatever else went right.
      name: 'recipient received exactly the amount',
      weight: 45,
      verify: async ({ chain, pre, post, params }) => {
        const { want, tol } = await amount(chain, params);
        return compareAmount('received', post.recipient - pre.recipient, want, tol);
      },
    },
    {
      name: 'sender balance fell by exactly the amount',
      weight: 25,
      verify: async ({ chain, pre, post, params }) => {
        const { want, tol } = await amount(chain, params);
        return compareAmount('sent', pre.agent - post.agent, want, tol);
      },
    },
  ],
});
