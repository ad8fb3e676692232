import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  isAddressEqual,
  maxUint256,
  parseEther,
  parseEventLogs,
  toEventSelector,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import {
  allowanceOf,
  approveAs,
  balanceOf,
  defineValidator,
  DEPLOYER,
  fmt,
  issueTokens,
  mintCalls,
  soleExactInputVsQuote,
  ownedPositions,
  principalOf,
  sendAs,
  setTokenBalance,
  successful,
  UINT128_MAX,
  V3_FACTORY_ABI,
  V3_POOL_ABI,
  V3_POSITION_MANAGER_ABI,
  V3_ROUTER_ABI,
  valueInToken1,
  type CheckResult,
  type EpisodeTx,
  type OwnedPosition,
  type HardEnv,
  defined,
} from 'evm-questbench/validators';
import type { TaskParams } from '../../params.ts';

type Params = TaskParams<'hard_precision_v3_rerange'>;
/** A position of the wallet in the WBNB/BUSD 0.05 % pool: what removing it returns now, and what closing it (decrease all, collect all) pays. */
type Held = OwnedPosition & { principal: [bigint, bigint]; owed: [bigint, bigint] };
type State = {
  positions: Held[];
  wbnb: bigint;
  busd: bigint;
  sqrtPrice: bigint;
  tick: number;
  allowances: { wbnbSwap: bigint; busdSwap: bigint; wbnbManager: bigint; busdManager: bigint };
};

const FEE = 500;
const SPACING = 10;
const NFT_TRANSFER = toEventSelector('Transfer(address,address,uint256)');
const sqrtAt = (t: number) => BigInt(Math.floor(Math.sqrt(1.0001 ** t) * 2 ** 96));

const poolOf = (chain: PublicClient, env: HardEnv) =>
  chain.readContract({ address: env.v3_factory, abi: V3_FACTORY_ABI, functionName: 'getPool', args: [env.WBNB, env.BUSD, FEE] });

/** What closing the position pays its owner now: decreaseLiquidity(all) then collect(max, max), as one eth_call. */
async function owedOnClose(chain: PublicClient, manager: Address, owner: Address, p: OwnedPosition): Promise<[bigint, bigint]> {
  const decrease = encodeFunctionData({
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'decreaseLiquidity',
    args: [{ tokenId: p.id, liquidity: p.liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 64n }],
  });
  const collect = encodeFunctionData({
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'collect',
    args: [{ tokenId: p.id, recipient: owner, amount0Max: UINT128_MAX, amount1Max: UINT128_MAX }],
  });
  const { result } = await chain.simulateContract({
    account: owner,
    address: manager,
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'multicall',
    args: [p.liquidity > 0n ? [decrease, collect] : [collect]],
  });
  const paid = decodeFunctionResult({
    abi: V3_POSITION_MANAGER_ABI,
    functionName: 'collect',
    data: defined(result.at(-1), 'the collect result'),
  });
  return [paid[0], paid[1]];
}

/** Every call a position manager transaction makes, multicall unpacked. */
function managerCalls(data: Hex): ReturnType<typeof decodeFunctionData<typeof V3_POSITION_MANAGER_ABI>>[] {
  try {
    const c = decodeFunctionData({ abi: V3_POSITION_MANAGER_ABI, data });
    return c.functionName === 'multicall' ? (c.args[0] as readonly Hex[]).flatMap(managerCalls) : [c];
  } catch {
    return [];
  }
}

/** The position the wallet held in the pool before, with liquidity: the one to close. */
const oldOf = (pre: State): Held | undefined => pre.positions.find((p) => p.liquidity > 0n);
/** The position the episode minted: the one id the wallet holds now and did not before. */
function minted(pre: State, post: State): Held | undefined {
  const fresh = post.positions.filter((p) => !pre.positions.some((q) => q.id === p.id));
  return fresh.length === 1 ? fresh[0] : undefined;
}

/** What the old position's collects paid the wallet over the episode (WBNB, BUSD). */
function collected(txs: EpisodeTx[] | undefined, manager: Address, agent: Address, id: bigint): [bigint, bigint] {
  let [a0, a1] = [0n, 0n];
  for (const t of successful(txs)) {
    for (const l of parseEventLogs({ abi: V3_POSITION_MANAGER_ABI, eventName: 'Collect', logs: t.receipt.logs })) {
      if (!isAddressEqual(l.address, manager) || l.args.tokenId !== id || !isAddressEqual(l.args.recipient, agent)) continue;
      a0 += l.args.amount0;
      a1 += l.args.amount1;
    }
  }
  return [a0, a1];
}

const noOld: CheckResult = { pass: false, detail: 'the wallet held no position to close' };
const noPosition: CheckResult = { pass: false, detail: 'no new position in the wallet' };

export default defineValidator<Params, State, HardEnv>({
  kind: 'workflow',
  // The wallet's position: `size` WBNB and the BUSD beside it over 100 ticks either side of the price,
  // minted for it by the deployer. Then trades sweep the price down into the range and up past its top by
  // `rally` ticks: the position earns fees in both tokens (not yet credited to it: tokensOwed reads 0)
  // and ends all in BUSD, out of range.
  setup: async ({ chain, env, agent, params }) => {
    const [manager, router, wbnb, busd] = [env.v3_position_manager, env.v3_swap_router, env.WBNB, env.BUSD];
    const pool = await poolOf(chain.public, env);
    await issueTokens(chain, env, wbnb, DEPLOYER, parseEther('3000'));
    await setTokenBalance(chain, busd, DEPLOYER, parseEther('3000000'));
    for (const token of [wbnb, busd]) {
      await approveAs(chain, DEPLOYER, token, manager, maxUint256);
      await approveAs(chain, DEPLOYER, token, router, maxUint256);
    }
    const [, tick] = await chain.public.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'slot0' });
    const base = Math.floor(tick / SPACING) * SPACING;
    const [tickLower, tickUpper] = [base - 100, base + 100];
    const deadline = 2n ** 64n;
    const size = parseEther(params.size);
    const mint = { token0: wbnb, token1: busd, fee: FEE, tickLower, tickUpper, amount0Desired: size, amount1Desired: size * 1000n };
    await sendAs(
      chain,
      DEPLOYER,
      manager,
      encodeFunctionData({
        abi: V3_POSITION_MANAGER_ABI,
        functionName: 'mint',
        args: [{ ...mint, amount0Min: 0n, amount1Min: 0n, recipient: agent, deadline }],
      }),
    );
    const sweep = (tokenIn: Address, tokenOut: Address, amountIn: bigint, toTick: number) =>
      sendAs(
        chain,
        DEPLOYER,
        router,
        encodeFunctionData({
          abi: V3_ROUTER_ABI,
          functionName: 'exactInputSingle',
          args: [
            {
              tokenIn,
              tokenOut,
              fee: FEE,
              recipient: DEPLOYER,
              deadline,
              amountIn,
              amountOutMinimum: 0n,
              sqrtPriceLimitX96: sqrtAt(toTick),
            },
          ],
        }),
      );
    await sweep(wbnb, busd, parseEther('2000'), tickLower + 30);
    await sweep(busd, wbnb, parseEther('2000000'), tickUpper + params.rally);
    for (const token of [wbnb, busd]) {
      await approveAs(chain, agent, token, manager, 0n);
      await approveAs(chain, agent, token, router, 0n);
    }
  },
  observe: async ({ chain, env, agent }) => {
    const manager = env.v3_position_manager;
    const [sqrtPrice, tick] = await chain.readContract({ address: await poolOf(chain, env), abi: V3_POOL_ABI, functionName: 'slot0' });
    const positions: Held[] = [];
    for (const p of await ownedPositions(chain, manager, agent)) {
      if (!isAddressEqual(p.token0, env.WBNB) || !isAddressEqual(p.token1, env.BUSD) || p.fee !== FEE) continue;
      positions.push({ ...p, principal: await principalOf(chain, manager, agent, p), owed: await owedOnClose(chain, manager, agent, p) });
    }
    return {
      positions,
      wbnb: await balanceOf(chain, env.WBNB, agent),
      busd: await balanceOf(chain, env.BUSD, agent),
      sqrtPrice,
      tick,
      allowances: {
        wbnbSwap: await allowanceOf(chain, env.WBNB, agent, env.v3_swap_router),
        busdSwap: await allowanceOf(chain, env.BUSD, agent, env.v3_swap_router),
        wbnbManager: await allowanceOf(chain, env.WBNB, agent, manager),
        busdManager: await allowanceOf(chain, env.BUSD, agent, manager),
      },
    };
  },
  checks: [
    {
      // Fees earned since the position was last touched are credited only by the decrease, so a collect
      // sized from tokensOwed read before it, or from what the decrease returned, leaves them behind.
      name: 'everything the old position owed, fees included, was collected to the wallet',
      weight: 25,
      verify: ({ pre, txs, env, agent }) => {
        const old = oldOf(pre);
        if (!old) return noOld;
        const [a0, a1] = collected(txs, env.v3_position_manager, agent, old.id);
        const fees = [old.owed[0] - old.principal[0], old.owed[1] - old.principal[1]];
        return {
          pass: a0 === old.owed[0] && a1 === old.owed[1],
          detail: `collected ${fmt(a0)} WBNB + ${fmt(a1)} BUSD of ${fmt(old.owed[0])} + ${fmt(old.owed[1])} owed (fees ${fmt(fees[0] ?? 0n)} + ${fmt(fees[1] ?? 0n)})`,
        };
      },
    },
    {
      name: 'the old position NFT was burned',
      weight: 20,
      verify: ({ pre, post, txs, env }) => {
        const old = oldOf(pre);
        if (!old) return noOld;
        const burned = successful(txs).some((t) =>
          t.receipt.logs.some(
            (l) =>
              isAddressEqual(l.address, env.v3_position_manager) &&
              l.topics[0] === NFT_TRANSFER &&
              l.topics.length === 4 &&
              BigInt(l.topics[2] ?? 1) === 0n &&
              BigInt(l.topics[3] ?? -1) === old.id,
          ),
        );
        return {
          pass: burned && !post.positions.some((p) => p.id === old.id),
          detail: `position ${old.id} ${burned ? 'burned' : 'not burned'}`,
        };
      },
    },
    {
      name: 'the decrease minimums are within the slippage limit of what it returned',
      weight: 5,
      verify: ({ pre, txs, env, params }) => {
        const old = oldOf(pre);
        if (!old) return noOld;
        const manager = env.v3_position_manager;
        for (const t of successful(txs)) {
          if (!isAddressEqual(t.tx.to, manager)) continue;
          const event = parseEventLogs({ abi: V3_POSITION_MANAGER_ABI, eventName: 'DecreaseLiquidity', logs: t.receipt.logs }).find(
            (l) => l.args.tokenId === old.id && l.args.liquidity > 0n,
          );
          const call = managerCalls(t.tx.data).find((c) => c.functionName === 'decreaseLiquidity');
          if (!event || call?.functionName !== 'decreaseLiquidity') continue;
          const p = call.args[0];
          const within = (min: bigint, got: bigint) => min <= got && min * 100n + 100n >= got * BigInt(100 - params.slippage);
          return {
            pass: within(p.amount0Min, event.args.amount0) && within(p.amount1Min, event.args.amount1),
            detail: `minimums ${fmt(p.amount0Min)} / ${fmt(p.amount1Min)} for ${fmt(event.args.amount0)} / ${fmt(event.args.amount1)} returned`,
          };
        }
        return { pass: false, detail: 'no decrease of the old position' };
      },
    },
    {
      name: 'a new position in the WBNB/BUSD 0.05 % pool over the current tick (rounded down to the spacing) ± the half-width',
      weight: 20,
      verify: ({ pre, post, params }) => {
        const p = minted(pre, post);
        if (!p) return noPosition;
        const centre = Math.floor(pre.tick / SPACING) * SPACING;
        const [lo, hi] = [centre - params.half, centre + params.half];
        const pass = p.tickLower === lo && p.tickUpper === hi && p.liquidity > 0n;
        return { pass, detail: `position [${p.tickLower}, ${p.tickUpper}], expected [${lo}, ${hi}] (tick ${pre.tick})` };
      },
    },
    {
      // Valued in BUSD at the pool's price at the end; the swap's fee and impact cost far less than 1 %.
      name: 'the new position holds at least 99 % of what the collect paid, at most 0.5 % is left unused, and nothing else went in',
      weight: 20,
      verify: ({ pre, post, txs, env, agent }) => {
        const old = oldOf(pre);
        const p = minted(pre, post);
        if (!old) return noOld;
        if (!p) return noPosition;
        const [c0, c1] = collected(txs, env.v3_position_manager, agent, old.id);
        const [d0, d1] = [post.wbnb - pre.wbnb, post.busd - pre.busd];
        if (d0 < 0n || d1 < 0n) return { pass: false, detail: `the wallet's other funds went in: WBNB ${fmt(d0)}, BUSD ${fmt(d1)}` };
        const value = (a: bigint, b: bigint) => valueInToken1(a, b, post.sqrtPrice);
        const [total, held, idle] = [value(c0, c1), value(...p.principal), value(d0, d1)];
        if (total === 0n) return { pass: false, detail: 'nothing was collected' };
        const pct = (x: bigint) => Number((x * 10000n) / total) / 100;
        return {
          pass: held * 100n >= total * 99n && idle * 1000n <= total * 5n,
          detail: `position ${pct(held)} %, unused ${pct(idle)} % (${fmt(d0)} WBNB, ${fmt(d1)} BUSD) of the ${fmt(c0)} WBNB + ${fmt(c1)} BUSD collected`,
        };
      },
    },
    {
      name: "one exact-input swap in the 0.05 % pool, minimum within the slippage limit of the quoter's quote",
      weight: 5,
      verify: ({ chain, txs, env, params }) =>
        soleExactInputVsQuote(chain, txs, {
          router: env.v3_swap_router,
          quoter: env.v3_quoter,
          pair: [env.WBNB, env.BUSD],
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
        const [d0, d1] = [post.wbnb - pre.wbnb, post.busd - pre.busd];
        const clean =
          a.wbnbSwap === 0n && a.busdSwap === 0n && a.wbnbManager <= (d0 > 0n ? d0 : 0n) && a.busdManager <= (d1 > 0n ? d1 : 0n);
        return {
          pass: within(m.amount0Min, m.amount0Desired) && within(m.amount1Min, m.amount1Desired) && clean,
          detail: `minimums ${fmt(m.amount0Min)} / ${fmt(m.amount1Min)} of ${fmt(m.amount0Desired)} / ${fmt(m.amount1Desired)}; allowances left: SwapRouter ${fmt(a.wbnbSwap)} WBNB / ${fmt(a.busdSwap)} BUSD, position manager ${fmt(a.wbnbManager)} WBNB / ${fmt(a.busdManager)} BUSD`,
        };
      },
    },
  ],
});
