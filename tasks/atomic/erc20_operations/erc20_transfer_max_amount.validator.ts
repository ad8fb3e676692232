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

type Params = TaskParams<'erc20_transfer_max_amount'>;
type State = { agent: bigint; recipient: bigint };

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token.address,
  // A balance down to the last base unit that nobody can guess: "all" has to be read from the chain.
  // In the token's own decimals (a 6-decimal token's holding is the drawn one rounded to 6 places).
  setup: async ({ chain, params, agent }) => {
    await setTokenBalance(chain, params.token.address, agent, await tokenUnits(chain.public, params.token.address, params.holding));
  },
  observe: ({ chain, params, agent }) => transferSides(chain, params.token.address, agent, params.to),
  checks: [
    succeeded(10, 'call to the token contract succeeded'),
    callsFunction(10, 'transfer(address,uint256)'),
    {
      // One part in a million forgives float round-trips of the balance; a fraction of it does not pass.
      name: 'recipient received the whole balance',
      weight: 50,
      verify: async ({ chain, pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, pre.agent, {
          rel: 0.000001,
          decimals: await tokenDecimals(chain, params.token.address),
          symbol: params.token.symbol,
        }),
    },
    {
      name: 'nothing is left in the wallet',
      weight: 30,
      verify: async ({ chain, post, params }) =>
        compareAmount('left', post.agent, 0n, { decimals: await tokenDecimals(chain, params.token.address), symbol: params.token.symbol }),
    },
  ],
});
