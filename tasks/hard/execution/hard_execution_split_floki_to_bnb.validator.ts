import { parseUnits } from 'viem';
import { approveAs, defineValidator, splitOrderValidator, type HardEnv, type SplitState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_split_floki_to_bnb'>;

const amountOf = (p: Params) => parseUnits(p.amount, 9);

// The sale side of FLOKI/WBNB's two V3 pools (1 %, the most liquidity; 0.25 %, a sixth of its value): for
// 4.5-6.4 M FLOKI (675-960 USD) the 1 % pool alone pays about 0.5 % less than the split, which puts 60-80 %
// of the order in the 0.25 % pool. The wallet holds 20 M FLOKI; the SwapRouter may spend exactly the order.
export default defineValidator<Params, SplitState, HardEnv>(
  splitOrderValidator<Params>({
    names: { sold: 'FLOKI', bought: 'BNB' },
    order: (p, env) => ({ token: env.FLOKI, side: 'sell', bnb: 'native', amount: amountOf(p), slippage: p.slippage }),
    setup: async ({ chain, params, env, agent }) => {
      await approveAs(chain, agent, env.FLOKI, env.v3_swap_router, amountOf(params));
    },
  }),
);
