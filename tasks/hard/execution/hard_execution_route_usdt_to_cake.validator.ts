import { parseUnits } from 'viem';
import { defineValidator, routeValidator, type HardEnv, type RouteState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_route_usdt_to_cake'>;

// CAKE/USDT's deepest V3 pool charges 0.25 %; USDT → WBNB at 100 → CAKE at 500 pays 0.06 % in fees, and both
// pools are deep enough for 100-250 CAKE (240-600 USD) that the hop costs about 0.19 % less USDT. The
// pair's own 500 pool (60k USD) is cheaper than its deepest for these sizes, but dearer than the hop.
export default defineValidator<Params, RouteState, HardEnv>(
  routeValidator<Params>({
    names: { paid: 'USDT', bought: 'CAKE' },
    order: (p, env) => ({ tokenIn: env.USDT, tokenOut: env.CAKE, amountOut: parseUnits(p.amount, 18), slippage: p.slippage }),
    wallet: () => parseUnits('1000', 18),
  }),
);
