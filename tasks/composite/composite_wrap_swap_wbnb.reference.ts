import { approveRound, defineCompositeReference, lit, submit, swapRound, wrapRound } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. WBNB.deposit() with the BNB.\n2. WBNB.approve(router, amount).\n3. swapExactTokensForTokens(amount, min, [WBNB, USDT], me).\nThen submit.',
  rounds: [
    wrapRound(params.amount),
    approveRound('deployedContracts.WBNB', 'deployedContracts.router', `parseEther(${lit(params.amount)})`),
    swapRound({ amountIn: `parseEther(${lit(params.amount)})`, path: '[deployedContracts.WBNB, deployedContracts.USDT]', slippage: 1 }),
    submit(),
  ],
}));
