// PancakeSwap V3 on the hard chain: the published contracts at their canonical BSC addresses, pools at the
// CREATE2 addresses BSC has, and the calls a task uses (quotes that match swaps, multi-hop paths, exact
// output, positions) behaving as on BSC.
import {
  concat,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  keccak256,
  numberToHex,
  pad,
  parseEther,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BSC } from '../src/chain/addresses.ts';
import { V3_FACTORY_ABI, V3_POOL_ABI, V3_POSITION_MANAGER_ABI, V3_QUOTER_ABI, V3_ROUTER_ABI } from '../src/chain/hard-abis.ts';
import { HARD_V3_POOLS } from '../src/chain/hard-spec.ts';
import { poolStart } from '../src/chain/pancake-v3-place.ts';
import { loadPancakeV3, PANCAKE_V3, poolDeployerCode, V3_FEE_TIERS, type PancakeV3Build } from '../src/chain/pancake-v3.ts';
import { loadArtifacts } from '../src/chain/artifacts.ts';
import { approveAll, DEADLINE, openHardChain, type HardChain } from './helpers/hard-chain.ts';

let h: HardChain;
let v3: PancakeV3Build;
beforeAll(async () => {
  v3 = loadPancakeV3();
  h = await openHardChain();
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

/** The runtime code `artifact`'s constructor returns, without deploying anything. */
async function runtime(artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []): Promise<Hex> {
  const data = encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args: args as never });
  return h.chain.request<Hex>('eth_call', [{ data, gas: '0x1c9c380' }, 'latest']);
}

const path = (...hops: (Address | number)[]): Hex =>
  concat(hops.map((x) => (typeof x === 'number' ? pad(numberToHex(x), { size: 3 }) : x)));

describe('the published contracts at the canonical addresses', () => {
  test('the pool creation code hashes to the init code hash the periphery derives pool addresses with', () => {
    expect(v3.poolInitCodeHash).toBe('0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2');
    expect(keccak256(v3.pool.bytecode)).toBe(v3.poolInitCodeHash);
  });

  test("factory, periphery and pool deployer carry the packages' code, constructed as on BSC", async () => {
    const periphery = [PANCAKE_V3.poolDeployer, PANCAKE_V3.factory, BSC.WBNB];
    // Compared by hash, so a mismatch reports two hashes instead of two 50 kB strings.
    const code = async (address: Address) => keccak256((await h.chain.public.getCode({ address }))!);
    const runtimeOf = async (artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []) =>
      keccak256(await runtime(artifact, args));
    expect(await code(PANCAKE_V3.factory)).toBe(await runtimeOf(v3.factory, [PANCAKE_V3.poolDeployer]));
    expect(await code(PANCAKE_V3.swapRouter)).toBe(await runtimeOf(v3.swapRouter, periphery));
    expect(await code(PANCAKE_V3.quoterV2)).toBe(await runtimeOf(v3.quoterV2, periphery));
    expect(await code(PANCAKE_V3.positionManager)).toBe(await runtimeOf(v3.positionManager, [...periphery, PANCAKE_V3.positionDescriptor]));
    const deployer = loadArtifacts().get('V3PoolDeployer')!;
    expect(await code(PANCAKE_V3.poolDeployer)).toBe(keccak256(poolDeployerCode(deployer.deployedBytecode, v3.pool.bytecode)));
  });

  test('every pool is the published pool, at the CREATE2 address BSC gives its tokens and fee', async () => {
    expect(h.manifest.hard.v3.pools).toHaveLength(HARD_V3_POOLS.length);
    const read = (address: Address, functionName: 'factory' | 'token0' | 'token1' | 'fee') =>
      h.chain.public.readContract({ address, abi: V3_POOL_ABI, functionName });
    for (const p of h.manifest.hard.v3.pools) {
      const derived = getContractAddress({
        opcode: 'CREATE2',
        from: PANCAKE_V3.poolDeployer,
        salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [p.token0, p.token1, p.fee])),
        bytecodeHash: v3.poolInitCodeHash,
      });
      expect(derived, p.key).toBe(p.address);
      expect(
        await h.chain.public.readContract({
          address: PANCAKE_V3.factory,
          abi: V3_FACTORY_ABI,
          functionName: 'getPool',
          args: [p.token0, p.token1, p.fee],
        }),
        p.key,
      ).toBe(p.address);
      // The address derives from the creation code's hash; the immutables say it was constructed for this key.
      expect(
        [await read(p.address, 'factory'), await read(p.address, 'token0'), await read(p.address, 'token1'), await read(p.address, 'fee')],
        p.key,
      ).toEqual([PANCAKE_V3.factory, p.token0, p.token1, p.fee]);
      expect(p.tickSpacing, p.key).toBe(V3_FEE_TIERS[p.fee as keyof typeof V3_FEE_TIERS]);
    }
    // BSC's own WBNB/USDT 0.05 % pool (as indexers and exploit write-ups name it) is where the mirror's is.
    expect(h.manifest.hard.v3.pools.find((p) => p.key === 'USDT_WBNB_500')!.address).toBe('0x36696169C63e42cd08ce11f5deeBbCeBae652050');
  });

  test("fee tiers are PancakeSwap's: 100, 500, 2500, 10000 and no 3000", async () => {
    const spacing = (fee: number) =>
      h.chain.public.readContract({ address: PANCAKE_V3.factory, abi: V3_FACTORY_ABI, functionName: 'feeAmountTickSpacing', args: [fee] });
    expect(await Promise.all([100, 500, 2500, 10000, 3000].map(spacing))).toEqual([1, 10, 50, 200, 0]);
  });

  test('the deepest tier differs by pair (liquidity at the current price)', async () => {
    const deepest = (token0: string, token1: string) => {
      const pools = h.manifest.hard.v3.pools.filter((p) => p.key.startsWith(`${token0}_${token1}_`));
      return pools.reduce((a, b) => (BigInt(a.liquidity) > BigInt(b.liquidity) ? a : b)).fee;
    };
    // liquidity() compares within a pair only (it is sqrt(x·y), in the pair's raw units).
    expect(deepest('USDT', 'WBNB')).toBe(500);
    expect(deepest('WBNB', 'BUSD')).toBe(2500);
    expect(deepest('CAKE', 'WBNB')).toBe(2500);
    expect(deepest('CAKE', 'USDT')).toBe(2500);
    expect(deepest('WBNB', 'WBTC')).toBe(500);
    expect(deepest('USDT', 'USDCet')).toBe(100);
    expect(deepest('USDT', 'BUSD')).toBe(100);
    expect(deepest('FLOKI', 'WBNB')).toBe(10000);
    for (const p of h.manifest.hard.v3.pools) {
      const live = await h.chain.public.readContract({ address: p.address, abi: V3_POOL_ABI, functionName: 'liquidity' });
      expect(live.toString(), p.key).toBe(p.liquidity);
    }
  });

  test("pools start at the V2 pools' prices", () => {
    for (const spec of HARD_V3_POOLS) {
      const { token0, token1, sqrtPriceX96 } = poolStart(spec.a, spec.b);
      const p = h.manifest.hard.v3.pools.find((x) => x.key === `${token0}_${token1}_${spec.fee}`)!;
      expect(BigInt(p.sqrtPriceX96), p.key).toBe(sqrtPriceX96);
    }
  });
});

describe('swaps', () => {
  const quoteIn = (tokenIn: Address, tokenOut: Address, amountIn: bigint, fee: number) =>
    h.chain.public.simulateContract({
      address: PANCAKE_V3.quoterV2,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
    });

  test('exactInputSingle at every tier delivers exactly the QuoterV2 quote', async () => {
    const trader = await h.account('v3-trader', { WBNB: parseEther('40') });
    await approveAll(h.chain, trader, PANCAKE_V3.swapRouter, [BSC.WBNB]);
    const quotes: bigint[] = [];
    for (const fee of [100, 500, 2500, 10000]) {
      const amountIn = parseEther('2');
      const { result } = await quoteIn(BSC.WBNB, BSC.USDT, amountIn, fee);
      const before = await h.balanceOf(BSC.USDT, trader);
      const r = await h.send(trader, PANCAKE_V3.swapRouter, V3_ROUTER_ABI, 'exactInputSingle', [
        {
          tokenIn: BSC.WBNB,
          tokenOut: BSC.USDT,
          fee,
          recipient: trader,
          deadline: DEADLINE,
          amountIn,
          amountOutMinimum: result[0],
          sqrtPriceLimitX96: 0n,
        },
      ]);
      expect(r.status, `fee ${fee}`).toBe('success');
      expect((await h.balanceOf(BSC.USDT, trader)) - before, `fee ${fee}`).toBe(result[0]);
      quotes.push(result[0]);
    }
    // 2 BNB at ≈ 600 USD: every tier quotes near 1200 USDT, the cheaper and deeper tiers more.
    for (const q of quotes) expect(Number(q / 10n ** 15n) / 1000).toBeGreaterThan(1150);
    expect(quotes[1]!).toBeGreaterThan(quotes[3]!);
  });

  test("a swap at a fee tier with no pool (Uniswap's 3000) reverts, and so does its quote", async () => {
    const trader = await h.account('v3-3000', { WBNB: parseEther('5') });
    await approveAll(h.chain, trader, PANCAKE_V3.swapRouter, [BSC.WBNB]);
    await expect(quoteIn(BSC.WBNB, BSC.USDT, parseEther('1'), 3000)).rejects.toThrow();
    const r = await h.send(trader, PANCAKE_V3.swapRouter, V3_ROUTER_ABI, 'exactInputSingle', [
      {
        tokenIn: BSC.WBNB,
        tokenOut: BSC.USDT,
        fee: 3000,
        recipient: trader,
        deadline: DEADLINE,
        amountIn: parseEther('1'),
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ]);
    expect(r.status).toBe('reverted');
    expect(await h.balanceOf(BSC.WBNB, trader)).toBe(parseEther('5'));
  });

  test('exactInput along a two-hop path (CAKE → WBNB at 2500 → USDT at 500) delivers the quoteExactInput amount', async () => {
    const trader = await h.account('v3-hop', { CAKE: parseEther('1000') });
    await approveAll(h.chain, trader, PANCAKE_V3.swapRouter, [BSC.CAKE]);
    const p = path(BSC.CAKE, 2500, BSC.WBNB, 500, BSC.USDT);
    const { result } = await h.chain.public.simulateContract({
      address: PANCAKE_V3.quoterV2,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactInput',
      args: [p, parseEther('1000')],
    });
    const r = await h.send(trader, PANCAKE_V3.swapRouter, V3_ROUTER_ABI, 'exactInput', [
      { path: p, recipient: trader, deadline: DEADLINE, amountIn: parseEther('1000'), amountOutMinimum: result[0] },
    ]);
    expect(r.status).toBe('success');
    expect(await h.balanceOf(BSC.USDT, trader)).toBe(result[0]);
    expect(Number(result[0] / 10n ** 18n)).toBeGreaterThan(2350); // 1000 CAKE ≈ 2400 USD less two fees
  });

  test('exactOutputSingle takes exactly the quoteExactOutputSingle input, and BNB sent as value pays a WBNB input', async () => {
    const trader = await h.account('v3-out');
    const amountOut = parseEther('300');
    const { result } = await h.chain.public.simulateContract({
      address: PANCAKE_V3.quoterV2,
      abi: V3_QUOTER_ABI,
      functionName: 'quoteExactOutputSingle',
      args: [{ tokenIn: BSC.WBNB, tokenOut: BSC.USDT, amount: amountOut, fee: 500, sqrtPriceLimitX96: 0n }],
    });
    const before = await h.chain.public.getBalance({ address: trader });
    const swap = routerCall('exactOutputSingle', [
      {
        tokenIn: BSC.WBNB,
        tokenOut: BSC.USDT,
        fee: 500,
        recipient: trader,
        deadline: DEADLINE,
        amountOut,
        amountInMaximum: parseEther('1'),
        sqrtPriceLimitX96: 0n,
      },
    ]);
    const r = await h.send(
      trader,
      PANCAKE_V3.swapRouter,
      V3_ROUTER_ABI,
      'multicall',
      [[swap, routerCall('refundETH', [])]],
      parseEther('1'),
    );
    expect(r.status).toBe('success');
    expect(await h.balanceOf(BSC.USDT, trader)).toBe(amountOut);
    const spent = before - (await h.chain.public.getBalance({ address: trader })) - r.gasUsed * r.effectiveGasPrice;
    expect(spent).toBe(result[0]);
  });
});

/** Router calldata, for multicall. */
function routerCall(functionName: 'exactOutputSingle' | 'refundETH', args: readonly unknown[]): Hex {
  return encodeFunctionData({ abi: V3_ROUTER_ABI, functionName, args } as never);
}

describe('positions through the position manager', () => {
  test('mint, increase, decrease and collect move exactly what the calls report', async () => {
    const lp = await h.account('v3-lp', { WBNB: parseEther('20'), USDT: parseEther('20000') });
    await approveAll(h.chain, lp, PANCAKE_V3.positionManager, [BSC.WBNB, BSC.USDT]);
    const pool = h.manifest.hard.v3.pools.find((p) => p.key === 'USDT_WBNB_500')!;
    const [tickLower, tickUpper] = [Math.floor(pool.tick / 10) * 10 - 500, Math.floor(pool.tick / 10) * 10 + 500];
    const bal = async () => [await h.balanceOf(BSC.USDT, lp), await h.balanceOf(BSC.WBNB, lp)] as const;
    const NPM = V3_POSITION_MANAGER_ABI;

    let [usdt, wbnb] = await bal();
    let r = await h.send(lp, PANCAKE_V3.positionManager, NPM, 'mint', [
      {
        token0: pool.token0,
        token1: pool.token1,
        fee: 500,
        tickLower,
        tickUpper,
        amount0Desired: parseEther('6000'),
        amount1Desired: parseEther('10'),
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: lp,
        deadline: DEADLINE,
      },
    ]);
    expect(r.status).toBe('success');
    const [minted] = parseEventLogs({ abi: NPM, logs: r.logs, eventName: 'IncreaseLiquidity' });
    const tokenId = minted!.args.tokenId;
    expect(
      await h.chain.public.readContract({ address: PANCAKE_V3.positionManager, abi: NPM, functionName: 'ownerOf', args: [tokenId] }),
    ).toBe(lp);
    let [usdt2, wbnb2] = await bal();
    expect([usdt - usdt2, wbnb - wbnb2]).toEqual([minted!.args.amount0, minted!.args.amount1]);
    [usdt, wbnb] = [usdt2, wbnb2];

    r = await h.send(lp, PANCAKE_V3.positionManager, NPM, 'increaseLiquidity', [
      { tokenId, amount0Desired: parseEther('600'), amount1Desired: parseEther('1'), amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE },
    ]);
    const [increased] = parseEventLogs({ abi: NPM, logs: r.logs, eventName: 'IncreaseLiquidity' });
    [usdt2, wbnb2] = await bal();
    expect([usdt - usdt2, wbnb - wbnb2]).toEqual([increased!.args.amount0, increased!.args.amount1]);

    // Someone trades through the range, so the position earns fees.
    const trader = await h.account('v3-fee-trader', { WBNB: parseEther('50') });
    await approveAll(h.chain, trader, PANCAKE_V3.swapRouter, [BSC.WBNB]);
    await h.send(trader, PANCAKE_V3.swapRouter, V3_ROUTER_ABI, 'exactInputSingle', [
      {
        tokenIn: BSC.WBNB,
        tokenOut: BSC.USDT,
        fee: 500,
        recipient: trader,
        deadline: DEADLINE,
        amountIn: parseEther('50'),
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ]);

    const position = await h.chain.public.readContract({
      address: PANCAKE_V3.positionManager,
      abi: NPM,
      functionName: 'positions',
      args: [tokenId],
    });
    const liquidity = position[7];
    expect(liquidity).toBe(minted!.args.liquidity + increased!.args.liquidity);
    r = await h.send(lp, PANCAKE_V3.positionManager, NPM, 'decreaseLiquidity', [
      { tokenId, liquidity: liquidity / 2n, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE },
    ]);
    expect(r.status).toBe('success');
    const [decreased] = parseEventLogs({ abi: NPM, logs: r.logs, eventName: 'DecreaseLiquidity' });
    const owed = await h.chain.public.readContract({
      address: PANCAKE_V3.positionManager,
      abi: NPM,
      functionName: 'positions',
      args: [tokenId],
    });
    expect(owed[7]).toBe(liquidity - liquidity / 2n);
    // Decreasing moves nothing to the wallet: the principal joins the fees the trade earned, owed to the position.
    expect(await bal()).toEqual([usdt2, wbnb2]);
    expect(owed[10]).toBeGreaterThanOrEqual(decreased!.args.amount0);
    expect(owed[11]).toBeGreaterThan(decreased!.args.amount1); // the trade sold WBNB into the range: WBNB fees
    [usdt, wbnb] = await bal();
    const max = 2n ** 128n - 1n;
    const { result } = await h.chain.public.simulateContract({
      address: PANCAKE_V3.positionManager,
      abi: NPM,
      functionName: 'collect',
      args: [{ tokenId, recipient: lp, amount0Max: max, amount1Max: max }],
      account: lp,
    });
    expect(result).toEqual([owed[10], owed[11]]);
    r = await h.send(lp, PANCAKE_V3.positionManager, NPM, 'collect', [{ tokenId, recipient: lp, amount0Max: max, amount1Max: max }]);
    expect(r.status).toBe('success');
    [usdt2, wbnb2] = await bal();
    expect([usdt2 - usdt, wbnb2 - wbnb]).toEqual([result[0], result[1]]);
  });

  test('a mint with the wrong tick spacing for the tier reverts', async () => {
    const lp = await h.account('v3-bad-ticks', { WBNB: parseEther('5'), USDT: parseEther('5000') });
    await approveAll(h.chain, lp, PANCAKE_V3.positionManager, [BSC.WBNB, BSC.USDT]);
    const pool = h.manifest.hard.v3.pools.find((p) => p.key === 'USDT_WBNB_2500')!;
    const r = await h.send(lp, PANCAKE_V3.positionManager, V3_POSITION_MANAGER_ABI, 'mint', [
      {
        token0: pool.token0,
        token1: pool.token1,
        fee: 2500,
        tickLower: pool.tick - 1010,
        tickUpper: pool.tick + 1010,
        amount0Desired: parseEther('1000'),
        amount1Desired: parseEther('1'),
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: lp,
        deadline: DEADLINE,
      },
    ]);
    expect(pool.tick % 50 === 0 && 1010 % 50 === 0).toBe(false);
    expect(r.status).toBe('reverted');
  });
});
