import { formatEther, formatUnits, parseAbi, parseEther, parseUnits } from 'viem';
import {
  afterTax,
  balanceOf,
  callsFunction,
  defineValidator,
  gasCost,
  launchV2Token,
  leastInput,
  orderedReserves,
  pancakeAmountOut,
  succeeded,
  type CheckContext,
} from 'evm-questbench/validators';
import TradeTax from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_receive_exact_taxed_buy'>;
/** The wallet's BNB, WBNB and KSTL, and the pair's reserves as (KSTL, WBNB). */
type State = { bnb: bigint; wbnb: bigint; token: bigint; reserveToken: bigint; reserveBnb: bigint };
type Ctx = CheckContext<Params, State>;

/** Where KSTL's tax goes: namedAddress('hard/sim/kstl_collector'). */
const COLLECTOR = '0x57E6b86036BDC05a140493E9641be976202754Eb';
/** The pool KSTL launches with (≈ 1.97e-5 BNB, about 1.2 cents). */
const TOKEN_RESERVE = parseUnits('3618400', 18);
const BNB_RESERVE = parseEther('71.3');
/** The request's tolerance on what arrives, either way: 0.5 % (in basis points). */
const TOLERANCE_BPS = 50n;
const GET_PAIR = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);

const wanted = (p: Params) => parseUnits(p.amount, 18);
const bpsOf = (p: Params) => BigInt(p.tax * 100);
const received = (ctx: Ctx) => ctx.post.token - ctx.pre.token;
/** BNB (and WBNB) the buy cost the wallet, gas left out. */
const paid = (ctx: Ctx) => ctx.pre.bnb - ctx.post.bnb - gasCost(ctx) + ctx.pre.wbnb - ctx.post.wbnb;
const lowest = (p: Params) => (wanted(p) * (10_000n - TOLERANCE_BPS)) / 10_000n;
const highest = (p: Params) => (wanted(p) * (10_000n + TOLERANCE_BPS)) / 10_000n;

/** The least BNB whose buy lands at least `amount` KSTL in the wallet at the pre-state reserves, after the buy tax. */
const leastBnbFor = (pre: State, bps: bigint, amount: bigint) =>
  leastInput((bnb) => afterTax(pancakeAmountOut(bnb, pre.reserveBnb, pre.reserveToken), bps) >= amount, parseEther('0.01'));

// KSTL (at namedAddress('hard/sim/KSTL')) is launched per instance: transfers out of its pair (buys) pay
// `tax` % to a collector, but only in transactions that pay for gas; nothing on the token states the rate.
// swapETHForExactTokens(amount) delivers the amount in every fee-less simulation and 8-15 % less when
// mined; a fee-on-transfer buy whose minimum is the amount passes a fee-less simulation at the untaxed
// quote and reverts when mined. Only a buy grossed up by the real tax (measured by simulating as the
// platform sends) lands the amount: exact output on amount / (1 − tax), or exact input with the amount as
// the minimum.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  setup: async ({ chain, params, env }) => {
    await launchV2Token(chain, env, {
      artifact: TradeTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Kestrel', 'KSTL', COLLECTOR, params.tax * 100, 0],
      tokenReserve: TOKEN_RESERVE,
      bnbReserve: BNB_RESERVE,
      registerPair: true,
    });
  },
  observe: async ({ chain, params, env, agent }) => {
    const pair = await chain.readContract({
      address: env.factory!,
      abi: GET_PAIR,
      functionName: 'getPair',
      args: [params.token, env.WBNB!],
    });
    const [reserveToken, reserveBnb] = (await orderedReserves(chain, pair, params.token)).reserves;
    return {
      bnb: await chain.getBalance({ address: agent }),
      wbnb: await balanceOf(chain, env.WBNB!, agent),
      token: await balanceOf(chain, params.token, agent),
      reserveToken,
      reserveBnb,
    };
  },
  checks: [
    succeeded(10, 'the buy went through'),
    callsFunction(
      5,
      'swapETHForExactTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      'swapExactETHForTokensSupportingFeeOnTransferTokens(uint256,address[],address,uint256)',
    ),
    {
      name: 'the wallet received the requested KSTL, within 0.5 %',
      weight: 65,
      verify: (ctx) => ({
        pass: received(ctx) >= lowest(ctx.params) && received(ctx) <= highest(ctx.params),
        detail: `received ${formatUnits(received(ctx), 18)} KSTL; asked for ${ctx.params.amount} (${formatUnits(lowest(ctx.params), 18)} to ${formatUnits(highest(ctx.params), 18)})`,
      }),
    },
    {
      // "No more BNB than that takes": at most what landing the tolerance's top would cost.
      name: 'the wallet paid no more BNB than the amount takes',
      weight: 20,
      verify: (ctx) => {
        const bps = bpsOf(ctx.params);
        const least = leastBnbFor(ctx.pre, bps, wanted(ctx.params));
        const most = leastBnbFor(ctx.pre, bps, highest(ctx.params) + 1n) - 1n;
        return {
          pass: paid(ctx) > 0n && paid(ctx) <= most,
          detail: `paid ${formatEther(paid(ctx))} BNB; landing the amount takes ${formatEther(least)}, at most ${formatEther(most)} within the tolerance`,
        };
      },
    },
  ],
});
