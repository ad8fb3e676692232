import { parseEther } from 'viem';
import { balanceOf, compareAmount, defineValidator, gasCost, nativeBalance, sendsValue, succeeded } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'bnb_transfer_to_contract'>;
type State = { wbnb: bigint; contractBnb: bigint; agentBnb: bigint };

const amount = (p: Params) => parseEther(p.amount);

export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.WBNB,
  observe: async ({ chain, env, agent }) => ({
    wbnb: await balanceOf(chain, env.WBNB, agent),
    contractBnb: await nativeBalance(chain, env.WBNB),
    agentBnb: await nativeBalance(chain, agent),
  }),
  checks: [
    succeeded(10, 'transfer to the WBNB contract succeeded'),
    sendsValue(20, ({ params }) => amount(params)),
    {
      name: "WBNB contract's BNB balance grew by the amount",
      weight: 30,
      verify: ({ pre, post, params }) =>
        compareAmount('contract gained', post.contractBnb - pre.contractBnb, amount(params), { symbol: 'BNB' }),
    },
    {
      // WBNB's receive() wraps what it is sent, so the agent is credited the same amount.
      name: 'agent was credited the amount in WBNB',
      weight: 30,
      verify: ({ pre, post, params }) => compareAmount('WBNB gained', post.wbnb - pre.wbnb, amount(params), { symbol: 'WBNB' }),
    },
    {
      name: 'agent paid the amount plus gas, nothing more',
      weight: 10,
      verify: (ctx) => compareAmount('spent', ctx.pre.agentBnb - ctx.post.agentBnb, amount(ctx.params) + gasCost(ctx), { symbol: 'BNB' }),
    },
  ],
});
