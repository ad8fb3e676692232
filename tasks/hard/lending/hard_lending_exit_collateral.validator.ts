import { encodeFunctionData, parseEther } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  borrowAs,
  compareAmount,
  defineValidator,
  enterMarketsAs,
  isMember,
  sendAs,
  setTokenBalance,
  supplyAs,
  VBNB_ABI,
  venusPosition,
  type VenusPosition,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_lending_exit_collateral'>;
type State = { cakeLoan: VenusPosition; usdtSupply: VenusPosition; usdtCollateral: boolean; allowance: bigint };

const ONE = 10n ** 18n;

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // 0.5 BNB left in vBNB (1.5 withdrawn), a USDT supply entered as collateral, and a CAKE loan that the
  // BNB alone cannot carry: exitMarket(vUSDT) fails with an error code until the loan is repaid.
  setup: async ({ chain, env, agent, params }) => {
    await sendAs(
      chain,
      agent,
      env.vBNB,
      encodeFunctionData({ abi: VBNB_ABI, functionName: 'redeemUnderlying', args: [parseEther('1.5')] }),
    );
    const usdt = parseEther(params.usdt_supplied);
    await setTokenBalance(chain, env.USDT, agent, usdt + parseEther('1000'));
    await supplyAs(chain, agent, env.vUSDT, env.USDT, usdt);
    await enterMarketsAs(chain, agent, env, [env.vUSDT]);
    await borrowAs(chain, agent, env.vCAKE, parseEther(params.cake_debt));
  },
  observe: async ({ chain, env, agent }) => ({
    cakeLoan: await venusPosition(chain, env.vCAKE, agent),
    usdtSupply: await venusPosition(chain, env.vUSDT, agent),
    usdtCollateral: await isMember(chain, env.venus_comptroller, agent, env.vUSDT),
    allowance: await allowanceOf(chain, env.CAKE, agent, env.vCAKE),
  }),
  checks: [
    {
      name: 'the USDT supply no longer counts as collateral',
      weight: 45,
      verify: ({ post }) => ({
        pass: !post.usdtCollateral,
        detail: post.usdtCollateral ? 'vUSDT is still entered (an exitMarket that returned an error code changes nothing)' : 'vUSDT exited',
      }),
    },
    {
      name: 'the CAKE loan is repaid in full, not a wei left',
      weight: 45,
      verify: ({ post }) => ({ pass: post.cakeLoan.borrow === 0n, detail: `CAKE debt left ${post.cakeLoan.borrow} wei` }),
    },
    {
      name: 'the USDT stays supplied',
      weight: 5,
      verify: ({ pre, post }) => ({
        pass: !post.usdtCollateral && post.usdtSupply.vTokens === pre.usdtSupply.vTokens,
        detail: `${post.usdtSupply.vTokens} vUSDT (was ${pre.usdtSupply.vTokens})`,
      }),
    },
    {
      name: 'the approval was the debt plus 1 CAKE at most, and at most 1 CAKE of it is left',
      weight: 5,
      verify: ({ pre, post, txs, env }) => {
        if (post.cakeLoan.borrow === pre.cakeLoan.borrow) return { pass: false, detail: 'nothing was repaid' };
        const over = approvalCalls(txs, env.CAKE, env.vCAKE).find(
          (g) => g.amount > pre.cakeLoan.borrow + ONE + pre.cakeLoan.borrow / 1_000_000n,
        );
        if (over) return { pass: false, detail: `approved ${Number(over.amount) / 1e18} CAKE, more than the debt plus 1 CAKE` };
        return compareAmount('allowance left', post.allowance, 0n, { abs: ONE, symbol: 'CAKE' });
      },
    },
  ],
});
