import { compareAmount, defineValidator, gasCost, sendsValue, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'bnb_transfer_percentage'>;
type State = { agent: bigint; recipient: bigint };

/** The share is of the balance before the request, rounded down to the wei; 0.1 % covers float rounding in scripts. */
const share = (pre: State, p: Params) => (pre.agent * BigInt(p.percent)) / 100n;
const TOL = { rel: 0.001, symbol: 'BNB' };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.to,
  observe: ({ chain, params, agent }) => transferSides(chain, undefined, agent, params.to),
  checks: [
    succeeded(30, 'BNB transfer to the recipient succeeded'),
    sendsValue(30, ({ pre, params }) => share(pre, params), TOL),
    {
      name: 'recipient received the share',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('received', post.recipient - pre.recipient, share(pre, params), TOL),
    },
    {
      name: 'sender paid the share plus gas, nothing more',
      weight: 10,
      verify: (ctx) => compareAmount('spent', ctx.pre.agent - ctx.post.agent, (ctx.tx?.value ?? 0n) + gasCost(ctx), { symbol: 'BNB' }),
    },
  ],
});
