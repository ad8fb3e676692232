import { parseUnits } from 'viem';
import { balanceOf, callsFunction, compareAmount, defineValidator, succeeded, totalSupplyOf } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'erc20_burn'>;
type State = { agent: bigint; supply: bigint };

const amount = (p: Params) => parseUnits(p.amount, 18);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ params }) => params.token,
  observe: async ({ chain, params, agent }) => ({
    agent: await balanceOf(chain, params.token, agent),
    supply: await totalSupplyOf(chain, params.token),
  }),
  checks: [
    succeeded(10, 'call to the QST contract succeeded'),
    callsFunction(15, 'burn(uint256)'),
    {
      // Only a real burn shrinks the supply; sending to a "dead" address leaves it unchanged.
      name: 'total supply fell by exactly the amount',
      weight: 40,
      verify: ({ pre, post, params }) => compareAmount('supply change', pre.supply - post.supply, amount(params), { symbol: 'QST' }),
    },
    {
      name: 'agent balance fell by exactly the amount',
      weight: 35,
      verify: ({ pre, post, params }) => compareAmount('balance change', pre.agent - post.agent, amount(params), { symbol: 'QST' }),
    },
  ],
});
