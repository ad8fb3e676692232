// The accounting's sale share on the hard chain: a token outside the address map that keeps part of every
// fee-paying sale is priced at the share that reaches its pool, one whose fee-paying sale reverts at 0, and
// a plain token is left at its mid price.
import { parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { probeTokens, riskAssetsFor } from '../src/risk/index.ts';
import { saleShares, scaleBySaleShares } from '../src/risk/sale-share.ts';
import { issueTokens, launchV2Token } from '../src/validators/index.ts';
import Honeypot from '../fixtures/artifacts/GasPriceHoneypotToken.json' with { type: 'json' };
import SellTax from '../fixtures/artifacts/GasPriceSellTaxToken.json' with { type: 'json' };
import Plain from '../fixtures/artifacts/UnitToken.json' with { type: 'json' };
import { openTestSession } from './helpers/session.ts';

type Artifact = { abi: unknown[]; bytecode: `0x${string}` };
const SELL_TAX: Address = '0x000000000000000000000000000000000000b5e1';
const HONEYPOT: Address = '0x000000000000000000000000000000000000b5e2';
const PLAIN: Address = '0x000000000000000000000000000000000000b5e3';
const TREASURY: Address = '0x000000000000000000000000000000000000b5e4';

let t: Awaited<ReturnType<typeof openTestSession>>;
beforeAll(async () => {
  t = await openTestSession('hard');
}, 120_000);
afterAll(async () => t?.close());
beforeEach(async () => t.session.reset());

test('a fee-paying sale prices a sell-taxed token at its share, an unsellable one at 0, a plain one untouched', async () => {
  const { chain, env, account } = t.session;
  const agent = account.address;
  const launches: [Address, Artifact, unknown[], boolean][] = [
    [SELL_TAX, SellTax as Artifact, ['Sell Tax', 'STX', TREASURY, 4000], true],
    [HONEYPOT, Honeypot as Artifact, ['Trap', 'TRAP'], true],
    [PLAIN, Plain as Artifact, ['Plain', 'PLN', 18], false],
  ];
  for (const [at, artifact, args, registerPair] of launches) {
    await launchV2Token(chain, env, {
      artifact,
      at,
      args,
      tokenReserve: parseUnits('1000000', 18),
      bnbReserve: parseEther('10'),
      registerPair,
    });
    await issueTokens(chain, env, at, agent, parseUnits('1000', 18));
  }
  const assets = await riskAssetsFor(chain.public, env);
  const tokens = await probeTokens(chain.public, [SELL_TAX, HONEYPOT, PLAIN]);
  const held = new Map(tokens.map((x) => [x.address.toLowerCase(), parseUnits('1000', 18)]));
  const shares = await saleShares(chain.public, assets, agent, tokens, held);
  expect(Object.fromEntries(shares)).toEqual({ [SELL_TAX.toLowerCase()]: 0.6, [HONEYPOT.toLowerCase()]: 0 });

  const book = {
    assets: new Map(tokens.map((x) => [x.address.toLowerCase(), { key: x.address.toLowerCase(), symbol: x.symbol, decimals: 18, usd: 2 }])),
    source: 'test',
  };
  const scaled = scaleBySaleShares(book, shares);
  expect([SELL_TAX, HONEYPOT, PLAIN].map((a) => scaled.assets.get(a.toLowerCase())!.usd)).toEqual([1.2, 0, 2]);
  expect(scaled.source).toContain('STX × 0.6');
  // A wallet holding none of a token has nothing to measure.
  expect((await saleShares(chain.public, assets, agent, tokens, new Map())).size).toBe(0);
});
