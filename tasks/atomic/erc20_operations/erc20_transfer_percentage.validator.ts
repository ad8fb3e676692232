import { parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, setTokenBalance, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_percentage'>;
type State = { agent: bigint; recipient: bigint };

/** The share of the balance before the request, rounded down to the base unit; 0.1 % covers float rounding in scripts. */
const share = (pre: State, p: Params) => (pre.agent * BigInt(p.percent)) / 100n;
const tol = (p: Params) => ({ rel: 0.001, symbol: p.token.symbol });

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  // An unguessable balance, so the share can only come from reading the chain.
  setup: async ({ chain, params, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, parseUnits(params.holding, 18));
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      name: 'recipient received the share',
      weight: 50,
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, share(pre, params), tol(params)),
    },
    {
      name: 'sender balance fell by the share',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('sent', pre.agent - post.agent, share(pre, params), tol(params)),
    },
  ],
});
