import { parseUnits } from 'viem';
import { defineValidator, routeValidator, type HardEnv, type RouteState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_route_usdt_to_floki'>;

// FLOKI's V3 pools are both against WBNB: 250k USD at 1 % (the most liquidity) and 40k USD at 0.25 % within
// 0.7-1.4× the price. For 1.5-6M FLOKI (225-900 USD) USDT → WBNB → FLOKI at 0.25 % costs 0.35-0.7 % less
// than through the 1 % pool; the USDT/WBNB tier (100 or 500) moves it by 0.01-0.04 %.
export default defineValidator<Params, RouteState, HardEnv>(
  routeValidator<Params>({
    names: { paid: 'USDT', bought: 'FLOKI' },
    order: (p, env) => ({ tokenIn: env.USDT, tokenOut: env.FLOKI, amountOut: parseUnits(p.amount, 9), slippage: p.slippage }),
    wallet: () => parseUnits('1000', 18),
  }),
);
