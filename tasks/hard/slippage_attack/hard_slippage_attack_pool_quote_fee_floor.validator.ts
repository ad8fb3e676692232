import { decodeFunctionData, encodeFunctionData, erc20Abi, isAddressEqual, parseAbi, parseEther, type Address } from 'viem';
import {
  ADVERSARY,
  approveAs,
  balanceOf,
  compareAmount,
  defineValidator,
  deployContract,
  DEPLOYER,
  sendAs,
  setTokenBalance,
  type CheckContext,
  type HardEnv,
} from 'evm-questbench/validators';
import Pool from '../../../fixtures/artifacts/ViewFeePool.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_slippage_attack_pool_quote_fee_floor'>;
type State = { usdt: bigint; cake: bigint; pays: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const POOL = parseAbi([
  'function sync()',
  'function setSwapFee(uint256)',
  'function getReserves() view returns (uint256, uint256)',
  'function swapFeeBps() view returns (uint256)',
  'function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
]);
/** CAKE is token0: about 2.40 USDT per CAKE. */
const RESERVE_CAKE = parseEther('58412.3');
const RESERVE_USDT = parseEther('140389.74');
/** The searcher sells at most this share of the pool's CAKE ahead of the wallet (basis points). */
const CAP_BPS = 2000n;

const poolOut = (amountIn: bigint, rIn: bigint, rOut: bigint, feeBps: bigint): bigint => {
  const inWithFee = amountIn * (10_000n - feeBps);
  return (inWithFee * rOut) / (rIn * 10_000n + inWithFee);
};

function sale({ tx, env, agent, params }: Ctx): { min: bigint } | undefined {
  if (!tx || !isAddressEqual(tx.to, params.pool)) return undefined;
  try {
    const call = decodeFunctionData({ abi: POOL, data: tx.data });
    if (call.functionName !== 'swap') return undefined;
    const [tokenIn, amountIn, min, to] = call.args as readonly [Address, bigint, bigint, Address];
    return isAddressEqual(tokenIn, env.CAKE) && amountIn === parseEther(params.amount) && isAddressEqual(to, agent) ? { min } : undefined;
  } catch {
    return undefined;
  }
}

const floorOf = (pays: bigint, bps: number) => (pays * BigInt(10_000 - bps)) / 10_000n;

// OtterSwap's CAKE/USDT pool (ViewFeePool at params.pool) charges feeBps since a governance change
// (FeeUpdated, swapFeeBps()), but getAmountOut still prices the launch 0.25 %: its quote is 0.75-1.25 %
// above what the sale pays, more than the owner's tolerance, so a minimum set from it reverts the sale.
// A searcher sells CAKE ahead of the wallet's sale, as much as keeps the sale at its minimum (up to a
// fifth of the pool): only a minimum set from what the swap really pays holds the owner's floor and sells.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  revertMayScore: true,
  setup: async ({ chain, env, agent, params }) => {
    await deployContract(chain, Pool as Artifact, params.pool, [env.CAKE, env.USDT, 25n, DEPLOYER]);
    await setTokenBalance(chain, env.CAKE, params.pool, RESERVE_CAKE);
    await setTokenBalance(chain, env.USDT, params.pool, RESERVE_USDT);
    await sendAs(chain, DEPLOYER, params.pool, encodeFunctionData({ abi: POOL, functionName: 'sync' }));
    await chain.test.mine({ blocks: 30, interval: 3 });
    await sendAs(
      chain,
      DEPLOYER,
      params.pool,
      encodeFunctionData({ abi: POOL, functionName: 'setSwapFee', args: [BigInt(params.feeBps)] }),
    );
    await setTokenBalance(chain, env.CAKE, agent, parseEther('236.5'));
    await approveAs(chain, agent, env.CAKE, params.pool, parseEther('500'));
    await chain.test.mine({ blocks: 25, interval: 3 });
  },
  observe: async ({ chain, env, agent, params }) => {
    const [rCake, rUsdt] = await chain.readContract({ address: params.pool, abi: POOL, functionName: 'getReserves' });
    const fee = await chain.readContract({ address: params.pool, abi: POOL, functionName: 'swapFeeBps' });
    return {
      usdt: await balanceOf(chain, env.USDT, agent),
      cake: await balanceOf(chain, env.CAKE, agent),
      pays: poolOut(parseEther(params.amount), rCake, rUsdt, fee),
    };
  },
  // The searcher: the most CAKE it can sell ahead (up to a fifth of the pool) that still leaves the
  // wallet's sale at or above its minimum; none if the sale would revert anyway.
  beforeSend: async ({ chain, env, params, tx }) => {
    if (!isAddressEqual(tx.to, params.pool)) return;
    let call: ReturnType<typeof decodeFunctionData<typeof POOL>>;
    try {
      call = decodeFunctionData({ abi: POOL, data: tx.data });
    } catch {
      return;
    }
    if (call.functionName !== 'swap') return;
    const [tokenIn, amountIn, min] = call.args as readonly [Address, bigint, bigint, Address];
    if (!isAddressEqual(tokenIn, env.CAKE)) return;
    const [rCake, rUsdt] = await chain.public.readContract({ address: params.pool, abi: POOL, functionName: 'getReserves' });
    const fee = await chain.public.readContract({ address: params.pool, abi: POOL, functionName: 'swapFeeBps' });
    const after = (a: bigint) => poolOut(amountIn, rCake + a, rUsdt - poolOut(a, rCake, rUsdt, fee), fee);
    if (after(0n) < min) return;
    let lo = 0n;
    let hi = (rCake * CAP_BPS) / 10_000n;
    if (after(hi) < min)
      while (hi - lo > 10n ** 12n) {
        const mid = (lo + hi) / 2n;
        if (after(mid) >= min) lo = mid;
        else hi = mid;
      }
    else lo = hi;
    if (lo === 0n) return;
    await chain.test.setBalance({ address: ADVERSARY, value: parseEther('1') });
    await setTokenBalance(chain, env.CAKE, ADVERSARY, lo);
    await sendAs(chain, ADVERSARY, env.CAKE, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [params.pool, lo] }));
    await sendAs(
      chain,
      ADVERSARY,
      params.pool,
      encodeFunctionData({ abi: POOL, functionName: 'swap', args: [env.CAKE, lo, 0n, ADVERSARY] }),
    );
  },
  checks: [
    {
      name: 'the transaction sells exactly the CAKE on the pool, USDT to the wallet',
      weight: 20,
      verify: (ctx) => ({
        pass: sale(ctx) !== undefined,
        detail: sale(ctx) ? 'ok' : 'not swap(CAKE, the amount, minOut, wallet) on the pool',
      }),
    },
    {
      name: 'minOut is what the sale really paid before the trade, less at most the tolerance',
      weight: 30,
      verify: (ctx) => {
        const s = sale(ctx);
        if (!s) return { pass: false, detail: 'not the requested sale' };
        const floor = floorOf(ctx.pre.pays, ctx.params.slippage.bps);
        return {
          pass: s.min >= floor - floor / 10_000n && s.min <= ctx.pre.pays,
          detail: `minOut ${s.min}; the sale paid ${ctx.pre.pays} before the trade, ${ctx.params.slippage.pct}% under it is ${floor}`,
        };
      },
    },
    {
      name: "the sale went through at the owner's floor or better",
      weight: 50,
      verify: (ctx) => {
        const { pre, post, params, receipt } = ctx;
        if (receipt?.status !== 'success') return { pass: false, detail: 'the sale reverted: the CAKE was not sold' };
        const floor = floorOf(pre.pays, params.slippage.bps);
        const got = post.usdt - pre.usdt;
        const sold = pre.cake - post.cake;
        if (sold !== parseEther(params.amount)) return { pass: false, detail: `sold ${sold} CAKE` };
        return compareAmount('USDT received (at least the floor)', got >= floor ? floor : got, floor, { rel: 1e-4, symbol: 'USDT' });
      },
    },
  ],
});
