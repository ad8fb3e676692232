import { addLiquidityRound, approveRound, defineCompositeReference, lit, submit } from 'evm-questbench/composite';

export default defineCompositeReference((params) => {
  const token = params.token as { symbol: string; address: string };
  return {
    plan: `1. approve(router, amount) on ${token.symbol}.\n2. router.addLiquidity(USDT, BUSD, amount, amount, mins at the slippage, me, deadline).\nThen submit.`,
    rounds: [
      approveRound(lit(token.address), 'deployedContracts.router', `parseUnits(${lit(params.amount)}, 18)`),
      addLiquidityRound('deployedContracts.USDT', 'deployedContracts.BUSD', `parseUnits(${lit(params.amount)}, 18)`, `parseUnits(${lit(params.amount)}, 18)`, params.slippage),
      submit(),
    ],
  };
});
