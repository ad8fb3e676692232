import type { PublicClient } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  setTokenBalance,
  succeeded,
  tokenDecimals,
  tokenUnits,
  transferSides,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_percentage'>;
type State = { agent: bigint; recipient: bigint };

/** The share of the balance before the request, rounded down to the base unit; 0.1 % covers float rounding in scripts. */
const share = (pre: State, p: Params) => (pre.agent * BigInt(p.percent)) / 100n;
const tol = async (chain: PublicClient, p: Params) => ({
  rel: 0.001,
  decimals: await tokenDecimals(chain, p.token.address),
  symbol: p.token.symbol,
});

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  // An unguessable balance (in the token's own decimals), so the share can only come from reading the chain.
  setup: async ({ chain, params, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, await tokenUnits(chain.public, params.token.address, params.holding));
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      name: 'recipient received the share',
      weight: 50,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, share(pre, params), await tol(chain, params)),
    },
    {
      name: 'sender balance fell by the share',
      weight: 30,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, share(pre, params), await tol(chain, params)),
    },
  ],
});
