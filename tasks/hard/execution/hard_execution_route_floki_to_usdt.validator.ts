import { parseUnits } from 'viem';
import { defineValidator, routeValidator, type HardEnv, type RouteState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_route_floki_to_usdt'>;

// The sale side of FLOKI's tiers: its V3 pools are both against WBNB, 250k USD at 1 % (the most liquidity)
// and 40k USD at 0.25 % within 0.7-1.4× the price. Paying 150-900 USDT out through the 0.25 % pool and then
// WBNB/USDT at 100 costs 0.35-0.7 % less FLOKI than through the deepest pool of each hop.
export default defineValidator<Params, RouteState, HardEnv>(
  routeValidator<Params>({
    names: { paid: 'FLOKI', bought: 'USDT' },
    order: (p, env) => ({ tokenIn: env.FLOKI, tokenOut: env.USDT, amountOut: parseUnits(p.amount, 18), slippage: p.slippage }),
    wallet: () => parseUnits('8000000', 9),
  }),
);
