import { decodeFunctionData, isAddressEqual, parseAbi, parseEventLogs, parseUnits, type Address, type PublicClient } from 'viem';
import {
  allowanceOf,
  approvalSent,
  approveAs,
  compareAmount,
  defineValidator,
  fmt,
  minOutVsQuote,
  quoteOut,
  selectorOf,
  successful,
  SWAP_EXACT_TOKENS_FOR_ETH,
  transferred,
  type CheckResult,
  type EpisodeTx,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_venus_leverage_loop'>;
/** Supplied value and debt value at the Venus oracle (USD × 1e18), the router's USDT allowance. */
type State = { collateral: bigint; debt: bigint; allowance: bigint };

const VENUS = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function exchangeRateCurrent() returns (uint256)',
  'function borrowBalanceCurrent(address) returns (uint256)',
  'function getUnderlyingPrice(address) view returns (uint256)',
]);
const WITHDRAWAL = parseAbi(['event Withdrawal(address indexed src, uint256 wad)']);
const BORROW = selectorOf('borrow(uint256)');
const MINT = selectorOf('mint()');
const E18 = 10n ** 18n;

/** Collateral and debt values at a block (current values through eth_call: interest accrued to it). */
async function position(
  chain: PublicClient,
  env: HardEnv,
  agent: Address,
  blockNumber?: bigint,
): Promise<{ collateral: bigint; debt: bigint }> {
  const at = blockNumber === undefined ? {} : { blockNumber };
  const [vTokens, rate, owed, bnbPrice, usdtPrice] = await Promise.all([
    chain.readContract({ address: env.vBNB, abi: VENUS, functionName: 'balanceOf', args: [agent], ...at }),
    chain
      .simulateContract({ address: env.vBNB, abi: VENUS, functionName: 'exchangeRateCurrent', account: agent, ...at })
      .then((r) => r.result),
    chain
      .simulateContract({ address: env.vUSDT, abi: VENUS, functionName: 'borrowBalanceCurrent', args: [agent], account: agent, ...at })
      .then((r) => r.result),
    chain.readContract({ address: env.venus_oracle, abi: VENUS, functionName: 'getUnderlyingPrice', args: [env.vBNB], ...at }),
    chain.readContract({ address: env.venus_oracle, abi: VENUS, functionName: 'getUnderlyingPrice', args: [env.vUSDT], ...at }),
  ]);
  return { collateral: (((vTokens * rate) / E18) * bnbPrice) / E18, debt: (owed * usdtPrice) / E18 };
}

type Steps = {
  borrows: { t: EpisodeTx; amount: bigint }[];
  sales: { t: EpisodeTx; sold: bigint; bnb: bigint }[];
  supplies: { t: EpisodeTx; amount: bigint }[];
};

/** The episode's successful borrows of USDT, USDT → BNB sales through the router, and BNB supplies, in order. */
function stepsOf(txs: EpisodeTx[] | undefined, env: HardEnv, agent: Address): Steps {
  const ok = successful(txs);
  const to = (t: EpisodeTx, a: Address) => isAddressEqual(t.tx.to, a);
  const sel = (t: EpisodeTx) => t.tx.data.slice(0, 10).toLowerCase();
  return {
    borrows: ok
      .filter((t) => to(t, env.vUSDT) && sel(t) === BORROW)
      .map((t) => ({ t, amount: transferred(t.receipt, env.USDT, env.vUSDT, agent) })),
    sales: ok
      .filter((t) => to(t, env.router) && transferred(t.receipt, env.USDT, agent) > 0n)
      .map((t) => ({
        t,
        sold: transferred(t.receipt, env.USDT, agent),
        bnb: parseEventLogs({ abi: WITHDRAWAL, logs: t.receipt.logs })
          .filter((l) => isAddressEqual(l.address, env.WBNB) && isAddressEqual(l.args.src, env.router))
          .reduce((s, l) => s + l.args.wad, 0n),
      })),
    supplies: ok.filter((t) => to(t, env.vBNB) && sel(t) === MINT).map((t) => ({ t, amount: t.tx.value })),
  };
}

const before = (a: EpisodeTx | undefined, b: EpisodeTx | undefined) => !!a && !!b && a.receipt.blockNumber < b.receipt.blockNumber;

/** Loop `i` (0 or 1): its sale came after its borrow and sold exactly what was borrowed. */
function saleOf(s: Steps, i: number): CheckResult {
  const [b, x] = [s.borrows[i], s.sales[i]];
  if (!b || !x || !before(b.t, x.t)) return { pass: false, detail: `no USDT → BNB sale after borrow ${i + 1}` };
  return compareAmount(`USDT sold in loop ${i + 1}`, x.sold, b.amount, { symbol: 'USDT' });
}

/** Loop `i`: its supply came after its sale and supplied exactly the BNB the sale paid. */
function supplyOf(s: Steps, i: number): CheckResult {
  const [x, m] = [s.sales[i], s.supplies[i]];
  if (!x || !m || !before(x.t, m.t) || s.supplies.length !== 2)
    return { pass: false, detail: `expected two BNB supplies, loop ${i + 1}'s after its sale (found ${s.supplies.length})` };
  return compareAmount(`BNB supplied in loop ${i + 1}`, m.amount, x.bnb, { symbol: 'BNB' });
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // The starting wallet: 2 BNB supplied and entered, no debt; no router allowance for USDT.
  setup: ({ chain, env, agent }) => approveAs(chain, agent, env.USDT, env.router, 0n),
  observe: async ({ chain, env, agent }) => ({
    ...(await position(chain, env, agent)),
    allowance: await allowanceOf(chain, env.USDT, agent, env.router),
  }),
  checks: [
    {
      name: 'the first borrow is exactly the stated USDT',
      weight: 5,
      verify: ({ txs, env, agent, params }) => {
        const b = stepsOf(txs, env, agent).borrows[0];
        return b
          ? compareAmount('first borrow', b.amount, parseUnits(params.borrow, 18), { symbol: 'USDT' })
          : { pass: false, detail: 'no successful USDT borrow' };
      },
    },
    {
      name: 'the first sale sold exactly the USDT borrowed',
      weight: 5,
      verify: ({ txs, env, agent }) => saleOf(stepsOf(txs, env, agent), 0),
    },
    {
      name: 'the first supply is exactly the BNB the first sale paid',
      weight: 22,
      verify: ({ txs, env, agent }) => supplyOf(stepsOf(txs, env, agent), 0),
    },
    {
      name: 'the second borrow is the most whole USDT that keeps the ratio',
      weight: 20,
      verify: async ({ chain, txs, env, agent, params }) => {
        const s = stepsOf(txs, env, agent);
        const b = s.borrows[1];
        if (!b || s.borrows.length !== 2 || !before(s.supplies[0]?.t, b.t))
          return { pass: false, detail: `expected a second borrow after the first supply (found ${s.borrows.length} borrows)` };
        const p = await position(chain, env, agent, b.t.receipt.blockNumber - 1n);
        const room = (p.collateral * 100n) / BigInt(params.ratio) - p.debt;
        const want = (room / E18) * E18;
        // A whole unit lower is the same answer read one block earlier at a unit boundary.
        const pass = b.amount === want || b.amount === want - E18;
        return { pass, detail: `borrowed ${fmt(b.amount)} USDT; the most whole USDT at ${params.ratio} % was ${fmt(want)}` };
      },
    },
    {
      name: 'the second sale sold exactly the USDT borrowed',
      weight: 5,
      verify: ({ txs, env, agent }) => saleOf(stepsOf(txs, env, agent), 1),
    },
    {
      name: 'the second supply is exactly the BNB the second sale paid',
      weight: 22,
      verify: ({ txs, env, agent }) => supplyOf(stepsOf(txs, env, agent), 1),
    },
    {
      name: "both sales' minimums are within the slippage limit of the quote",
      weight: 5,
      verify: async ({ chain, txs, env, agent, params }) => {
        const sales = stepsOf(txs, env, agent).sales;
        if (sales.length !== 2) return { pass: false, detail: `expected two sales, found ${sales.length}` };
        for (const x of sales) {
          let min: bigint;
          try {
            min = decodeFunctionData({ abi: SWAP_EXACT_TOKENS_FOR_ETH, data: x.t.tx.data }).args[1] as bigint;
          } catch {
            return { pass: false, detail: 'a sale is not an exact-input swap for BNB' };
          }
          const quote = await quoteOut(chain, env.router, x.sold, [env.USDT, env.WBNB], x.t.receipt.blockNumber - 1n);
          const r = minOutVsQuote(min, quote, params.slippage);
          if (!r.pass) return r;
        }
        return { pass: true, detail: 'both minimums within the limit' };
      },
    },
    {
      name: 'each sale was approved and no router allowance is left',
      weight: 5,
      verify: ({ txs, env, post }) => ({
        pass: approvalSent(txs, env.USDT, env.router) && post.allowance === 0n,
        detail: `USDT allowance of the router left: ${fmt(post.allowance)}`,
      }),
    },
    {
      name: 'the collateral ratio ends at or above the target',
      weight: 11,
      verify: ({ txs, env, agent, post, params }) => {
        const s = stepsOf(txs, env, agent);
        if (s.borrows.length !== 2) return { pass: false, detail: 'the second loop did not borrow' };
        const ok = post.debt > 0n && post.collateral * 100n >= BigInt(params.ratio) * post.debt;
        return { pass: ok, detail: `collateral ${fmt(post.collateral)} USD, debt ${fmt(post.debt)} USD` };
      },
    },
  ],
});
