import { formatEther, formatUnits, parseAbi, parseEther, parseUnits } from 'viem';
import {
  approveAs,
  balanceOf,
  callsFunction,
  defineValidator,
  gasCost,
  issueTokens,
  launchV2Token,
  orderedReserves,
  pancakeAmountOut,
  succeeded,
  type CheckContext,
} from 'evm-questbench/validators';
import TradeTax from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_fee_on_transfer_sell_for_exact_bnb'>;
/** The wallet's BNB and HRBR, and the pair's reserves as (HRBR, WBNB). */
type State = { bnb: bigint; token: bigint; reserveToken: bigint; reserveBnb: bigint };
type Ctx = CheckContext<Params, State>;

/** Where HRBR's tax goes: namedAddress('hard/sim/trade_tax_collector'). */
const COLLECTOR = '0x093b3039489EF7d9224450581C89A9dD8CFC4320';
/** What the request allows above the amount. */
const TOLERANCE = parseEther('0.0001');
const GET_PAIR = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);

const wanted = (p: Params) => parseEther(p.bnb);
/** BNB the sale paid the wallet: its balance change with the gas added back. */
const received = (ctx: Ctx) => ctx.post.bnb - ctx.pre.bnb + gasCost(ctx);
const sold = (ctx: Ctx) => ctx.pre.token - ctx.post.token;

/**
 * The least HRBR a sale must send to pay at least `out` BNB at the pre-state reserves: the least input
 * the pair needs (PancakeLibrary.getAmountIn, stepped down while one unit less still pays), grossed up by
 * the sell tax the token rounds down, ⌊(n − 1) · 10⁴ / (10⁴ − bps)⌋ + 1.
 */
function leastSale(pre: State, bps: bigint, out: bigint): bigint {
  let n = (pre.reserveToken * out * 10_000n) / ((pre.reserveBnb - out) * 9975n) + 1n;
  while (n > 1n && pancakeAmountOut(n - 1n, pre.reserveToken, pre.reserveBnb) >= out) n -= 1n;
  return ((n - 1n) * 10_000n) / (10_000n - bps) + 1n;
}

// HRBR (at namedAddress('hard/sim/HRBR')) is launched per instance, 1,284,300 HRBR against 64.7 BNB
// (≈ 5e-5 BNB, about 3 cents): transfers into its pair (sales) pay `tax` % to a collector, but only in
// transactions that pay for gas; nothing on the token states the rate. swapTokensForExactETH and
// swapExactTokensForETH of the untaxed quote pass every fee-less simulation and revert on inclusion
// (the pair receives less than its K check needs); only a sale grossed up by the real tax, through the
// fee-on-transfer variant, pays the amount. The wallet holds HRBR and the router may spend all of it.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: TradeTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Harbor', 'HRBR', COLLECTOR, 0, params.tax * 100],
      tokenReserve: parseUnits('1284300', 18),
      bnbReserve: parseEther('64.7'),
      registerPair: true,
    });
    const held = parseUnits(params.held, 18);
    await issueTokens(chain, env, params.token, agent, held);
    await approveAs(chain, agent, params.token, env.router!, held);
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
      token: await balanceOf(chain, params.token, agent),
      reserveToken,
      reserveBnb,
    };
  },
  checks: [
    succeeded(10, 'the sale went through'),
    callsFunction(
      5,
      'swapExactTokensForETHSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
      'swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
    ),
    {
      name: 'the wallet received at least the requested BNB',
      weight: 55,
      verify: (ctx) => ({
        pass: received(ctx) >= wanted(ctx.params),
        detail: `received ${formatEther(received(ctx))} BNB; asked for ${ctx.params.bnb}`,
      }),
    },
    {
      name: 'the wallet received at most 0.0001 BNB more than requested',
      weight: 10,
      verify: (ctx) => ({
        pass: received(ctx) <= wanted(ctx.params) + TOLERANCE,
        detail: `received ${formatEther(received(ctx))} BNB; at most ${formatEther(wanted(ctx.params) + TOLERANCE)}`,
      }),
    },
    {
      // "Just enough": any sale below the least one that would pay more than the tolerance allows.
      name: 'the wallet sold no more HRBR than the amount takes',
      weight: 20,
      verify: (ctx) => {
        const bps = BigInt(ctx.params.tax * 100);
        const least = leastSale(ctx.pre, bps, wanted(ctx.params));
        const over = leastSale(ctx.pre, bps, wanted(ctx.params) + TOLERANCE + 1n);
        return {
          pass: sold(ctx) < over,
          detail: `sold ${formatUnits(sold(ctx), 18)} HRBR; the least that pays the amount is ${formatUnits(least, 18)}, one that pays more than the tolerance ${formatUnits(over, 18)}`,
        };
      },
    },
  ],
});
