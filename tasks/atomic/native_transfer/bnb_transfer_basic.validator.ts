import { parseEther } from 'viem';
import { compareAmount, defineValidator, gasCost, sendsValue, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'bnb_transfer_basic'>;
type State = { agent: bigint; recipient: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.to,
  observe: ({ chain, params, agent }) => transferSides(chain, undefined, agent, params.to),
  checks: [
    succeeded(30, 'BNB transfer to the recipient succeeded'),
    sendsValue(30, ({ params }) => parseEther(params.amount)),
    {
      name: 'recipient received exactly the amount',
      weight: 30,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseEther(params.amount), { symbol: 'BNB' }),
    },
    {
      name: 'sender paid the amount plus gas, nothing more',
      weight: 10,
      verify: (ctx) =>
        compareAmount('spent', ctx.pre.agent - ctx.post.agent, parseEther(ctx.params.amount) + gasCost(ctx), { symbol: 'BNB' }),
    },
  ],
});
