import { maxUint256 } from 'viem';
import { approve, call, defineCompositeReference, read, script, submit, debtWithHeadroom, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// exitMarket(vUSDT) only succeeds once no loan needs the USDT; while one does it returns an error code
// in a successful receipt. repayBorrow(max) clears the debt as it stands when it executes.
export default defineCompositeReference((_params: TaskParams<'hard_lending_exit_collateral'>, env: HardEnv) => ({
  plan: '1. approve(vCAKE, borrowBalanceCurrent + 1 CAKE) on CAKE.\n2. vCAKE.repayBorrow(type(uint256).max).\n3. comptroller.exitMarket(vUSDT).\nThen submit.',
  rounds: [
    script(approve, {
      token: env.CAKE,
      spender: env.vCAKE,
      amount: read(debtWithHeadroom, { vToken: env.vCAKE, headroom: 10n ** 18n }),
    }),
    script(call, { to: env.vCAKE, signature: 'function repayBorrow(uint256) returns (uint256)', args: [maxUint256] }),
    script(call, { to: env.venus_comptroller, signature: 'function exitMarket(address) returns (uint256)', args: [env.vUSDT] }),
    submit(),
  ],
}));
