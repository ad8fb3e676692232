import { parseUnits } from 'viem';
import { callsFunction, compareAmount, defineValidator, setTokenBalance, succeeded, transferSides } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_transfer_max_amount'>;
type State = { agent: bigint; recipient: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  // A balance down to the last wei that nobody can guess: "all" has to be read from the chain.
  setup: async ({ chain, params, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, parseUnits(params.holding, 18));
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      // One part in a million forgives float round-trips of the balance; a fraction of it does not pass.
      name: 'recipient received the whole balance',
      weight: 50,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, pre.agent, { rel: 0.000001, symbol: params.token.symbol }),
    },
    {
      name: 'nothing is left in the wallet',
      weight: 30,
      verify: ({ post, params }) => compareAmount('left', post.agent, 0n, { symbol: params.token.symbol }),
    },
  ],
});
