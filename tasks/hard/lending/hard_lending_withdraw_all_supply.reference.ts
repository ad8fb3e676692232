import { defineCompositeReference, redeemAll, script, submit, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// redeem(vToken balance) withdraws the whole supply at the exchange rate of the block it executes in.
export default defineCompositeReference((_params: TaskParams<'hard_lending_withdraw_all_supply'>, env: HardEnv) => ({
  plan: "1. vUSDT.redeem(the wallet's whole vUSDT balance).\n2. vCAKE.redeem(the wallet's whole vCAKE balance).\nThen submit.",
  rounds: [script(redeemAll, { vToken: env.vUSDT }), script(redeemAll, { vToken: env.vCAKE }), submit()],
}));
