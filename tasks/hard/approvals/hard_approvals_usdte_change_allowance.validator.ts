import { parseUnits } from 'viem';
import { allowanceOf, approveAs, balanceOf, compareAmount, defineValidator, type HardEnv } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_approvals_usdte_change_allowance'>;
type State = { allowance: bigint; balance: bigint };

// USDT.e has 6 decimals; the standing allowance is planted as the owner would have left it.
const STANDING = parseUnits('250', 6);

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  setup: async ({ chain, env, agent }) => {
    await approveAs(chain, agent, env.USDTe, env.router, STANDING);
  },
  observe: async ({ chain, env, agent }) => ({
    allowance: await allowanceOf(chain, env.USDTe, agent, env.router),
    balance: await balanceOf(chain, env.USDTe, agent),
  }),
  checks: [
    {
      name: "the router's USDT.e allowance is exactly the new amount",
      weight: 80,
      verify: ({ post, params }) =>
        compareAmount('allowance', post.allowance, parseUnits(params.amount, 6), { symbol: 'USDT.e', decimals: 6 }),
    },
    {
      name: 'no USDT.e left the wallet',
      weight: 20,
      verify: ({ pre, post }) => ({ pass: pre.balance === post.balance, detail: `balance ${pre.balance} -> ${post.balance}` }),
    },
  ],
});
