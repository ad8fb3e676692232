import { decodeFunctionData, encodeFunctionData, isAddressEqual, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import {
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

type Params = TaskParams<'hard_units_pool_buy_wbtc_quote_fee'>;
type State = { wbtc: bigint; usdt: bigint; least: bigint };
type Ctx = CheckContext<Params, State, HardEnv>;
type Artifact = { abi: unknown[]; bytecode: `0x${string}` };

const POOL = parseAbi([
  'function sync()',
  'function getReserves() view returns (uint256, uint256)',
  'function swapFeeBps() view returns (uint256)',
  'function swap(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
]);
/** What the pool holds (WBTC has 8 decimals): a price of about 94,600 USDT per WBTC. */
const RESERVE_WBTC = parseUnits('3.18460517', 8);
const RESERVE_USDT = parseEther('301240.55');

/** The pool's own output formula (ViewFeePool._out). */
export const poolOut = (amountIn: bigint, rIn: bigint, rOut: bigint, feeBps: bigint): bigint => {
  const inWithFee = amountIn * (10_000n - feeBps);
  return (inWithFee * rOut) / (rIn * 10_000n + inWithFee);
};

/** The least input for which the pool pays at least `want`, at its real fee. */
export function leastInput(want: bigint, rIn: bigint, rOut: bigint, feeBps: bigint): bigint {
  let x = (rIn * want * 10_000n) / ((rOut - want) * (10_000n - feeBps));
  while (poolOut(x, rIn, rOut, feeBps) < want) x += 1n;
  while (x > 0n && poolOut(x - 1n, rIn, rOut, feeBps) >= want) x -= 1n;
  return x;
}

function buySwap({ tx, env, agent, params }: Ctx): boolean {
  if (!tx || !isAddressEqual(tx.to, params.pool)) return false;
  try {
    const call = decodeFunctionData({ abi: POOL, data: tx.data });
    if (call.functionName !== 'swap') return false;
    const [tokenIn, , , to] = call.args as readonly [Address, bigint, bigint, Address];
    return isAddressEqual(tokenIn, env.USDT) && isAddressEqual(to, agent);
  } catch {
    return false;
  }
}

// OtterSwap's WBTC/USDT pool (ViewFeePool at params.pool) charges feeBps (its governance raised it from the
// launch 0.25 %, logged as FeeUpdated and readable as swapFeeBps()), while its getAmountIn/getAmountOut
// helpers still price 0.25 %: an input sized from getAmountIn buys 0.6-1.2 % less WBTC than asked. An
// eth_call of the swap the wallet sends returns what it really pays.
export default defineValidator<Params, State, HardEnv>({
  kind: 'transaction',
  target: ({ params }) => params.pool,
  setup: async ({ chain, env, agent, params }) => {
    await deployContract(chain, Pool as Artifact, params.pool, [env.WBTC, env.USDT, 25n, DEPLOYER]);
    await setTokenBalance(chain, env.WBTC, params.pool, RESERVE_WBTC);
    await setTokenBalance(chain, env.USDT, params.pool, RESERVE_USDT);
    await sendAs(chain, DEPLOYER, params.pool, encodeFunctionData({ abi: POOL, functionName: 'sync' }));
    await chain.test.mine({ blocks: 40, interval: 3 });
    await sendAs(
      chain,
      DEPLOYER,
      params.pool,
      encodeFunctionData({ abi: parseAbi(['function setSwapFee(uint256)']), functionName: 'setSwapFee', args: [BigInt(params.feeBps)] }),
    );
    // The wallet traded here before and left an allowance.
    await approveAs(chain, agent, env.USDT, params.pool, parseEther('2500'));
    await chain.test.mine({ blocks: 25, interval: 3 });
  },
  observe: async ({ chain, env, agent, params }) => {
    const [rWbtc, rUsdt] = await chain.readContract({ address: params.pool, abi: POOL, functionName: 'getReserves' });
    const fee = await chain.readContract({ address: params.pool, abi: POOL, functionName: 'swapFeeBps' });
    return {
      wbtc: await balanceOf(chain, env.WBTC, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      least: leastInput(parseUnits(params.amount, 8), rUsdt, rWbtc, fee),
    };
  },
  checks: [
    {
      name: 'one swap of USDT for WBTC on the pool, to the wallet',
      weight: 20,
      verify: (ctx) => ({ pass: buySwap(ctx), detail: buySwap(ctx) ? 'ok' : 'not swap(USDT, amountIn, minOut, wallet) on the pool' }),
    },
    {
      name: 'the wallet received at least the amount of WBTC',
      weight: 55,
      verify: ({ pre, post, params }) => {
        const want = parseUnits(params.amount, 8);
        const got = post.wbtc - pre.wbtc;
        return compareAmount('WBTC received (at least the amount)', got >= want ? want : got, want, { decimals: 8, symbol: 'WBTC' });
      },
    },
    {
      name: 'no more than 0.1 % more USDT spent than the least that buys the amount',
      weight: 25,
      verify: ({ pre, post }) => {
        const spent = pre.usdt - post.usdt;
        return { pass: spent <= pre.least + pre.least / 1000n, detail: `spent ${spent}; the least input is ${pre.least}` };
      },
    },
  ],
});
