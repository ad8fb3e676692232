import { approveRound, defineCompositeReference, lastQueryResult, lit, query, submit, swapRound } from 'evm-questbench/composite';

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount) on USDT.\n2. swapExactTokensForTokens USDT -> BUSD with a slippage floor.\n3. Query my BUSD balance.\nThen submit it as the answer.',
  rounds: [
    approveRound('deployedContracts.USDT', 'deployedContracts.router', `parseUnits(${lit(params.amount)}, 18)`),
    swapRound({ amountIn: `parseUnits(${lit(params.amount)}, 18)`, path: '[deployedContracts.USDT, deployedContracts.BUSD]', slippage: params.slippage }),
    query({ type: 'token_balance', token: 'BUSD', address: 'agent' }),
    (feedback) => submit(lastQueryResult(feedback).raw),
  ],
}));
