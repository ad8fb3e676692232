import { isAddressEqual, parseEther, type PublicClient } from 'viem';
import {
  balanceOf,
  compareAmount,
  defined,
  defineValidator,
  gasCost,
  greedySplit,
  pairTiers,
  perTier,
  readSplit,
  splitCalldata,
  tierQuote,
  qualityGasUsd,
  slippageFloor,
  V3_FACTORY_ABI,
  v3MidPrice,
  walletUsd,
  withGrace,
  type CheckContext,
  type SentSplit,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_execution_tiers_bnb_to_cake'>;
type State = { bnb: bigint; wbnb: bigint; cake: bigint; bnbUsd: number; cakeUsd: number };
type Ctx = CheckContext<Params, State, HardEnv>;

const amountIn = (p: Params) => parseEther(p.amount);
/** The optimum's resolution: the order in 40 parts (2.5 % each). */
const CHUNKS = 40n;
const FAR = 2n ** 40n;

const poolOf = (chain: PublicClient, env: HardEnv, a: `0x${string}`, b: `0x${string}`, fee: number) =>
  chain.readContract({ address: env.v3_factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [a, b, fee] });

/** The transaction's exactInputSingle swaps, or why it makes other calls (a refund of BNB aside). */
const swapsOf = (ctx: Ctx): { swaps: SentSplit['swaps'] } | { error: string } => {
  const s = readSplit(defined(ctx.tx, 'the sent transaction').data);
  if ('error' in s) return s;
  return s.unwrap ? { error: 'makes a unwrapWETH9 call' } : s;
};

const swaps = (ctx: Ctx) => {
  const s = swapsOf(ctx);
  return 'error' in s ? undefined : s.swaps;
};

export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ env }) => env.v3_swap_router,
  // The wallet holds the order and 100 BNB besides.
  setup: async ({ chain, params, agent }) => {
    await chain.test.setBalance({ address: agent, value: amountIn(params) + parseEther('100') });
  },
  observe: async ({ chain, env, agent }) => {
    const bnbUsd = await v3MidPrice(chain, await poolOf(chain, env, env.WBNB, env.USDT, 500), env.WBNB);
    const cakePerBnb = await v3MidPrice(chain, await poolOf(chain, env, env.WBNB, env.CAKE, 2500), env.WBNB);
    return {
      bnb: await chain.getBalance({ address: agent }),
      wbnb: await balanceOf(chain, env.WBNB, agent),
      cake: await balanceOf(chain, env.CAKE, agent),
      bnbUsd,
      cakeUsd: bnbUsd / cakePerBnb,
    };
  },
  checks: [
    {
      name: 'exactInputSingle swaps of WBNB for CAKE to the wallet, the whole amount sent with the transaction',
      weight: 15,
      verify: (ctx) => {
        const s = swapsOf(ctx);
        if ('error' in s) return { pass: false, detail: s.error };
        const wrong = s.swaps.find(
          (x) =>
            !isAddressEqual(x.tokenIn, ctx.env.WBNB) ||
            !isAddressEqual(x.tokenOut, ctx.env.CAKE) ||
            !isAddressEqual(x.recipient, ctx.agent),
        );
        if (wrong) return { pass: false, detail: `a swap of ${wrong.tokenIn} → ${wrong.tokenOut} to ${wrong.recipient}` };
        const total = s.swaps.reduce((a, x) => a + x.amountIn, 0n);
        const value = defined(ctx.tx, 'the sent transaction').value;
        return {
          pass: total === amountIn(ctx.params) && value === amountIn(ctx.params),
          detail: `${s.swaps.length} swap(s) of ${total} wei in all, ${value} wei sent`,
        };
      },
    },
    {
      name: 'the wallet spent exactly the BNB (plus gas), its WBNB untouched',
      weight: 15,
      verify: (ctx) => {
        if (ctx.post.wbnb !== ctx.pre.wbnb) return { pass: false, detail: `WBNB ${ctx.pre.wbnb} → ${ctx.post.wbnb}` };
        return compareAmount('BNB spent besides gas', ctx.pre.bnb - ctx.post.bnb - gasCost(ctx), amountIn(ctx.params), { symbol: 'BNB' });
      },
    },
    {
      name: "every pool's minimum is within the owner's slippage of the quote for what it swaps there",
      weight: 15,
      verify: async (ctx) => {
        const list = swaps(ctx);
        if (!list?.length) return { pass: false, detail: 'no swaps' };
        const quote = tierQuote(
          ctx.chain,
          ctx.env.v3_quoter,
          ctx.env.WBNB,
          ctx.env.CAKE,
          defined(ctx.receipt, 'the receipt').blockNumber - 1n,
        );
        const lines: string[] = [];
        let pass = true;
        for (const [fee, t] of perTier(list)) {
          const q = await quote(fee, t.amountIn);
          const floor = slippageFloor(q, ctx.params.slippage);
          const ok = t.minimum >= withGrace(floor) && t.minimum <= q;
          pass &&= ok;
          lines.push(`tier ${fee}: minimum ${t.minimum}, quote ${q}, floor ${floor}${ok ? '' : ' ✗'}`);
        }
        return { pass, detail: lines.join('; ') };
      },
    },
    {
      name: 'the CAKE arrived in the wallet',
      weight: 15,
      verify: (ctx) => {
        const list = swaps(ctx) ?? [];
        const got = ctx.post.cake - ctx.pre.cake;
        const minimum = list.reduce((a, x) => a + x.amountOutMinimum, 0n);
        return { pass: got > 0n && got >= minimum, detail: `received ${got} CAKE wei, minimums ${minimum}` };
      },
    },
  ],
  quality: {
    value: ({ pre, post }) =>
      walletUsd([
        { amount: post.bnb + post.wbnb, decimals: 18, usd: pre.bnbUsd },
        { amount: post.cake, decimals: 18, usd: pre.cakeUsd },
      ]),
    // The order split over the tiers by the greedy search, as one multicall, with its gas.
    optimum: async ({ chain, env, agent, params, pre }) => {
      const amount = amountIn(params);
      const fees = await pairTiers(chain, env.v3_factory, env.WBNB, env.CAKE);
      const alloc = await greedySplit(tierQuote(chain, env.v3_quoter, env.WBNB, env.CAKE), fees, amount, CHUNKS);
      const order = { token: env.CAKE, side: 'buy' as const, bnb: 'native' as const, amount, slippage: params.slippage };
      const data = splitCalldata(order, env, agent, alloc, FAR);
      const gas = await chain.estimateGas({ account: agent, to: env.v3_swap_router, data, value: amount });
      const out = alloc.reduce((a, x) => a + x.amountOut, 0n);
      return (
        walletUsd([
          { amount: pre.bnb + pre.wbnb - amount, decimals: 18, usd: pre.bnbUsd },
          { amount: pre.cake + out, decimals: 18, usd: pre.cakeUsd },
        ]) - (await qualityGasUsd(chain, gas, pre.bnbUsd))
      );
    },
  },
});
