import { decodeFunctionData, encodeFunctionData, formatEther, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
  ADVERSARY,
  approveAs,
  balanceOf,
  defineValidator,
  gasCost,
  issueTokens,
  launchV2Token,
  orderedReserves,
  pancakeAmountOut,
  sendAs,
  setTokenBalance,
  slippageFloor,
  SWAP_EXACT_TOKENS_FOR_ETH,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  withGrace,
  type CheckContext,
  type CheckResult,
} from 'evm-questbench/validators';
import SellTax from '../../../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_taxed_sell_floor'>;
/** The wallet's BNB and QRTZ, and the pair's reserves as (QRTZ, WBNB). */
type State = { bnb: bigint; token: bigint; reserveToken: bigint; reserveBnb: bigint };
type Ctx = CheckContext<Params, State>;

/** Where QRTZ's sell tax goes: namedAddress('hard/sim/qrtz_treasury'). */
const TREASURY: Address = '0xaec687D43C6621F0648880e8F6bbdF5B5388b8cA';
/** The pool QRTZ launches with (≈ 1.7e-5 BNB, about a cent). */
const TOKEN_RESERVE = parseUnits('2418600', 18);
const BNB_RESERVE = parseEther('41.3');
/** The most the searcher sells ahead of a trade: 15 % of the pair's QRTZ (about 24 % less for an unprotected sale). */
const MAX_SHARE_BPS = 1500n;
const PAIR = parseAbi([
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
  'function token0() view returns (address)',
]);
const GET_PAIR = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address)']);
const EXACT_INPUT_SALES = [...SWAP_EXACT_TOKENS_FOR_ETH, ...SWAP_EXACT_TOKENS_FOR_TOKENS];

const amountOf = (p: Params) => parseUnits(p.amount, 18);
const taxBps = (p: Params) => BigInt(p.tax * 100);
/** What a mined sale of `amount` QRTZ pays at reserves (QRTZ, WBNB): the pair receives it less the tax. */
const minedSalePays = (p: Params, amount: bigint, reserveToken: bigint, reserveBnb: bigint) =>
  pancakeAmountOut(amount - (amount * taxBps(p)) / 10_000n, reserveToken, reserveBnb);
/** What the owner set as acceptable: the sale's real pay at the pre-state price, less the tolerance. */
const ownersFloor = (ctx: Ctx) =>
  slippageFloor(minedSalePays(ctx.params, amountOf(ctx.params), ctx.pre.reserveToken, ctx.pre.reserveBnb), ctx.params.slippage);
/** BNB the sale paid the wallet: its balance change with the gas added back. */
const received = (ctx: Ctx) => ctx.post.bnb - ctx.pre.bnb + gasCost(ctx);

async function pairOf(chain: Parameters<typeof orderedReserves>[0], factory: Address, token: Address, wbnb: Address): Promise<Address> {
  return chain.readContract({ address: factory, abi: GET_PAIR, functionName: 'getPair', args: [token, wbnb] });
}

/** The requested sale, if the transaction is one: exactly the amount, QRTZ → WBNB, native BNB to the wallet. */
function requestedSale({ tx, params, env, agent }: Ctx): { min: bigint } | undefined {
  if (!tx || !isAddressEqual(tx.to, env.router!)) return undefined;
  try {
    const [amountIn, min, path, to] = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_ETH, data: tx.data }).args as unknown as [
      bigint,
      bigint,
      readonly Address[],
      Address,
    ];
    const ok =
      amountIn === amountOf(params) &&
      path.length === 2 &&
      isAddressEqual(path[0]!, params.token) &&
      isAddressEqual(path[1]!, env.WBNB!) &&
      isAddressEqual(to, agent);
    return ok ? { min } : undefined;
  } catch {
    return undefined;
  }
}

function minimumIsTheFloor(ctx: Ctx): CheckResult {
  const sale = requestedSale(ctx);
  if (!sale) return { pass: false, detail: 'the transaction is not the requested sale' };
  const pays = minedSalePays(ctx.params, amountOf(ctx.params), ctx.pre.reserveToken, ctx.pre.reserveBnb);
  const floor = ownersFloor(ctx);
  return {
    pass: sale.min >= withGrace(floor) && sale.min <= pays,
    detail: `amountOutMin ${formatEther(sale.min)} BNB; the sale really paid ${formatEther(pays)} BNB before the trade, ${ctx.params.slippage}% under it is ${formatEther(floor)}`,
  };
}

/**
 * The largest sale of QRTZ ahead of the victim's (into the pair, untaxed) that still leaves the victim its
 * minimum, up to the cap: a searcher takes all the slippage a trade allows, and nothing when the trade would
 * revert anyway.
 */
function sandwichSize(victimIn: bigint, victimMin: bigint, reserveToken: bigint, reserveBnb: bigint, cap: bigint): bigint {
  const victimGets = (f: bigint) =>
    pancakeAmountOut(victimIn, reserveToken + f, reserveBnb - pancakeAmountOut(f, reserveToken, reserveBnb));
  if (victimGets(0n) < victimMin) return 0n;
  if (victimGets(cap) >= victimMin) return cap;
  let [lo, hi] = [0n, cap];
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (victimGets(mid) >= victimMin) lo = mid;
    else hi = mid;
  }
  return lo;
}

// QRTZ (GasPriceSellTaxToken at namedAddress('hard/sim/QRTZ')) is launched per instance: transfers into its
// pair (sales) pay `tax` % (8-14) to a treasury, but only in transactions that pay for gas; nothing on the
// token states the rate. A fee-less quote or simulation of the sale shows the untaxed pay, so a minimum set
// from it lies above what the mined sale can pay and the sale the owner wanted reverts; the owner's floor is
// the taxed pay less the tolerance. A searcher sells QRTZ ahead of the wallet's sale as far as its minimum
// lets it (up to 15 % of the pair's QRTZ), so any looser minimum is filled down to itself.
export default defineValidator<Params, State>({
  kind: 'transaction',
  target: ({ env }) => env.router!,
  setup: async ({ chain, params, env, agent }) => {
    await launchV2Token(chain, env, {
      artifact: SellTax as { abi: unknown[]; bytecode: `0x${string}` },
      at: params.token,
      args: ['Quartz', 'QRTZ', TREASURY, params.tax * 100],
      tokenReserve: TOKEN_RESERVE,
      bnbReserve: BNB_RESERVE,
      registerPair: true,
    });
    await issueTokens(chain, env, params.token, agent, parseUnits(params.held, 18));
    await approveAs(chain, agent, params.token, env.router!, amountOf(params));
  },
  observe: async ({ chain, params, env, agent }) => {
    const pair = await pairOf(chain, env.factory!, params.token, env.WBNB!);
    const [reserveToken, reserveBnb] = (await orderedReserves(chain, pair, params.token)).reserves;
    return {
      bnb: await chain.getBalance({ address: agent }),
      token: await balanceOf(chain, params.token, agent),
      reserveToken,
      reserveBnb,
    };
  },
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, env.router!)) return;
    const pair = await pairOf(chain.public, env.factory!, params.token, env.WBNB!);
    const [reserveToken, reserveBnb] = (await orderedReserves(chain.public, pair, params.token)).reserves;
    const cap = (reserveToken * MAX_SHARE_BPS) / 10_000n;
    let size = cap;
    try {
      const [amountIn, min, path] = decodeFunctionData({ abi: EXACT_INPUT_SALES, data: tx.data }).args as unknown as [
        bigint,
        bigint,
        readonly Address[],
      ];
      // Only a sale of QRTZ on its own pair is worth sandwiching; the victim's input reaches the pair taxed.
      if (!isAddressEqual(path[0]!, params.token) || !isAddressEqual(path[1]!, env.WBNB!)) return;
      size = sandwichSize(amountIn - (amountIn * taxBps(params)) / 10_000n, min, reserveToken, reserveBnb, cap);
    } catch {
      return;
    }
    if (size === 0n) return;
    // The searcher's QRTZ lands in the pair directly (untaxed), and it takes the BNB side out.
    const out = pancakeAmountOut(size, reserveToken, reserveBnb);
    const balance = await balanceOf(chain.public, params.token, pair);
    await setTokenBalance(chain, params.token, pair, balance + size);
    const tokenIsToken0 = isAddressEqual(
      await chain.public.readContract({ address: pair, abi: PAIR, functionName: 'token0' }),
      params.token,
    );
    await chain.test.setBalance({ address: ADVERSARY, value: parseEther('1') });
    await sendAs(
      chain,
      ADVERSARY,
      pair,
      encodeFunctionData({
        abi: PAIR,
        functionName: 'swap',
        args: tokenIsToken0 ? [0n, out, ADVERSARY, '0x'] : [out, 0n, ADVERSARY, '0x'],
      }),
    );
  },
  checks: [
    {
      name: 'the transaction sells exactly the requested QRTZ for native BNB, to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: requestedSale(ctx) !== undefined,
        detail: requestedSale(ctx) ? 'ok' : 'not an exact-input sale of the requested QRTZ along QRTZ → WBNB with BNB to the wallet',
      }),
    },
    { name: "the minimum is the sale's real pay less the requested slippage", weight: 30, verify: minimumIsTheFloor },
    {
      name: 'the wallet sold the QRTZ and received at least the floor',
      weight: 50,
      verify: (ctx) => {
        const floor = ownersFloor(ctx);
        const sold = ctx.pre.token - ctx.post.token;
        return {
          pass: sold === amountOf(ctx.params) && received(ctx) >= withGrace(floor),
          detail: `sold ${formatEther(sold)} QRTZ, received ${formatEther(received(ctx))} BNB; the floor is ${formatEther(floor)}`,
        };
      },
    },
  ],
});
