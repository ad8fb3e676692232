import { parseEther } from 'viem';
import { defineValidator, splitOrderValidator, type HardEnv, type SplitState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_split_bnb_to_floki'>;

// FLOKI/WBNB has two V3 pools: 250k USD at 1 % over 0.3-3× the price (the most liquidity) and 40k USD at
// 0.25 % within 0.7-1.4×. For 1.2-1.6 BNB the 1 % pool alone pays about 0.5 % less than the split, which
// puts 65-80 % of the order in the 0.25 % pool; that pool alone is 0.05-0.15 % short of the split.
export default defineValidator<Params, SplitState, HardEnv>(
  splitOrderValidator<Params>({
    names: { sold: 'BNB', bought: 'FLOKI' },
    order: (p, env) => ({ token: env.FLOKI, side: 'buy', bnb: 'native', amount: parseEther(p.amount), slippage: p.slippage }),
  }),
);
