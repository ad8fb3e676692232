import { maxUint256 } from 'viem';
import { approve, call, defineCompositeReference, read, script, submit, debtWithHeadroom, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// repayBorrow(max) repays the debt as it stands in the block the repayment executes.
export default defineCompositeReference((_params: TaskParams<'hard_lending_repay_all'>, env: HardEnv) => ({
  plan: '1. approve(vUSDT, borrowBalanceCurrent + 1 USDT) on USDT.\n2. vUSDT.repayBorrow(type(uint256).max).\nThen submit.',
  rounds: [
    script(approve, {
      token: env.USDT,
      spender: env.vUSDT,
      amount: read(debtWithHeadroom, { vToken: env.vUSDT, headroom: 10n ** 18n }),
    }),
    script(call, { to: env.vUSDT, signature: 'function repayBorrow(uint256) returns (uint256)', args: [maxUint256] }),
    submit(),
  ],
}));
