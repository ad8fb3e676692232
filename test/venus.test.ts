// The Venus core pool on the hard chain: the package's BSC contracts at their recorded addresses, markets
// configured as the spec says, and the behaviour tasks depend on — supply, enterMarkets, borrow, repay,
// redeem, the account-liquidity arithmetic, and which failures revert and which return an error code in a
// successful receipt that changes nothing.
import { maxUint256, parseAbi, parseEther, parseEventLogs, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { BSC } from '../src/chain/addresses.ts';
import { LENDING_ORACLE_ABI, VBNB_ABI, VENUS_COMPTROLLER_ABI, VTOKEN_ABI } from '../src/chain/hard-abis.ts';
import { VENUS_BSC, VENUS_MARKETS } from '../src/chain/hard-spec.ts';
import { approveAll, openHardChain, type HardChain } from './helpers/hard-chain.ts';

let h: HardChain;
let C: Address;
let vBNB: Address;
let vUSDT: Address;
beforeAll(async () => {
  h = await openHardChain();
  C = h.manifest.hard.venus.comptroller;
  vBNB = h.manifest.hard.venus.markets.vBNB!.address;
  vUSDT = h.manifest.hard.venus.markets.vUSDT!.address;
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const ONE = 10n ** 18n;
const ZERO = '0x0000000000000000000000000000000000000000' as const;
/** Exp × Exp and Exp × scalar as Venus truncates them. */
const mulExp = (a: bigint, b: bigint) => (a * b) / ONE;

const read = <F extends string>(address: Address, abi: readonly unknown[], functionName: F, args: readonly unknown[] = []) =>
  h.chain.public.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never }) as Promise<never>;

/** An account that supplied `bnb` BNB to vBNB, entered as collateral unless told otherwise. */
async function supplier(name: string, bnb: string, enter = true): Promise<Address> {
  const who = await h.account(name);
  expect((await h.send(who, vBNB, VBNB_ABI, 'mint', [], parseEther(bnb))).status).toBe('success');
  if (enter) expect((await h.send(who, C, VENUS_COMPTROLLER_ABI, 'enterMarkets', [[vBNB]])).status).toBe('success');
  return who;
}

describe('the contracts', () => {
  test('the Unitroller delegates to the Diamond and facets at the addresses the package records for BSC', async () => {
    const v = h.manifest.hard.venus;
    expect(v.comptroller).toBe(VENUS_BSC.comptroller);
    expect(await read(C, VENUS_COMPTROLLER_ABI, 'comptrollerImplementation')).toBe('0xA66B2b5D50ce68A125bBad6B2265b637868c6E66');
    const facets = (await read(C, parseAbi(['function facetAddresses() view returns (address[])']), 'facetAddresses')) as Address[];
    expect([...facets].sort()).toEqual(Object.values(v.facets).sort());
    expect(Object.values(v.facets)).toContain('0x8930B02c69EDd37464B50991680D306Bb9B8FDBD'); // PolicyFacet
    for (const key of ['vUSDT', 'vBUSD', 'vCAKE', 'vWBTC'])
      expect(await read(v.markets[key]!.address, VTOKEN_ABI, 'implementation'), key).toBe('0xCDfea50f7CECCB24Fe804657DB8E6c93b689941e');
    expect(await read(C, VENUS_COMPTROLLER_ABI, 'oracle')).toBe(v.oracle);
  });

  test("every market is listed with the spec's factors, rate model and the oracle's prices scaled by 1e(36 − decimals)", async () => {
    const all = (await read(C, VENUS_COMPTROLLER_ABI, 'getAllMarkets')) as Address[];
    expect([...all].sort()).toEqual(VENUS_MARKETS.map((m) => m.address).sort());
    for (const m of VENUS_MARKETS) {
      const [listed, cf, , lt, li, , borrowAllowed] = (await read(C, VENUS_COMPTROLLER_ABI, 'markets', [m.address])) as [
        boolean,
        bigint,
        boolean,
        bigint,
        bigint,
        bigint,
        boolean,
      ];
      expect([listed, cf, lt, li, borrowAllowed], m.key).toEqual([
        true,
        parseEther(m.collateralFactor),
        parseEther(m.liquidationThreshold),
        parseEther('1.1'),
        true,
      ]);
      expect(await read(m.address, VTOKEN_ABI, 'reserveFactorMantissa'), m.key).toBe(parseEther(m.reserveFactor));
      expect(await read(m.address, VTOKEN_ABI, 'decimals'), m.key).toBe(8);
      expect((await read(m.address, VTOKEN_ABI, 'totalBorrows')) as bigint, m.key).toBeGreaterThanOrEqual(m.borrow === '0' ? 0n : 1n);
    }
    const price = (key: string) =>
      read(h.manifest.hard.venus.oracle, LENDING_ORACLE_ABI, 'getUnderlyingPrice', [h.manifest.hard.venus.markets[key]!.address]);
    expect(await price('vBNB')).toBe(parseUnits('600', 18));
    expect(await price('vUSDT')).toBe(parseUnits('1', 18));
    expect(await price('vCAKE')).toBe(parseUnits('2.4', 18));
    expect(await price('vWBTC')).toBe(parseUnits('95000', 28)); // 8-decimal underlying
    expect(await read(C, VENUS_COMPTROLLER_ABI, 'closeFactorMantissa')).toBe(parseEther('0.5'));
  });
});

describe('supply, borrow, repay, redeem', () => {
  test('the borrow limit is Σ vTokens × exchange rate × price × collateral factor, and borrowing reduces it by debt × price', async () => {
    const who = await supplier('venus-liquidity', '10');
    const vTokens = (await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])) as bigint;
    const rate = (await read(vBNB, VTOKEN_ABI, 'exchangeRateStored')) as bigint;
    const price = (await read(h.manifest.hard.venus.oracle, LENDING_ORACLE_ABI, 'getUnderlyingPrice', [vBNB])) as bigint;
    const expected = mulExp(mulExp(mulExp(parseEther('0.8'), rate), price), vTokens);
    const limit = () =>
      read(C, VENUS_COMPTROLLER_ABI, 'getHypotheticalAccountLiquidity', [who, ZERO, 0n, 0n]) as Promise<[bigint, bigint, bigint]>;
    const [err, liquidity, shortfall] = await limit();
    expect([err, liquidity, shortfall]).toEqual([0n, expected, 0n]);
    // BNB's liquidation threshold equals its collateral factor, so getAccountLiquidity agrees here.
    expect(await read(C, VENUS_COMPTROLLER_ABI, 'getAccountLiquidity', [who])).toEqual([0n, expected, 0n]);
    expect(Number(liquidity / 10n ** 15n) / 1000).toBeCloseTo(4800, 0); // 10 BNB × 600 × 0.8

    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('1000')])).status).toBe('success');
    expect(await h.balanceOf(BSC.USDT, who)).toBe(parseEther('1000'));
    const debt = (await read(vUSDT, VTOKEN_ABI, 'borrowBalanceStored', [who])) as bigint;
    const [, after] = await limit();
    expect(after).toBe(expected - mulExp(parseEther('1'), debt));
  });

  test('"borrow as much USDT as keeps my account at ≥ 150 % collateral", computed from on-chain reads', async () => {
    const who = await supplier('venus-150', '10');
    // Collateral value (not weighted by the collateral factor) of the entered markets, in USD × 1e18.
    const vTokens = (await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])) as bigint;
    const rate = (await read(vBNB, VTOKEN_ABI, 'exchangeRateStored')) as bigint;
    const bnbPrice = (await read(h.manifest.hard.venus.oracle, LENDING_ORACLE_ABI, 'getUnderlyingPrice', [vBNB])) as bigint;
    const usdtPrice = (await read(h.manifest.hard.venus.oracle, LENDING_ORACLE_ABI, 'getUnderlyingPrice', [vUSDT])) as bigint;
    const collateralUsd = mulExp(mulExp(rate, vTokens), bnbPrice);
    // ratio = collateral / debt ≥ 1.5  ⇒  debt ≤ collateral / 1.5; the collateral factor (0.8 ⇒ 125 %) does not bind.
    const maxBorrow = (((collateralUsd * 2n) / 3n) * ONE) / usdtPrice;
    expect(Number(maxBorrow / 10n ** 15n) / 1000).toBeCloseTo(4000, 0); // 10 BNB × 600 USD / 1.5 (plus the interest vBNB earned)
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [maxBorrow])).status).toBe('success');
    const debt = (await read(vUSDT, VTOKEN_ABI, 'borrowBalanceStored', [who])) as bigint;
    expect(debt).toBe(maxBorrow);
    expect((collateralUsd * 1000n) / mulExp(debt, usdtPrice)).toBeGreaterThanOrEqual(1500n);
    expect((collateralUsd * 1000n) / mulExp(debt + parseEther('1'), usdtPrice)).toBeLessThan(1500n);
  });

  test('repayBorrow(max) clears the debt with accrued interest; redeem returns the supply', async () => {
    const who = await supplier('venus-repay', '5');
    await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('500')]);
    await h.account('venus-repay', { USDT: parseEther('600') }); // tops up USDT for the interest
    await approveAll(h.chain, who, vUSDT, [BSC.USDT]);
    await h.chain.test.mine({ blocks: 100 });
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'repayBorrow', [maxUint256])).status).toBe('success');
    expect(await read(vUSDT, VTOKEN_ABI, 'borrowBalanceStored', [who])).toBe(0n);
    expect(await h.balanceOf(BSC.USDT, who)).toBeLessThan(parseEther('600')); // interest was paid
    const vTokens = (await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])) as bigint;
    const before = await h.chain.public.getBalance({ address: who });
    const r = await h.send(who, vBNB, VBNB_ABI, 'redeem', [vTokens]);
    expect(r.status).toBe('success');
    expect(await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])).toBe(0n);
    const got = (await h.chain.public.getBalance({ address: who })) - before + r.gasUsed * r.effectiveGasPrice;
    expect(got).toBeGreaterThanOrEqual(parseEther('5') - 1n);
  });

  test('an 8-decimal underlying (WBTC) is priced at 1e28 per whole token; getAccountLiquidity measures the liquidation threshold, borrows the collateral factor', async () => {
    const vWBTC = h.manifest.hard.venus.markets.vWBTC!.address;
    const who = await h.account('venus-wbtc', { WBTC: parseUnits('0.1', 8) });
    await approveAll(h.chain, who, vWBTC, [h.manifest.hard.tokens.WBTC!.address]);
    expect((await h.send(who, vWBTC, VTOKEN_ABI, 'mint', [parseUnits('0.1', 8)])).status).toBe('success');
    await h.send(who, C, VENUS_COMPTROLLER_ABI, 'enterMarkets', [[vWBTC]]);
    const [, byThreshold] = (await read(C, VENUS_COMPTROLLER_ABI, 'getAccountLiquidity', [who])) as [bigint, bigint];
    const [, byFactor] = (await read(C, VENUS_COMPTROLLER_ABI, 'getHypotheticalAccountLiquidity', [who, ZERO, 0n, 0n])) as [bigint, bigint];
    expect(Number(byThreshold / 10n ** 15n) / 1000).toBeCloseTo(7600, 0); // 0.1 × 95000 × 0.80 (liquidation threshold)
    expect(Number(byFactor / 10n ** 15n) / 1000).toBeCloseTo(7125, 0); // 0.1 × 95000 × 0.75 (collateral factor)
    // A borrow sized by getAccountLiquidity overshoots the limit and reverts; one within the collateral factor works.
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [byThreshold])).status).toBe('reverted');
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [byFactor - parseEther('1')])).status).toBe('success');
  });
});

describe('what reverts and what returns an error code', () => {
  const failures = (logs: Parameters<typeof parseEventLogs>[0]['logs']) =>
    parseEventLogs({ abi: VENUS_COMPTROLLER_ABI, logs, eventName: 'Failure' }).map((l) => [l.args.err, l.args.info, l.args.detail]);

  test('borrowing against a supply that was not entered as collateral reverts ("math error")', async () => {
    const who = await supplier('venus-not-entered', '10', false);
    const r = await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('100')]);
    expect(r.status).toBe('reverted');
    expect(await h.balanceOf(BSC.USDT, who)).toBe(0n);
    await expect(
      h.chain.public.simulateContract({ address: vUSDT, abi: VTOKEN_ABI, functionName: 'borrow', args: [parseEther('100')], account: who }),
    ).rejects.toThrow(/math error/);
  });

  test('borrowing past the collateral factor, or redeeming into a shortfall, reverts', async () => {
    const who = await supplier('venus-over', '10');
    const [, liquidity] = (await read(C, VENUS_COMPTROLLER_ABI, 'getHypotheticalAccountLiquidity', [who, ZERO, 0n, 0n])) as [
      bigint,
      bigint,
    ];
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [liquidity + parseEther('1')])).status).toBe('reverted');
    expect((await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('4000')])).status).toBe('success');
    expect((await h.send(who, vBNB, VBNB_ABI, 'redeemUnderlying', [parseEther('5')])).status).toBe('reverted');
  });

  test('exitMarket while it backs a borrow: status 1, a Failure event, membership unchanged', async () => {
    const who = await supplier('venus-exit', '10');
    await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('3000')]);
    const r = await h.send(who, C, VENUS_COMPTROLLER_ABI, 'exitMarket', [vBNB]);
    expect(r.status).toBe('success');
    expect(failures(r.logs)).toEqual([[14n, expect.any(BigInt), 4n]]); // REJECTION (INSUFFICIENT_LIQUIDITY)
    expect(await read(C, VENUS_COMPTROLLER_ABI, 'checkMembership', [who, vBNB])).toBe(true);
    const r2 = await h.send(who, C, VENUS_COMPTROLLER_ABI, 'exitMarket', [vUSDT]);
    expect(r2.status).toBe('success');
    expect(failures(r2.logs)).toEqual([[12n, expect.any(BigInt), 0n]]); // NONZERO_BORROW_BALANCE
  });

  test('transferring collateral vTokens into a shortfall: status 1, transfer returns false, balances unchanged', async () => {
    const who = await supplier('venus-transfer', '10');
    await h.send(who, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('3000')]);
    const vTokens = (await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])) as bigint;
    const { result } = await h.chain.public.simulateContract({
      address: vBNB,
      abi: VTOKEN_ABI,
      functionName: 'transfer',
      args: [BSC.WBNB, vTokens],
      account: who,
    });
    expect(result).toBe(false);
    const r = await h.send(who, vBNB, VTOKEN_ABI, 'transfer', [BSC.WBNB, vTokens]);
    expect(r.status).toBe('success');
    expect(failures(r.logs)).toEqual([[3n, expect.any(BigInt), 4n]]); // COMPTROLLER_REJECTION (INSUFFICIENT_LIQUIDITY)
    expect(await read(vBNB, VTOKEN_ABI, 'balanceOf', [who])).toBe(vTokens);
  });

  test('liquidating a healthy account: status 1, a Failure event, nothing seized; after the oracle drops BNB below the threshold it goes through', async () => {
    const borrower = await supplier('venus-liq-borrower', '10');
    await h.send(borrower, vUSDT, VTOKEN_ABI, 'borrow', [parseEther('4500')]);
    const liquidator = await h.account('venus-liquidator', { USDT: parseEther('10000') });
    await approveAll(h.chain, liquidator, vUSDT, [BSC.USDT]);
    const seized = () => read(vBNB, VTOKEN_ABI, 'balanceOf', [liquidator]) as Promise<bigint>;
    const r = await h.send(liquidator, vUSDT, VTOKEN_ABI, 'liquidateBorrow', [borrower, parseEther('1000'), vBNB]);
    expect(r.status).toBe('success');
    expect(failures(r.logs)).toEqual([[3n, expect.any(BigInt), 3n]]); // COMPTROLLER_REJECTION (INSUFFICIENT_SHORTFALL)
    expect(await seized()).toBe(0n);
    const oracle = h.manifest.hard.venus.oracle;
    const owner = (await read(oracle, parseAbi(['function owner() view returns (address)']), 'owner')) as Address;
    await h.send(owner, oracle, LENDING_ORACLE_ABI, 'setPrice', ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', parseEther('500')]);
    const [, , shortfall] = (await read(C, VENUS_COMPTROLLER_ABI, 'getAccountLiquidity', [borrower])) as [bigint, bigint, bigint];
    expect(shortfall).toBeGreaterThan(0n); // 10 BNB × 500 × 0.8 < 4500
    const ok = await h.send(liquidator, vUSDT, VTOKEN_ABI, 'liquidateBorrow', [borrower, parseEther('1000'), vBNB]);
    expect(ok.status).toBe('success');
    expect(failures(ok.logs)).toEqual([]);
    expect(await seized()).toBeGreaterThan(0n);
  });
});
