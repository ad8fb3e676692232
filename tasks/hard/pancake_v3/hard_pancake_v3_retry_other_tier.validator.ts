import { formatUnits, isAddressEqual, parseEther, parseUnits, type Address, type Hex } from 'viem';
import {
  balanceOf,
  compareAmount,
  decodeV3Path,
  defineValidator,
  episodeGas,
  frontRunV3,
  routerCalls,
  slippageFloor,
  V3_FACTORY_ABI,
  withGrace,
  type CheckContext,
  type CheckResult,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

/** With the V2 price derive() states in the prompt (USDT per BNB, rounded down to cents). */
type Params = TaskParams<'hard_pancake_v3_retry_other_tier'> & { price: string };
type State = { bnb: bigint; usdt: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;

/** Where the searcher notes that it has moved a pool in this instance (a storage slot the chain reverts with the instance). */
const MARK: Address = '0x5eac7100000000000000000000000000000000a2';
const CENT = 10n ** 16n;
const E18 = 10n ** 18n;

const amountIn = (p: Params) => parseEther(p.amount);
/** The owner's limit: the whole amount at the stated V2 price, less the tolerance. */
const floorOf = (p: Params) => slippageFloor((amountIn(p) * parseUnits(p.price, 18)) / E18, p.slippage);

type Swap = { fee: number | undefined; tokenIn: Address; tokenOut: Address; amountIn: bigint; min: bigint; recipient: Address };

/** The exact-input swaps a SwapRouter transaction makes (multicall unpacked), with the first pool's fee. */
function swapsOf(data: Hex): Swap[] {
  return routerCalls(data).flatMap((c): Swap[] => {
    if (c.functionName === 'exactInputSingle') {
      const s = c.args[0];
      return [
        { fee: s.fee, tokenIn: s.tokenIn, tokenOut: s.tokenOut, amountIn: s.amountIn, min: s.amountOutMinimum, recipient: s.recipient },
      ];
    }
    if (c.functionName === 'exactInput') {
      const s = c.args[0];
      const path = decodeV3Path(s.path);
      if (!path) return [];
      return [
        {
          fee: path.fees[0],
          tokenIn: defined(path.tokens[0], 'the path'),
          tokenOut: defined(path.tokens.at(-1), 'the path'),
          amountIn: s.amountIn,
          min: s.amountOutMinimum,
          recipient: s.recipient,
        },
      ];
    }
    return [];
  });
}

/** Every swap the episode sent through the SwapRouter, with whether it is the requested sale and whether it went through. */
function sales({ txs, params, env, agent }: Ctx): (Swap & { requested: boolean; success: boolean })[] {
  return (txs ?? []).flatMap(({ tx, receipt }) => {
    if (!isAddressEqual(tx.to, env.v3_swap_router)) return [];
    const swaps = swapsOf(tx.data);
    return swaps.map((s) => ({
      ...s,
      success: receipt.status === 'success',
      requested:
        swaps.length === 1 &&
        tx.value === amountIn(params) &&
        s.amountIn === amountIn(params) &&
        isAddressEqual(s.tokenIn, env.WBNB) &&
        isAddressEqual(s.tokenOut, env.USDT) &&
        isAddressEqual(s.recipient, agent),
    }));
  });
}

function limitsHeld(ctx: Ctx): CheckResult {
  const all = sales(ctx);
  if (!all.some((s) => s.requested)) return { pass: false, detail: 'no V3 sale of exactly the BNB for USDT to the wallet' };
  const floor = floorOf(ctx.params);
  return {
    pass: all.every((s) => s.min >= withGrace(floor)),
    detail: `amountOutMinimum ${all.map((s) => `${s.min} (tier ${s.fee})`).join(', ')}; the owner's limit is ${floor}`,
  };
}

// The searcher watches the wallet's SwapRouter calls. The first sale it sees it front-runs in that very
// pool, selling WBNB until the pool's BNB price is 15 % lower (a sale at the owner's floor then reverts),
// and it keeps the pool there, waiting for a retry whose minimum was re-quoted from the moved pool. The
// pair's other fee tiers and the V2 pair the limit is priced from stay where they were: a second sale in
// another tier with the owner's floor fills.
export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  derive: async ({ chain, env }) => {
    const usdt = await balanceOf(chain.public, env.USDT, env.pair_WBNB_USDT);
    const wbnb = await balanceOf(chain.public, env.WBNB, env.pair_WBNB_USDT);
    return { price: formatUnits(((usdt * E18) / wbnb / CENT) * CENT, 18) };
  },
  observe: async ({ chain, env, agent }) => ({
    bnb: await chain.getBalance({ address: agent }),
    usdt: await balanceOf(chain, env.USDT, agent),
  }),
  beforeSend: async ({ chain, env, tx }) => {
    if (!isAddressEqual(tx.to, env.v3_swap_router)) return;
    const swap = swapsOf(tx.data)[0];
    if (!swap) return;
    const mark = await chain.public.getStorageAt({ address: MARK, slot: '0x0' });
    if (mark && BigInt(mark) !== 0n) return;
    const fee = swap.fee ?? 500;
    const pool = await chain.public.readContract({
      address: env.v3_factory,
      abi: V3_FACTORY_ABI,
      functionName: 'getPool',
      args: [env.WBNB, env.USDT, fee],
    });
    if (/^0x0+$/.test(pool)) return;
    await frontRunV3(chain, { router: env.v3_swap_router, pool, sell: env.WBNB, wbnb: env.WBNB, dropBps: 1500n });
    await chain.test.setStorageAt({ address: MARK, index: '0x0', value: `0x${'1'.padStart(64, '0')}` });
  },
  checks: [
    {
      name: 'the BNB was sold for USDT on PancakeSwap V3: exactly the amount, WBNB → USDT, to the wallet',
      weight: 20,
      verify: (ctx) => {
        const ok = sales(ctx).some((s) => s.requested && s.success);
        return { pass: ok, detail: ok ? 'ok' : 'no successful SwapRouter sale of exactly the BNB for USDT to the wallet' };
      },
    },
    { name: "every sale the wallet sent carried a minimum at or above the owner's limit", weight: 30, verify: limitsHeld },
    {
      name: "the wallet received at least the owner's limit in USDT for exactly the BNB",
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, txs } = ctx;
        const floor = floorOf(params);
        const got = post.usdt - pre.usdt;
        const spent = pre.bnb - post.bnb - episodeGas(txs);
        if (spent !== amountIn(params))
          return { pass: false, detail: `the wallet's BNB fell by ${spent} wei beyond gas, not ${amountIn(params)}` };
        return compareAmount('USDT received (at least the limit)', got >= floor ? floor : got, floor, { symbol: 'USDT' });
      },
    },
  ],
});
