import { addLiquidityRound, approveRound, defineCompositeReference, lit, submit } from 'evm-questbench/composite';

const approve = (token: string, amount: unknown) => approveRound(`deployedContracts.${token}`, 'deployedContracts.router', `parseUnits(${lit(amount)}, 18)`);

export default defineCompositeReference((params) => ({
  plan: '1. approve(router, amount_usdt) on USDT.\n2. approve(router, amount_busd) on BUSD.\n3. router.addLiquidity(USDT, BUSD, desired amounts, minimums at the slippage, me, deadline).\nThen submit.',
  rounds: [
    approve('USDT', params.amount_usdt),
    approve('BUSD', params.amount_busd),
    addLiquidityRound('deployedContracts.USDT', 'deployedContracts.BUSD', `parseUnits(${lit(params.amount_usdt)}, 18)`, `parseUnits(${lit(params.amount_busd)}, 18)`, params.slippage),
    submit(),
  ],
}));
