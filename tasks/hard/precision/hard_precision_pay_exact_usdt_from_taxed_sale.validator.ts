import { formatUnits, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  afterTax,
  approveAs,
  balanceOf,
  callsFunction,
  defineValidator,
  issueTokens,
  launchV2Token,
  leastInput,
  orderedReserves,
  pancakeAmountOut,
  succeeded,
  type CheckContext,
} from 'evm-questbench/validators';
import TradeTax from '../../../fixtures/artifacts/GasPriceTradeTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_pay_exact_usdt_from_taxed_sale'>;
/** The wallet's MRLN, the payee's USDT, and the route's reserves: MRLN/WBNB as (MRLN, WBNB), WBNB/USDT as (WBNB, USDT). */
type State = { token: bigint; paid: bigint; reserves: [bigint, bigint, bigint, bigint] };
type Ctx = CheckContext<Params, State>;

/** Where MRLN's tax goes: namedAddress('hard/sim/mrln_collector'). */
const COLLECTOR = '0x10bAD27240241e6401FCf4582f0ce533c5Ce29c7';
/** The pool MRLN launches with (≈ 3.68e-5 BNB, about 2.2 cents). */
const TOKEN_RESERVE = parseUnits('2407600', 18);
const BNB_RESERVE = parseEther('88.6');
/** What the request allows above the amount. */
const TOLERANCE = parseUnits('0.01', 18);
const GET_PAIR = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);

const wanted = (p: Params) => parseUnits(p.usdt, 18);
const arrived = (ctx: Ctx) => ctx.post.paid - ctx.pre.paid;
const sold = (ctx: Ctx) => ctx.pre.token - ctx.post.token;

/** The least MRLN whose sale along MRLN → WBNB → USDT pays at least `out` USDT at the pre-state reserves, after the sell tax. */
function leastSale(pre: State, bps: bigint, out: bigint): bigint {
  const [tokenReserve, bnbReserve, bnbReserve2, usdtReserve] = pre.reserves;
  const pays = (sale: bigint) =>
    pancakeAmountOut(pancakeAmountOut(afterTax(sale, bps), tokenReserve, bnbReserve), bnbReserve2, usdtReserve) >= out;
  return leastInput(pays, parseUnits('1000', 18));
}

async function reservesOf(chain: Ctx['chain'], factory: Address, a: Address, b: Address): Promise<[bigint, bigint]> {
  const pair = await chain.readContract({ address: factory, abi: GET_PAIR, functionName: 'getPair', args: [a, b] });
  return (await orderedReserves(chain, pair, a)).reserves;
}

// MRLN (at namedAddress('hard/sim/MRLN')) is launched per instance against WBNB only: transfers into its
// pair (sales) pay `tax` % to a collector, but only in transactions that pay for gas; nothing on the token
// states the rate. swapTokensForExactTokens(amount) along MRLN → WBNB → USDT passes every fee-less
// simulation and reverts on inclusion (the pair receives less than its K check needs); a fee-on-transfer
// sale of the untaxed quote pays the payee 10-20 % short, or reverts on a minimum of the amount. Only a
// sale grossed up by the real tax (measured by simulating as the platform sends) pays the amount. The
// wallet holds MRLN and the router may spend all of it.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: TradeTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Marlin', 'MRLN', COLLECTOR, 0, params.tax * 100],
      tokenReserve: TOKEN_RESERVE,
      bnbReserve: BNB_RESERVE,
      registerPair: true,
    });
    const held = parseUnits(params.held, 18);
    await issueTokens(chain, env, params.token, agent, held);
    await approveAs(chain, agent, params.token, env.router!, held);
  },
  observe: async ({ chain, params, env, agent }) => {
    const [first, second] = await Promise.all([
      reservesOf(chain, env.factory!, params.token, env.WBNB!),
      reservesOf(chain, env.factory!, env.WBNB!, env.USDT!),
    ]);
    return {
      token: await balanceOf(chain, params.token, agent),
      paid: await balanceOf(chain, env.USDT!, params.payee),
      reserves: [...first, ...second],
    };
  },
  checks: [
    succeeded(10, 'the sale went through'),
    callsFunction(
      5,
      'swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,uint256)',
      'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
      'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
    ),
    {
      name: 'the payee received the USDT amount, at most 0.01 USDT more',
      weight: 65,
      verify: (ctx) => ({
        pass: arrived(ctx) >= wanted(ctx.params) && arrived(ctx) <= wanted(ctx.params) + TOLERANCE,
        detail: `the payee received ${formatUnits(arrived(ctx), 18)} USDT; asked for ${ctx.params.usdt} (at most ${formatUnits(wanted(ctx.params) + TOLERANCE, 18)})`,
      }),
    },
    {
      // "Just enough": any sale below the least one that would pay more than the tolerance allows.
      name: 'the wallet sold no more MRLN than the amount takes',
      weight: 20,
      verify: (ctx) => {
        const bps = BigInt(ctx.params.tax * 100);
        const least = leastSale(ctx.pre, bps, wanted(ctx.params));
        const over = leastSale(ctx.pre, bps, wanted(ctx.params) + TOLERANCE + 1n);
        return {
          pass: sold(ctx) > 0n && sold(ctx) < over,
          detail: `sold ${formatUnits(sold(ctx), 18)} MRLN; the least that pays the amount is ${formatUnits(least, 18)}, one that pays more than the tolerance ${formatUnits(over, 18)}`,
        };
      },
    },
  ],
});
