import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  isAddressEqual,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  defineValidator,
  deployContract,
  DEPLOYER,
  fmt,
  mintCalls,
  soleExactInputVsQuote,
  minOutVsReturn,
  ownedPositions,
  principalOf,
  sendAs,
  setTokenBalance,
  successful,
  transferred,
  transferredInEpisode,
  V3_FACTORY_ABI,
  V3_POOL_ABI,
  valueInToken1,
  type CheckResult,
  type EpisodeTx,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import RewardPool from '../../../fixtures/artifacts/RewardPool.json' with { type: 'json' };
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_long_horizon_v2_farm_to_v3_range'>;
/** A position of the wallet with what removing it would return now. */
type Held = {
  id: bigint;
  token0: Address;
  token1: Address;
  fee: number;
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  principal: [bigint, bigint];
};
type State = {
  staked: bigint;
  lp: bigint;
  usdt: bigint;
  wbnb: bigint;
  positions: Held[];
  sqrtPrice: bigint;
  allowances: { lpRouter: bigint; lpFarm: bigint; usdtSwap: bigint; wbnbSwap: bigint; usdtManager: bigint; wbnbManager: bigint };
};

const FEE = 2500;
const SPACING = 50;
/** CAKE per second per whole staked LP token, as the mirror's own reward pool pays. */
const REWARD_RATE = parseEther('0.01');
const FARM = parseAbi(['function deposit(uint256 amount)', 'function stakedOf(address) view returns (uint256)']);
const V2_REMOVE = parseAbi([
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256)',
]);

/** removeLiquidity's arguments, when the calldata is one. */
function removal(data: Hex) {
  try {
    return decodeFunctionData({ abi: V2_REMOVE, data });
  } catch {
    return undefined;
  }
}

const poolOf = (chain: PublicClient, env: HardEnv) =>
  chain.readContract({ address: env.v3_factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [env.USDT, env.WBNB, FEE] });

/**
 * The range's ticks: USDT is token0 and WBNB token1 (both 18 decimals), so the pool's price is WBNB per
 * USDT, the inverse of USDT per BNB: the low end in USDT per BNB is the high tick. Widened outward.
 */
function expectedTicks(sqrtPriceX96: bigint, pct: number): [number, number] {
  const ln = Math.log(1.0001);
  const current = (2 * Math.log(Number(sqrtPriceX96) / 2 ** 96)) / ln;
  const lower = current - Math.log(1 + pct / 100) / ln;
  const upper = current - Math.log(1 - pct / 100) / ln;
  return [Math.floor(lower / SPACING) * SPACING, Math.ceil(upper / SPACING) * SPACING];
}

/** The position the episode minted: the one id the wallet holds now and did not before. */
function minted(pre: State, post: State): Held | undefined {
  const fresh = post.positions.filter((p) => !pre.positions.some((q) => q.id === p.id));
  return fresh.length === 1 ? fresh[0] : undefined;
}

/** What removing the liquidity paid the wallet: USDT and WBNB from the pair over the episode. */
const returned = (txs: EpisodeTx[] | undefined, env: HardEnv, agent: Address) => ({
  usdt: transferredInEpisode(txs, env.USDT, env.pair_WBNB_USDT, agent),
  wbnb: transferredInEpisode(txs, env.WBNB, env.pair_WBNB_USDT, agent),
});

const noPosition: CheckResult = { pass: false, detail: 'no new position in the wallet' };

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // The farm (the mirror's RewardPool, for this pair) with the wallet's whole LP staked in it; no standing
  // allowance of the LP or of USDT to the routers, so every approval the migration needs is its own.
  setup: async ({ chain, env, agent, params }) => {
    const pair = env.pair_WBNB_USDT;
    await deployContract(chain, RewardPool as { abi: unknown[]; bytecode: Hex }, params.farm, [pair, env.CAKE, REWARD_RATE]);
    await setTokenBalance(chain, env.CAKE, params.farm, parseEther('10000'));
    const stake = parseEther(params.lp);
    const held = await balanceOf(chain.public, pair, agent);
    if (held > stake) {
      await sendAs(chain, agent, pair, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEPLOYER, held - stake] }));
    }
    await approveAs(chain, agent, pair, params.farm, stake);
    await sendAs(chain, agent, params.farm, encodeFunctionData({ abi: FARM, functionName: 'deposit', args: [stake] }));
    await approveAs(chain, agent, pair, env.router, 0n);
    await approveAs(chain, agent, env.USDT, env.v3_swap_router, 0n);
    await approveAs(chain, agent, env.WBNB, env.v3_swap_router, 0n);
  },
  observe: async ({ chain, env, agent, params }) => {
    const manager = env.v3_position_manager;
    const pair = env.pair_WBNB_USDT;
    const [sqrtPrice] = await chain.readContract({ address: await poolOf(chain, env), abi: V3_POOL_ABI, functionName: 'slot0' });
    const positions: Held[] = [];
    for (const p of await ownedPositions(chain, manager, agent))
      positions.push({ ...p, principal: await principalOf(chain, manager, agent, p) });
    return {
      staked: await chain.readContract({ address: params.farm, abi: FARM, functionName: 'stakedOf', args: [agent] }),
      lp: await balanceOf(chain, pair, agent),
      usdt: await balanceOf(chain, env.USDT, agent),
      wbnb: await balanceOf(chain, env.WBNB, agent),
      positions,
      sqrtPrice,
      allowances: {
        lpRouter: await allowanceOf(chain, pair, agent, env.router),
        lpFarm: await allowanceOf(chain, pair, agent, params.farm),
        usdtSwap: await allowanceOf(chain, env.USDT, agent, env.v3_swap_router),
        wbnbSwap: await allowanceOf(chain, env.WBNB, agent, env.v3_swap_router),
        usdtManager: await allowanceOf(chain, env.USDT, agent, manager),
        wbnbManager: await allowanceOf(chain, env.WBNB, agent, manager),
      },
    };
  },
  checks: [
    {
      name: 'the whole stake was withdrawn from the farm with its CAKE reward',
      weight: 5,
      verify: ({ pre, post, txs, env, agent, params }) => {
        const reward = transferredInEpisode(txs, env.CAKE, params.farm, agent);
        // An emergency withdrawal returns the stake and forfeits the reward: no CAKE comes from the farm.
        return {
          pass: pre.staked > 0n && post.staked === 0n && reward > 0n,
          detail: `staked ${fmt(pre.staked)} → ${fmt(post.staked)} LP; CAKE reward paid ${fmt(reward)}`,
        };
      },
    },
    {
      name: 'all the LP was removed through the V2 router, minimums within the slippage limit of what it returned',
      weight: 5,
      verify: ({ post, txs, env, agent, params }) => {
        if (post.lp !== 0n || post.staked !== 0n)
          return { pass: false, detail: `LP left: ${fmt(post.lp)} in the wallet, ${fmt(post.staked)} staked` };
        for (const t of successful(txs)) {
          if (!isAddressEqual(t.tx.to, env.router)) continue;
          const call = removal(t.tx.data);
          if (!call) continue;
          const [tokenA, , , minA, minB] = call.args;
          const got = (token: Address) => transferred(t.receipt, token, env.pair_WBNB_USDT, agent);
          const [a, b] = isAddressEqual(tokenA, env.USDT) ? [env.USDT, env.WBNB] : [env.WBNB, env.USDT];
          const ra = minOutVsReturn(minA, got(a), params.slippage);
          const rb = minOutVsReturn(minB, got(b), params.slippage);
          return { pass: ra.pass && rb.pass, detail: `first token: ${ra.detail}; second: ${rb.detail}` };
        }
        return { pass: false, detail: 'no removeLiquidity through the V2 router' };
      },
    },
    {
      name: "a new position in the USDT/WBNB 0.25 % pool with the range's ticks",
      weight: 42,
      verify: ({ pre, post, env, params }) => {
        const p = minted(pre, post);
        if (!p) return noPosition;
        const [lo, hi] = expectedTicks(pre.sqrtPrice, params.pct);
        const pass =
          isAddressEqual(p.token0, env.USDT) &&
          isAddressEqual(p.token1, env.WBNB) &&
          p.fee === FEE &&
          p.tickLower === lo &&
          p.tickUpper === hi &&
          p.liquidity > 0n;
        return { pass, detail: `position ${p.fee} [${p.tickLower}, ${p.tickUpper}], expected ${FEE} [${lo}, ${hi}]` };
      },
    },
    {
      // Valued in WBNB at the pool's price at the end; the swap's fee and impact cost far less than 1 %.
      name: 'the position holds at least 99 % of what the removal returned, at most 0.25 % is left unused, and nothing else went in',
      weight: 33,
      verify: ({ pre, post, txs, env, agent }) => {
        const p = minted(pre, post);
        if (!p) return noPosition;
        const r = returned(txs, env, agent);
        if (r.usdt === 0n || r.wbnb === 0n) return { pass: false, detail: 'the liquidity was not removed to the wallet' };
        const [du, dw] = [post.usdt - pre.usdt, post.wbnb - pre.wbnb];
        if (du < 0n || dw < 0n) return { pass: false, detail: `the wallet's other funds went in: USDT ${fmt(du)}, WBNB ${fmt(dw)}` };
        const value = (a: bigint, b: bigint) => valueInToken1(a, b, post.sqrtPrice);
        const [total, held, idle] = [value(r.usdt, r.wbnb), value(...p.principal), value(du, dw)];
        const bps = (x: bigint) => Number((x * 10000n) / total) / 100;
        return {
          pass: held * 100n >= total * 99n && idle * 10000n <= total * 25n,
          detail: `position ${bps(held)} %, unused ${bps(idle)} % (${fmt(du)} USDT, ${fmt(dw)} WBNB) of the ${fmt(r.usdt)} USDT + ${fmt(r.wbnb)} WBNB returned`,
        };
      },
    },
    {
      name: "one exact-input swap in the 0.25 % pool, minimum within the slippage limit of the quoter's quote",
      weight: 10,
      verify: ({ chain, txs, env, params }) =>
        soleExactInputVsQuote(chain, txs, {
          router: env.v3_swap_router,
          quoter: env.v3_quoter,
          pair: [env.USDT, env.WBNB],
          fee: FEE,
          slippage: params.slippage,
        }),
    },
    {
      name: "the mint's minimums are within the slippage limit, and no allowance is left but the position manager's for what the mint did not use",
      weight: 5,
      verify: ({ pre, post, txs, env, params }) => {
        const mints = mintCalls(txs, env.v3_position_manager);
        if (mints.length !== 1 || !minted(pre, post)) return noPosition;
        const m = defined(mints[0], 'the mint');
        const within = (min: bigint, offered: bigint) => min <= offered && min * 100n + 100n >= offered * BigInt(100 - params.slippage);
        const a = post.allowances;
        const [du, dw] = [post.usdt - pre.usdt, post.wbnb - pre.wbnb];
        const clean =
          a.lpRouter === 0n &&
          a.lpFarm === 0n &&
          a.usdtSwap === 0n &&
          a.wbnbSwap === 0n &&
          a.usdtManager <= (du > 0n ? du : 0n) &&
          a.wbnbManager <= (dw > 0n ? dw : 0n);
        return {
          pass: within(m.amount0Min, m.amount0Desired) && within(m.amount1Min, m.amount1Desired) && clean,
          detail: `minimums ${fmt(m.amount0Min)} / ${fmt(m.amount1Min)} of ${fmt(m.amount0Desired)} / ${fmt(m.amount1Desired)}; allowances left: LP router ${fmt(a.lpRouter)}, LP farm ${fmt(a.lpFarm)}, SwapRouter ${fmt(a.usdtSwap)} USDT / ${fmt(a.wbnbSwap)} WBNB, position manager ${fmt(a.usdtManager)} USDT / ${fmt(a.wbnbManager)} WBNB`,
        };
      },
    },
  ],
});
