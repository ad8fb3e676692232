import { parseUnits } from 'viem';
import { approve, call, defineCompositeReference, script, submit, type HardEnv } from 'evm-questbench/composite';
import type { TaskParams } from '../../params.ts';

// WBTC has 8 decimals (its decimals() says so); the comptroller only counts entered markets.
export default defineCompositeReference((params: TaskParams<'hard_lending_supply_wbtc_collateral'>, env: HardEnv) => {
  const amount = parseUnits(params.amount, 8);
  return {
    plan: '1. approve(vWBTC, amount) on WBTC, amount in its 8 decimals.\n2. vWBTC.mint(amount).\n3. comptroller.enterMarkets([vWBTC]).\nThen submit.',
    rounds: [
      script(approve, { token: env.WBTC, spender: env.vWBTC, amount }),
      script(call, { to: env.vWBTC, signature: 'function mint(uint256) returns (uint256)', args: [amount] }),
      script(call, { to: env.venus_comptroller, signature: 'function enterMarkets(address[]) returns (uint256[])', args: [[env.vWBTC]] }),
      submit(),
    ],
  };
});
