import { approveRound, defineCompositeReference, lit, submit, swapRound } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with amountOutMin from getAmountsOut minus the slippage.\nThen submit.',
  rounds: [
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseUnits(${lit(params.amount)}, 18)`),
    swapRound({ amountIn: `parseUnits(${lit(params.amount)}, 18)`, path: '[deployedContracts.USDT, deployedContracts.BUSD]', slippage: params.slippage }),
    submit(),
  ],
}));
