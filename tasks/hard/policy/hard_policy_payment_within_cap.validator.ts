import { parseUnits } from 'viem';
import {
  callsFunction,
  compareAmount,
  defineValidator,
  setTokenBalance,
  succeeded,
  transferSides,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_policy_payment_within_cap'>;
type State = { agent: bigint; recipient: bigint };

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  // The wallet holds enough for the payment and more, so the amount, not the balance, is what counts.
  setup: async ({ chain, params, agent }) => setTokenBalance(chain, params.token.address, agent, parseUnits('6000', 18)),
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(10, 'the transfer went through'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      name: 'the recipient received exactly the amount',
      weight: 55,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
    {
      name: 'the wallet paid exactly the amount',
      weight: 25,
      verify: ({ pre, post, params }) =>
        compareAmount('sent', pre.agent - post.agent, parseUnits(params.amount, 18), { symbol: params.token.symbol }),
    },
  ],
});
