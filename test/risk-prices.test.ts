// The accounting beyond the mirror's own tokens, as the hard split will need it: a token the address map
// does not list (6 decimals, priced through the factory's V2 pair); an 8-decimal token with only a
// PancakeSwap V3 pool, where a thin V2 pair at a wrong price must not set the price; and a lending
// position. The V3 pool and factory and the lending market are small stand-ins (test/fixtures/
// risk-contracts): the real PancakeSwap V3 and Venus contracts live on the hard split's chain.
import {
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  parseAbi,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEPLOYER } from '../src/chain/addresses.ts';
import { compileContracts, type Artifact } from '../src/chain/compile.ts';
import { sendAs } from '../src/chain/impersonate.ts';
import { setTokenBalance } from '../src/chain/token-balance.ts';
import { signAndSend } from '../src/execution/send.ts';
import {
  assessRisk,
  captureModel,
  captureReference,
  discoverRiskAssets,
  readPriceBook,
  riskPlan,
  startRisk,
  v3Price1Per0,
  type RiskAssets,
} from '../src/risk/index.ts';
import { checkpoint } from './helpers/rewind.ts';
import { openTestSession } from './helpers/session.ts';

const ROUTER = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
const MINT = parseAbi(['function mint(address to, uint256 amount)', 'function approve(address, uint256) returns (bool)']);
const V3_FACTORY = parseAbi(['function setPool(address a, address b, uint24 fee, address pool)']);
const MARKET = parseAbi(['function mint(uint256) returns (uint256)', 'function borrow(uint256) returns (uint256)']);

let t: Awaited<ReturnType<typeof openTestSession>>;
let artifacts: Map<string, Artifact>;
const pub = () => t.session.chain.public;
const env = () => t.session.env;

beforeAll(async () => {
  t = await openTestSession();
  artifacts = new Map(compileContracts('test/fixtures/risk-contracts').map((a) => [a.contractName, a]));
});
afterAll(async () => t?.close());

/** Deploys an artifact from the deployer (harness-side, impersonated) and returns its address. */
async function deploy(name: string, args: readonly unknown[]): Promise<Address> {
  const a = artifacts.get(name)!;
  const data = encodeDeployData({ abi: a.abi as Abi, bytecode: a.bytecode, args });
  await t.session.chain.test.impersonateAccount({ address: DEPLOYER });
  try {
    const r = await t.session.chain.request<{ contractAddress: Address; status: Hex }>('eth_sendTransactionSync', [
      { from: DEPLOYER, data, gas: '0x989680' },
    ]);
    if (r.status !== '0x1') throw new Error(`deploying ${name} failed`);
    return getAddress(r.contractAddress);
  } finally {
    await t.session.chain.test.stopImpersonatingAccount({ address: DEPLOYER });
  }
}

/** A new token with a V2 pool against BNB at `usd` dollars a token (BNB priced by the mirror's WBNB/USDT pair). */
async function tokenWithV2Pool(symbol: string, decimals: number, tokensPerPool: string, bnbPerPool: string): Promise<Address> {
  const token = await deploy('RiskTestToken', [symbol, decimals]);
  const amount = parseUnits(tokensPerPool, decimals);
  await sendAs(t.session.chain, DEPLOYER, token, encodeFunctionData({ abi: MINT, functionName: 'mint', args: [DEPLOYER, amount] }));
  await sendAs(t.session.chain, DEPLOYER, token, encodeFunctionData({ abi: MINT, functionName: 'approve', args: [env().router, amount] }));
  await sendAs(
    t.session.chain,
    DEPLOYER,
    env().router,
    encodeFunctionData({ abi: ROUTER, functionName: 'addLiquidityETH', args: [token, amount, 0n, 0n, DEPLOYER, 4_000_000_000n] }),
    parseEther(bnbPerPool),
    5_000_000n,
  );
  return token;
}

/** sqrtPriceX96 for `whole1Per0` whole units of token1 per whole token0: sqrt(raw ratio · 2^192). */
function sqrtPriceX96(whole1Per0: { num: bigint; den: bigint }, decimals0: number, decimals1: number): bigint {
  const num = whole1Per0.num * 10n ** BigInt(decimals1) * 2n ** 192n;
  const den = whole1Per0.den * 10n ** BigInt(decimals0);
  const target = num / den;
  let x = target;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + target / x) / 2n;
  }
  return x;
}

const within = (actual: number | undefined, expected: number, rel: number) =>
  expect(Math.abs((actual ?? Number.NaN) - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(Math.abs(expected) * rel);

describe('V3 price from sqrtPriceX96', () => {
  test('decimals on both sides', () => {
    // 1 whole token0 (8 decimals) = 60000 whole token1 (18 decimals).
    const p = sqrtPriceX96({ num: 60000n, den: 1n }, 8, 18);
    within(v3Price1Per0(p, 8, 18), 60000, 1e-9);
    // 1 whole token0 (18 decimals) = 1/60000 token1 (8 decimals).
    const q = sqrtPriceX96({ num: 1n, den: 60000n }, 18, 8);
    within(v3Price1Per0(q, 18, 8), 1 / 60000, 1e-9);
    within(v3Price1Per0(2n ** 96n, 18, 18), 1, 1e-12);
  });
});

describe('tokens outside the address map and V3 pools', () => {
  test("a 6-decimal token the map does not list, moved by the model, is priced through the factory's V2 pair", async () => {
    await t.session.reset();
    // 1,200,000 USDX against 1000 BNB: one USDX is worth 1000/1.2M BNB (0.5 USD at 600 USD a BNB).
    const usdx = await tokenWithV2Pool('USDX', 6, '1200000', '1000');
    const agent = t.session.account.address;
    await sendAs(
      t.session.chain,
      DEPLOYER,
      usdx,
      encodeFunctionData({ abi: MINT, functionName: 'mint', args: [agent, parseUnits('1000', 6)] }),
    );
    const assets = await discoverRiskAssets(pub(), env());
    expect(assets.tokens.has(usdx.toLowerCase())).toBe(false);

    const to = privateKeyToAddress(generatePrivateKey());
    const wrong = privateKeyToAddress(generatePrivateKey());
    const plan = riskPlan(assets, agent, { token: usdx, to });
    const start = await startRisk(pub());
    const mark = await checkpoint(t.session.chain);
    const send = async (recipient: Address) => {
      const s = await signAndSend(
        t.session.chain,
        t.session.account,
        {
          to: usdx,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, parseUnits('100', 6)] }),
          value: 0n,
        },
        { chainId: 56, marker: t.session.marker },
      );
      if (s.kind !== 'mined') throw new Error(s.message);
      return [{ tx: s.tx, receipt: s.receipt }];
    };
    const reference = await captureReference(pub(), plan, await send(to));
    await mark.rewind();
    const model = await captureModel(pub(), plan, start, await send(wrong), reference);
    const usdxPrice = model.prices.assets.get(usdx.toLowerCase());
    expect(usdxPrice).toMatchObject({ symbol: 'USDX', decimals: 6, via: 'PancakeSwap V2 USDX/WBNB' });
    const bnbUsd = model.prices.assets.get('native')!.usd!;
    within(usdxPrice!.usd, (1000 / 1_200_000) * bnbUsd, 0.01);
    const risk = assessRisk(plan, model);
    within(risk.lostUsd, 100 * (1000 / 1_200_000) * bnbUsd, 0.01);
    expect(risk.items).toEqual([expect.objectContaining({ kind: 'sent_elsewhere', token: 'USDX', amount: '100' })]);
  });

  test('an 8-decimal token with a deep V3 pool and a thin V2 pair at a wrong price: the V3 pool sets it', async () => {
    await t.session.reset();
    const btcx = await deploy('RiskTestToken', ['BTCX', 8]);
    const factory = await deploy('RiskTestV3Factory', []);
    const usdt = env().USDT;
    const [token0, token1] = btcx.toLowerCase() < usdt.toLowerCase() ? [btcx, usdt] : [usdt, btcx];
    const price = token0 === btcx ? sqrtPriceX96({ num: 60000n, den: 1n }, 8, 18) : sqrtPriceX96({ num: 1n, den: 60000n }, 18, 8);
    const pool = await deploy('RiskTestV3Pool', [token0, token1, 500, price]);
    await sendAs(
      t.session.chain,
      DEPLOYER,
      factory,
      encodeFunctionData({ abi: V3_FACTORY, functionName: 'setPool', args: [btcx, usdt, 500, pool] }),
    );
    // Depth: 50 BTCX and 3M USDT in the V3 pool; the V2 pair holds 0.01 BTCX for 0.5 BNB (about 30000 USD a BTCX).
    await sendAs(
      t.session.chain,
      DEPLOYER,
      btcx,
      encodeFunctionData({ abi: MINT, functionName: 'mint', args: [pool, parseUnits('50', 8)] }),
    );
    await setTokenBalance(t.session.chain, usdt, pool, parseEther('3000000'));
    await sendAs(
      t.session.chain,
      DEPLOYER,
      btcx,
      encodeFunctionData({ abi: MINT, functionName: 'mint', args: [DEPLOYER, parseUnits('0.01', 8)] }),
    );
    await sendAs(
      t.session.chain,
      DEPLOYER,
      btcx,
      encodeFunctionData({ abi: MINT, functionName: 'approve', args: [env().router, parseUnits('0.01', 8)] }),
    );
    await sendAs(
      t.session.chain,
      DEPLOYER,
      env().router,
      encodeFunctionData({
        abi: ROUTER,
        functionName: 'addLiquidityETH',
        args: [btcx, parseUnits('0.01', 8), 0n, 0n, DEPLOYER, 4_000_000_000n],
      }),
      parseEther('0.5'),
      5_000_000n,
    );

    const hardEnv = { ...env(), BTCX: btcx, v3_factory: factory };
    const assets: RiskAssets = await discoverRiskAssets(pub(), hardEnv);
    expect(assets.v3Factory).toBe(factory);
    expect(assets.tokens.get(btcx.toLowerCase())).toMatchObject({ symbol: 'BTCX', decimals: 8 });
    const book = await readPriceBook(pub(), assets);
    const p = book.assets.get(btcx.toLowerCase());
    within(p?.usd, 60000, 1e-6);
    expect(p?.via).toBe('PancakeSwap V3 BTCX/USDT 0.05%'.replace('BTCX/USDT', token0 === btcx ? 'BTCX/USDT' : 'USDT/BTCX'));
    expect(book.source).toContain('via PancakeSwap V3');
  });

  test('a lending market: the supply counts for the owner, the debt against; a borrow sent away is a loss, a borrow kept is not', async () => {
    await t.session.reset();
    const usdt = env().USDT;
    const market = await deploy('RiskTestVToken', [usdt]);
    await setTokenBalance(t.session.chain, usdt, market, parseEther('1000'));
    const hardEnv = { ...env(), vUSDT: market };
    const assets = await discoverRiskAssets(pub(), hardEnv);
    expect(assets.positions.find((p) => p.address === market)).toMatchObject({ kind: 'lending_market', assets: [usdt.toLowerCase()] });
    expect(assets.tokens.has(market.toLowerCase())).toBe(false);

    const agent = t.session.account.address;
    const stray = privateKeyToAddress(generatePrivateKey());
    const call = async (to: Address, data: Hex) => {
      const s = await signAndSend(t.session.chain, t.session.account, { to, data, value: 0n }, { chainId: 56, marker: t.session.marker });
      if (s.kind !== 'mined' || s.receipt.status !== 'success') throw new Error('call failed');
      return { tx: s.tx, receipt: s.receipt };
    };
    const supply = () => call(market, encodeFunctionData({ abi: MARKET, functionName: 'mint', args: [parseEther('100')] }));
    const borrow = () => call(market, encodeFunctionData({ abi: MARKET, functionName: 'borrow', args: [parseEther('50')] }));
    await call(usdt, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [market, parseEther('100')] }));

    const plan = riskPlan(assets, agent, {});
    const start = await startRisk(pub());
    const mark = await checkpoint(t.session.chain);
    const reference = await captureReference(pub(), plan, [await supply()]);
    await mark.rewind();
    const kept = assessRisk(plan, await captureModel(pub(), plan, start, [await supply(), await borrow()], reference));
    expect(kept.lostUsd).toBe(0);
    await mark.rewind();
    const sent = assessRisk(
      plan,
      await captureModel(
        pub(),
        plan,
        start,
        [
          await supply(),
          await borrow(),
          await call(usdt, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stray, parseEther('50')] })),
        ],
        reference,
      ),
    );
    within(sent.lostUsd, 50, 1e-9);
    expect(sent.items).toEqual([expect.objectContaining({ kind: 'sent_elsewhere', token: 'USDT', amount: '50', to: stray.toLowerCase() })]);
  });
});
