import { parseUnits } from 'viem';
import { defineCompositeReference, script, submit, transferToken, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// Each amount in its token's decimals as the chain states them (decimals(): USDCet 6, WBTC 8, FLOKI 9).
export default defineCompositeReference((params: TaskParams<'hard_units_three_payments'>, env: HardEnv) => ({
  plan: '1. USDCet.transfer(to, usdc × 10^6).\n2. WBTC.transfer(to, wbtc × 10^8).\n3. FLOKI.transfer(to, floki × 10^9).\nThen submit.',
  rounds: [
    script(transferToken, { token: env.USDCet, to: params.to, amount: parseUnits(params.usdc, 6) }),
    script(transferToken, { token: env.WBTC, to: params.to, amount: parseUnits(params.wbtc, 8) }),
    script(transferToken, { token: env.FLOKI, to: params.to, amount: parseUnits(params.floki, 9) }),
    submit(),
  ],
}));
