import { parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_fixed'>;
type State = { agent: bigint; recipient: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

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
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, amount(params), { symbol: params.token.symbol }),
    },
    {
      name: 'sender balance fell by exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) => compareAmount('sent', pre.agent - post.agent, amount(params), { symbol: params.token.symbol }),
    },
  ],
});
