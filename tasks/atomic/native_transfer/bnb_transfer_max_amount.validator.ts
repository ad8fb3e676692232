import { parseEther } from 'viem';
import { compareAmount, defineValidator, gasCost, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'bnb_transfer_max_amount'>;
type State = { agent: bigint; recipient: bigint };

/** What may stay behind: fee-estimate slack (e.g. an EIP-1559 max fee above the price paid), not a deliberate reserve. */
const DUST = parseEther('0.0001');

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.to,
  observe: ({ chain, params, agent }) => transferSides(chain, undefined, agent, params.to),
  checks: [
    succeeded(10, 'BNB transfer to the recipient succeeded'),
    {
      // Expectation from the balance before and the gas actually paid, never from the tx's own value.
      name: 'recipient received the whole balance minus the gas',
      weight: 55,
      verify: (ctx) =>
        compareAmount('received', ctx.post.recipient - ctx.pre.recipient, ctx.pre.agent - gasCost(ctx), { abs: DUST, symbol: 'BNB' }),
    },
    {
      name: 'agent is left with dust under 0.0001 BNB',
      weight: 35,
      verify: ({ post }) => ({
        pass: post.agent < DUST,
        detail: `agent holds ${post.agent} wei${post.agent < DUST ? '' : ` (limit ${DUST - 1n})`}`,
      }),
    },
  ],
});
