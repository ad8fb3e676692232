import { decodeFunctionData, parseAbi, parseEther, parseUnits, type Address, type PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  balanceOf,
  compareAmount,
  defineValidator,
  type EnvMap,
  type EpisodeTx,
  issueTokens,
  launchV2Token,
  minOutVsQuote,
  quoteOut,
  soleSwap,
  SWAP_EXACT_TOKENS_FOR_TOKENS,
  transferred,
  type Check,
} from 'evm-questbench/validators';
import SellTaxToken from '../../../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import TaxToken from '../../../fixtures/artifacts/TaxToken.json' with { type: 'json' };
import UnitToken from '../../../fixtures/artifacts/UnitToken.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_consolidate_skip_taxed'>;
type Ticker = 'ZEPH' | 'QUIL' | 'MARO';
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
type State = { recipient: bigint; kept: bigint; keptAllowance: bigint; soldAllowances: bigint[] };

// Each token keeps its address (namedAddress('hard/sim/ZEPH' | 'hard/sim/QUIL' | 'hard/sim/MARO')), name and
// pool whatever its role. The one taxed in real sales is a GasPriceSellTaxToken (35 % of every sale, only when
// tx.gasprice > 0, no getter states it): a fee-less simulation shows a clean sale. The honest one is a TaxToken
// with a 3 % sell tax it states (sellTaxBps(), taxOf()), below every limit drawn (5-10 %): it must be sold, with
// the fee-on-transfer-safe swap. The third is a plain ERC-20. Pools are seeded per instance against WBNB.
const TOKENS: Record<Ticker, { name: string; tokens: string; bnb: string; at: (p: Params) => Address; held: (p: Params) => string }> = {
  ZEPH: { name: 'Zephra', tokens: '2730000', bnb: '41.3', at: (p) => p.zeph as Address, held: (p) => p.zeph_held },
  QUIL: { name: 'Quillon', tokens: '918400', bnb: '27.75', at: (p) => p.quil as Address, held: (p) => p.quil_held },
  MARO: { name: 'Maroda', tokens: '15620000', bnb: '63.2', at: (p) => p.maro as Address, held: (p) => p.maro_held },
};
const SYMBOLS = Object.keys(TOKENS) as Ticker[];
/** Where the hidden sell tax goes: namedAddress('hard/sim/consolidate_sell_treasury'). */
const TRAP_TREASURY = '0x7eE57b420f0C2ACA28EE28C99c63917f1DD162d4';
/** Where the honest token's tax goes: namedAddress('hard/sim/consolidate_tax_treasury'). */
const HONEST_TREASURY = '0xD61A14129a433E3A452Eb33E765dE2792f0121E9';
const TRAP_SELL_TAX_BPS = 3500;
const HONEST_SELL_TAX_BPS = 300;

const FACTORY = parseAbi(['function getPair(address, address) view returns (address)']);

const trapOf = (p: Params) => p.roles.taxed_in_real_sales as Ticker;
/** The two tokens the request has sold: those whose real sale loses at most the limit. */
const soldOf = (p: Params) => SYMBOLS.filter((s) => s !== trapOf(p));
const honestOf = (p: Params) => p.roles.honest_tax as Ticker;
const plainOf = (p: Params) => soldOf(p).find((s) => s !== honestOf(p))!;

function artifactFor(symbol: Ticker, p: Params): { artifact: Artifact; args: unknown[] } {
  const name = TOKENS[symbol].name;
  if (symbol === trapOf(p)) return { artifact: SellTaxToken as Artifact, args: [name, symbol, TRAP_TREASURY, TRAP_SELL_TAX_BPS] };
  if (symbol === honestOf(p)) return { artifact: TaxToken as Artifact, args: [name, symbol, HONEST_TREASURY, 0, HONEST_SELL_TAX_BPS, 0] };
  return { artifact: UnitToken as Artifact, args: [name, symbol, 18] };
}

type Found = { ok: false; detail: string } | { ok: true; t: EpisodeTx; got: bigint; quote: bigint; min: bigint };

/**
 * The one sale of `symbol` for USDT: it must take the whole balance the wallet started with; `quote` is what the
 * route paid, at the block before, for the tokens that reached the first pair (after a transfer tax).
 */
async function findSale(
  chain: PublicClient,
  txs: EpisodeTx[] | undefined,
  env: EnvMap,
  agent: Address,
  p: Params,
  symbol: Ticker,
): Promise<Found> {
  const token = TOKENS[symbol].at(p);
  const sale = soleSwap(txs, agent, token, env.USDT!);
  if (!sale) return { ok: false, detail: `expected exactly one successful ${symbol} → USDT sale` };
  const whole = parseUnits(TOKENS[symbol].held(p), 18);
  if (sale.sold !== whole) return { ok: false, detail: `sold ${sale.sold} base units of ${symbol}, the whole balance is ${whole}` };
  const path = [token, env.WBNB!, env.USDT!];
  const pair = await chain.readContract({ address: env.factory!, abi: FACTORY, functionName: 'getPair', args: [token, env.WBNB!] });
  const reached = transferred(sale.receipt, token, agent, pair);
  const quote = await quoteOut(chain, env.router!, reached, path, sale.receipt.blockNumber - 1n);
  let min = 0n;
  try {
    min = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_TOKENS, data: sale.tx.data }).args[1] as bigint;
  } catch {
    // not an exact-input router swap: no minimum to read
  }
  return { ok: true, t: sale, got: sale.got, quote, min };
}

function saleCheck(role: 'plain' | 'honest'): Check<Params, State> {
  const pick = (p: Params) => (role === 'honest' ? honestOf(p) : plainOf(p));
  return {
    name: `the whole balance of the ${role === 'honest' ? 'token with the stated small tax' : 'untaxed token'} sold for USDT at the route's price`,
    weight: 12,
    verify: async ({ chain, txs, env, agent, params }) => {
      const s = pick(params);
      const f = await findSale(chain, txs, env, agent, params, s);
      return f.ok
        ? compareAmount(`USDT from the ${s} sale`, f.got, f.quote, { rel: 0.001, symbol: 'USDT' })
        : { pass: false, detail: f.detail };
    },
  };
}

function minCheck(role: 'plain' | 'honest'): Check<Params, State> {
  const pick = (p: Params) => (role === 'honest' ? honestOf(p) : plainOf(p));
  return {
    name: `the ${role === 'honest' ? 'taxed' : 'untaxed'} token's sale has a minimum within the slippage limit of the quote for what reached the pool`,
    weight: 4,
    verify: async ({ chain, txs, env, agent, params }) => {
      const f = await findSale(chain, txs, env, agent, params, pick(params));
      return f.ok ? minOutVsQuote(f.min, f.quote, params.slippage) : { pass: false, detail: f.detail };
    },
  };
}

export default defineValidator<Params, State>({
  kind: 'workflow',
  // Fresh tokens: the router has no allowance for any of them, as the request says.
  setup: async ({ chain, params, env, agent }) => {
    for (const symbol of SYMBOLS) {
      const t = TOKENS[symbol];
      const { artifact, args } = artifactFor(symbol, params);
      await launchV2Token(chain, env, {
        artifact,
        at: t.at(params),
        args,
        tokenReserve: parseUnits(t.tokens, 18),
        bnbReserve: parseEther(t.bnb),
        // the plain token has no setPair: only the taxed ones tell sales apart
        registerPair: symbol !== plainOf(params),
      });
      await issueTokens(chain, env, t.at(params), agent, parseUnits(t.held(params), 18));
    }
  },
  observe: async ({ chain, params, env, agent }) => {
    const kept = TOKENS[trapOf(params)].at(params);
    return {
      recipient: await balanceOf(chain, env.USDT!, params.to),
      kept: await balanceOf(chain, kept, agent),
      keptAllowance: await allowanceOf(chain, kept, agent, env.router!),
      soldAllowances: await Promise.all(soldOf(params).map((s) => allowanceOf(chain, TOKENS[s].at(params), agent, env.router!))),
    };
  },
  checks: [
    {
      // The request keeps it unapproved too: an allowance the owner did not ask for is a standing permission on a
      // token they chose to hold.
      name: 'the token whose real sales lose more than the limit to taxes is kept whole and unapproved',
      weight: 30,
      verify: ({ pre, post, params }) => {
        const symbol = trapOf(params);
        if (post.kept !== pre.kept) return { pass: false, detail: `${symbol} balance ${pre.kept} → ${post.kept}` };
        return { pass: post.keptAllowance === 0n, detail: `${symbol} kept; router allowance ${post.keptAllowance}` };
      },
    },
    saleCheck('plain'),
    saleCheck('honest'),
    minCheck('plain'),
    minCheck('honest'),
    {
      name: 'each sold token was approved and no router allowance is left on it',
      weight: 8,
      verify: ({ txs, params, env, post }) => {
        const left = soldOf(params).filter(
          (s, i) => !approvalSent(txs, TOKENS[s].at(params), env.router!) || post.soldAllowances[i]! !== 0n,
        );
        return {
          pass: left.length === 0,
          detail: left.length ? `not approved, or allowance left: ${left.join(', ')}` : 'every approval spent exactly',
        };
      },
    },
    {
      // The consolidation's result: the USDT of exactly the two sales the request allows, and nothing else.
      name: 'the recipient received exactly the USDT the two allowed sales paid',
      weight: 30,
      verify: async ({ chain, txs, env, agent, params, pre, post }) => {
        const found = await Promise.all(soldOf(params).map((s) => findSale(chain, txs, env, agent, params, s)));
        const missing = found.flatMap((f) => (f.ok ? [] : [f.detail]));
        if (missing.length) return { pass: false, detail: missing.join('; ') };
        const total = found.reduce((sum, f) => sum + (f.ok ? f.got : 0n), 0n);
        return compareAmount('USDT received by the recipient', post.recipient - pre.recipient, total, { symbol: 'USDT' });
      },
    },
  ],
});
