import { decodeFunctionData, parseAbi, parseEther, parseUnits } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  compareAmount,
  defineValidator,
  gasCost,
  issueTokens,
  launchV2Token,
  launchV3Pool,
  minOutVsQuote,
  quoteOut,
  succeeded,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import SellTaxToken from '../../../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_pancake_v3_taxed_token_best_route'>;
type State = { token: bigint; bnb: bigint; wbnb: bigint; paid: bigint };

/** Where TSRA's sell tax goes: namedAddress('hard/sim/tsra_treasury'). */
const TREASURY = '0x15A0c0b043431d4730723103fa559Ac4F83A2758';
/** 12 % of every sale into a TSRA pool, only when the transaction pays for gas; nothing on chain states it. */
const SELL_TAX_BPS = 1200n;

/** Both fee-on-transfer sales of the V2 router: (amountIn, amountOutMin, path, to, deadline). */
const SUPPORTING = parseAbi([
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);

const amountIn = (p: Params) => parseUnits(p.amount, 18);

// TSRA (at namedAddress('hard/sim/TSRA')) is launched per instance: a V2 pool of 5.12 M TSRA against 94 BNB
// (≈ $0.011), and a V3 0.25 % pool priced 2.5 % higher with ≈ 43 BNB a side within 0.8-1.25× its price, so
// a fee-less quote of the sale through V3 beats V2 by ≈ 3 %. Both pools are registered as TSRA's pairs:
// a real sale into either pays the tax, which a V3 pool refuses (it checks its balance after the callback).
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.router,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: SellTaxToken as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Tessera', 'TSRA', TREASURY, Number(SELL_TAX_BPS)],
      tokenReserve: parseUnits('5120000', 18),
      bnbReserve: parseEther('94'),
      registerPair: true,
    });
    // 94 / 5.12 M × 1.025 BNB per TSRA; the WBNB side (about 43.3 BNB of TSRA) sets the position's size.
    await launchV3Pool(chain, env, {
      token: params.token,
      fee: 2500,
      tokenAmount: parseUnits('2300000', 18),
      bnbAmount: parseEther('43.28'),
      low: 0.8,
      high: 1.25,
      registerPool: true,
    });
    const held = parseUnits(params.held, 18);
    await issueTokens(chain, env, params.token, agent, held);
    await approveAs(chain, agent, params.token, env.router, held);
    await approveAs(chain, agent, params.token, env.v3_swap_router, held);
  },
  observe: async ({ chain, params, env, agent }) => {
    const sold = amountIn(params);
    return {
      token: await balanceOf(chain, params.token, agent),
      bnb: await chain.getBalance({ address: agent }),
      wbnb: await balanceOf(chain, env.WBNB, agent),
      // What the sale really pays: V2 (the only route that goes through) on what reaches the pair after the tax.
      paid: await quoteOut(chain, env.router, sold - (sold * SELL_TAX_BPS) / 10_000n, [params.token, env.WBNB]),
    };
  },
  checks: [
    succeeded(10, 'the sale through the PancakeSwap V2 router went through'),
    callsFunction(
      5,
      'swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
    ),
    {
      name: 'sold exactly the requested TSRA',
      weight: 10,
      verify: ({ pre, post, params }) => compareAmount('TSRA sold', pre.token - post.token, amountIn(params), { symbol: 'TSRA' }),
    },
    {
      name: 'the wallet received what the sale really pays, as BNB or WBNB',
      weight: 30,
      verify: (ctx) =>
        compareAmount('BNB and WBNB received', ctx.post.bnb + gasCost(ctx) - ctx.pre.bnb + ctx.post.wbnb - ctx.pre.wbnb, ctx.pre.paid, {
          rel: 0.000001,
          symbol: 'BNB',
        }),
    },
    {
      // The sale's own quote is what it pays net of the tax; a minimum under the untaxed quote reverts.
      name: 'the minimum is at most the requested slippage under what the sale really pays',
      weight: 45,
      verify: ({ tx, pre, params }) => {
        let min: bigint;
        try {
          min = decodeFunctionData({ abi: SUPPORTING, data: defined(tx, 'the sent transaction').data }).args[1];
        } catch {
          return { pass: false, detail: 'not a fee-on-transfer sale through the V2 router' };
        }
        return minOutVsQuote(min, pre.paid, params.slippage);
      },
    },
  ],
});
