import { parseEther, parseUnits } from 'viem';
import { defineValidator, routeValidator, type HardEnv, type RouteState } from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_route_wbnb_to_busd'>;

// WBNB/BUSD's deepest V3 pool charges 0.25 %; WBNB → USDT at 100 → BUSD at 100 pays 0.02 % in fees, both
// pools narrow and deep around the price, so for 300-950 BUSD the hop costs about 0.21 % less WBNB. The
// pair's 500 pool, and the hop with WBNB/USDT at its deepest 500 tier, land in between.
export default defineValidator<Params, RouteState, HardEnv>(
  routeValidator<Params>({
    names: { paid: 'WBNB', bought: 'BUSD' },
    order: (p, env) => ({ tokenIn: env.WBNB, tokenOut: env.BUSD, amountOut: parseUnits(p.amount, 18), slippage: p.slippage }),
    wallet: () => parseEther('2'),
  }),
);
