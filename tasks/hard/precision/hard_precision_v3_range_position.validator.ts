import { decodeFunctionData, parseAbi, parseEther, type Address, type Hex } from 'viem';
import {
  allowanceOf,
  approvalCalls,
  balanceOf,
  compareAmount,
  defineValidator,
  type EpisodeTx,
  type HardEnv,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_v3_range_position'>;
interface Position {
  token0: Address;
  token1: Address;
  fee: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
}
type State = { usdt: bigint; wbtc: bigint; count: bigint; last?: Position; sqrtPrice: bigint; allowUsdt: bigint; allowWbtc: bigint };

const NPM = parseAbi([
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'function mint(MintParams params) payable returns (uint256, uint128, uint256, uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
  'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128)',
]);
const POOL = parseAbi(['function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint32, bool)']);
const FACTORY = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const FEE = 500;
const SPACING = 10;
const Q96 = 2n ** 96n;

/** USDT (18 decimals) is token0 and WBTC (8) token1: the pool's price is 1e-10 / (USD per WBTC); ends widen outward. */
function expectedTicks(p: Params): [number, number] {
  const tickOf = (usd: number) => Math.log(1e-10 / usd) / Math.log(1.0001);
  return [Math.floor(Math.floor(tickOf(p.high)) / SPACING) * SPACING, Math.ceil(Math.ceil(tickOf(p.low)) / SPACING) * SPACING];
}
const sqrtAt = (t: number) => BigInt(Math.floor(Math.sqrt(1.0001 ** t) * 2 ** 96));

/** The mint call of the episode that succeeded. */
function mintCall(txs: readonly EpisodeTx[] | undefined, npm: Address) {
  for (const t of txs ?? []) {
    if (t.receipt.status !== 'success' || t.tx.to.toLowerCase() !== npm.toLowerCase()) continue;
    try {
      const c = decodeFunctionData({ abi: NPM, data: t.tx.data as Hex });
      if (c.functionName === 'mint') return c.args[0];
    } catch {
      /* not a mint */
    }
  }
  return undefined;
}

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  observe: async ({ chain, env, agent }) => {
    const npm = env.v3_position_manager;
    const count = await chain.readContract({ address: npm, abi: NPM, functionName: 'balanceOf', args: [agent] });
    const id =
      count > 0n
        ? await chain.readContract({ address: npm, abi: NPM, functionName: 'tokenOfOwnerByIndex', args: [agent, count - 1n] })
        : undefined;
    const pos = id === undefined ? undefined : await chain.readContract({ address: npm, abi: NPM, functionName: 'positions', args: [id] });
    const pool = await chain.readContract({
      address: env.v3_factory,
      abi: FACTORY,
      functionName: 'getPool',
      args: [env.USDT, env.WBTC, FEE],
    });
    const [sqrtPrice] = await chain.readContract({ address: pool, abi: POOL, functionName: 'slot0' });
    return {
      usdt: await balanceOf(chain, env.USDT, agent),
      wbtc: await balanceOf(chain, env.WBTC, agent),
      count,
      ...(pos ? { last: { token0: pos[2], token1: pos[3], fee: pos[4], tickLower: pos[5], tickUpper: pos[6], liquidity: pos[7] } } : {}),
      sqrtPrice,
      allowUsdt: await allowanceOf(chain, env.USDT, agent, npm),
      allowWbtc: await allowanceOf(chain, env.WBTC, agent, npm),
    };
  },
  checks: [
    {
      name: "a new position in the USDT/WBTC 0.05 % pool with the range's ticks",
      weight: 40,
      verify: ({ pre, post, params, env }) => {
        if (post.count !== pre.count + 1n || !post.last) return { pass: false, detail: 'no new position in the wallet' };
        const [lo, hi] = expectedTicks(params);
        const p = post.last;
        const pass =
          p.token0.toLowerCase() === env.USDT.toLowerCase() &&
          p.token1.toLowerCase() === env.WBTC.toLowerCase() &&
          p.fee === FEE &&
          p.tickLower === lo &&
          p.tickUpper === hi;
        return { pass, detail: `position ${p.fee} [${p.tickLower}, ${p.tickUpper}], expected ${FEE} [${lo}, ${hi}]` };
      },
    },
    {
      // The liquidity that amount of USDT buys over that range at the pool's price, and the WBTC it takes.
      name: 'deposited the USDT asked for and the WBTC the range needs',
      weight: 25,
      verify: ({ pre, post, params }) => {
        if (post.count !== pre.count + 1n || !post.last) return { pass: false, detail: 'no new position' };
        const [lo, hi] = expectedTicks(params);
        const [sa, sb, sc] = [sqrtAt(lo), sqrtAt(hi), pre.sqrtPrice];
        const amount0 = parseEther(params.usdt);
        const liquidity = (amount0 * ((sc * sb) / Q96)) / (sb - sc);
        const usdt = compareAmount('USDT deposited', pre.usdt - post.usdt, amount0, { rel: 1e-4, symbol: 'USDT' });
        if (!usdt.pass) return usdt;
        const wbtc = compareAmount('WBTC deposited', pre.wbtc - post.wbtc, (liquidity * (sc - sa)) / Q96, {
          rel: 1e-3,
          symbol: 'WBTC',
          decimals: 8,
        });
        if (!wbtc.pass) return wbtc;
        return compareAmount('position liquidity', post.last.liquidity, liquidity, { rel: 1e-4 });
      },
    },
    {
      name: "the mint's minimums are 1 % below the amounts deposited",
      weight: 15,
      verify: ({ pre, post, txs, env }) => {
        const m = mintCall(txs, env.v3_position_manager);
        if (!m) return { pass: false, detail: 'no successful mint' };
        const [used0, used1] = [pre.usdt - post.usdt, pre.wbtc - post.wbtc];
        const near = (min: bigint, used: bigint) => min <= used && min * 1000n >= used * 985n;
        return {
          pass: near(m.amount0Min, used0) && near(m.amount1Min, used1),
          detail: `minimums ${m.amount0Min} / ${m.amount1Min} for ${used0} / ${used1}`,
        };
      },
    },
    {
      name: 'the approvals were exact: at most 0.1 % of them left',
      weight: 20,
      verify: ({ pre, post, txs, env }) => {
        if (post.count !== pre.count + 1n) return { pass: false, detail: 'no new position' };
        const [used0, used1] = [pre.usdt - post.usdt, pre.wbtc - post.wbtc];
        const over = (token: Address, used: bigint) =>
          approvalCalls(txs, token, env.v3_position_manager).find((g) => g.amount > used + used / 1000n + 2n);
        const bad = over(env.USDT, used0) ?? over(env.WBTC, used1);
        if (bad) return { pass: false, detail: `an approval of ${bad.amount} is more than the deposit needs` };
        const pass = post.allowUsdt <= used0 / 1000n + 2n && post.allowWbtc <= used1 / 1000n + 2n;
        return { pass, detail: `left ${post.allowUsdt} USDT / ${post.allowWbtc} WBTC base units` };
      },
    },
  ],
});
