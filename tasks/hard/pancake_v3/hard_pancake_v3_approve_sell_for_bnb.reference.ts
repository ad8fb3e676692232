import { parseUnits } from 'viem';
import { approve, defineCompositeReference, script, sellForBnbDeepestV3, submit, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

export default defineCompositeReference((params: TaskParams<'hard_pancake_v3_approve_sell_for_bnb'>, env: HardEnv) => {
  // The token's own decimals (CAKE 18, FLOKI 9), as decimals() reads on chain.
  const amount = parseUnits(params.sale.amount, params.sale.decimals);
  return {
    plan: `1. approve(SwapRouter, ${params.sale.amount} ${params.sale.symbol}).\n2. multicall(exactInputSingle in the deepest ${params.sale.symbol}/WBNB pool to the router, unwrapWETH9 to the wallet), minimums at the quote less ${params.slippage}%.\nThen submit.`,
    rounds: [
      script(approve, { token: params.sale.address, spender: env.v3_swap_router, amount }),
      script(sellForBnbDeepestV3, { token: params.sale.address, amountIn: amount, slippage: params.slippage }),
      submit(),
    ],
  };
});
