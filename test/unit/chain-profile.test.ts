// The chain a prompt speaks of comes from its chain profile. BNB Smart Chain's prompts are the published
// benchmark's and never change: their text is pinned by hash. Base's name, coin, keys and words reach every
// role and the environment table; amounts keep their value; scripts written against BSC keys still run.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { buildAtomicMessages } from '../../src/atomic/prompt.ts';
import {
  BASE,
  BSC,
  bscKeyOf,
  CHAIN_PROFILES,
  chainKey,
  ChainProfile,
  chainProfile,
  DEFAULT_CHAIN,
  inChainTerms,
  keyedFor,
} from '../../src/tasks/chain-profile.ts';
import { instantiate, scaledRange } from '../../src/tasks/instantiate.ts';
import { onBscKeys } from '../../src/model/reference.ts';
import { envMapFrom } from '../../src/chain/session.ts';
import { buildCompositeMessages } from '../../src/composite/prompt.ts';
import type { Transport } from '../../src/episode/episode.ts';
import type { Instance } from '../../src/tasks/instantiate.ts';

const AGENT = getAddress('0x1111111111111111111111111111111111111111');
const env = envMapFrom(JSON.parse(readFileSync('fixtures/mirror/manifest.json', 'utf8')), AGENT);
const instance: Instance = {
  taskId: 'chain_profile_probe',
  round: 1,
  seed: 1,
  templateIndex: 0,
  params: {},
  instruction: 'Send 1 BNB to 0x2222222222222222222222222222222222222222',
};

/** Every role's system prompt (atomic and composite, text and tools) on a chain, or on the default when none is named. */
function systemPrompts(chain?: ChainProfile): string[] {
  return (['text', 'tools'] as Transport[]).flatMap((transport) => {
    const extras = { transport, ...(chain ? { chain } : {}) };
    return [
      buildAtomicMessages({ kind: 'transaction' }, instance, env, 56, extras)[0]!.content,
      buildCompositeMessages({}, instance, env, 56, 5, { address: AGENT, allowances: [] }, { ...extras, rules: 'R' })[0]!.content,
    ];
  });
}

describe('chain profiles', () => {
  test("BNB Smart Chain is the default, and its prompts read exactly as the published benchmark's", () => {
    expect(DEFAULT_CHAIN).toBe(BSC);
    expect(systemPrompts(BSC)).toEqual(systemPrompts());
    const hash = createHash('sha256').update(systemPrompts().join('\n---\n')).digest('hex');
    // Measured on the prompts as they were before profiles existed; a change here changes the published benchmark.
    expect(hash).toBe('12b415d9399445bbaca4b4c73b4bb1904276d4c54af488a21e6f0af1a1f2212c');
  });

  test("Base's name, coin, keys and words reach every role and the environment table", () => {
    const baseEnv = keyedFor(BASE, envMapFrom(JSON.parse(readFileSync('fixtures/mirror/base-manifest.json', 'utf8')), AGENT, BASE));
    const prompts = (['text', 'tools'] as Transport[]).flatMap((transport) => [
      buildAtomicMessages({ kind: 'transaction' }, instance, baseEnv, 8453, { transport, chain: BASE })[0]!.content,
      buildCompositeMessages({}, instance, baseEnv, 8453, 5, { address: AGENT, allowances: [] }, { transport, chain: BASE })[0]!.content,
    ]);
    for (const text of prompts) {
      expect(text).toMatch(/ on Base[ .]/);
      expect(text).toContain('- Chain: Base mainnet (chain id 8453), native coin ETH (18 decimals).');
      expect(text).toMatch(/\n {2}WETH {19}0x4200000000000000000000000000000000000006 {2}Wrapped Ether/);
      expect(text).toMatch(/\n {2}USDC {19}0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913 {2}USD Coin \(ERC-20, 6 decimals\)/);
      expect(text).toContain('pair_USDC_DAI');
      expect(text).toContain('Uniswap V2 pair (0.3 % swap fee)');
      expect(text).toContain('based_squad');
      expect(text).not.toMatch(/\b(BNB|WBNB|USDT|BUSD|CAKE|PancakeSwap|BEP-20)\b|pancake_/);
    }
  });

  test('keys and words map one way and back; BSC maps nothing', () => {
    expect(chainKey(BASE, 'WBNB')).toBe('WETH');
    expect(chainKey(BASE, 'pair_CAKE_USDT')).toBe('pair_DEGEN_USDC');
    expect(chainKey(BASE, 'simple_counter')).toBe('simple_counter');
    expect(bscKeyOf(BASE, 'pair_DEGEN_WETH')).toBe('pair_CAKE_WBNB');
    expect(bscKeyOf(BASE, 'based_squad')).toBe('pancake_squad');
    expect(chainKey(BSC, 'WBNB')).toBe('WBNB');
    // Whole words only, in one pass: WBNB is not read as W + BNB, and a replacement is not replaced again.
    expect(inChainTerms(BASE, 'Wrap 1 BNB into WBNB on PancakeSwap; BNBX and xUSDT stay')).toBe(
      'Wrap 1 ETH into WETH on Uniswap; BNBX and xUSDT stay',
    );
    expect(inChainTerms(BASE, 'the USDT-BUSD pool on BNB Smart Chain')).toBe('the USDC-DAI pool on Base');
    // Keys of the address map a request names are the chain's keys; other snake_case words stay.
    expect(inChainTerms(BASE, 'read pair_WBNB_USDT and pancake_squad, then call simple_staking')).toBe(
      'read pair_WETH_USDC and based_squad, then call simple_staking',
    );
    const text = 'Send 1 BNB of USDT';
    expect(inChainTerms(BSC, text)).toBe(text);
  });

  test("an amount keeps its value across chains, in the unit's decimals on each", () => {
    const eth = scaledRange({ kind: 'amount', min: '0.001', max: '0.1', decimals: 3, unit: 'native' }, BASE);
    // BNB at 600 USD, ETH at 3,000: a fifth, with one decimal more.
    expect(eth).toEqual({ lo: 2n, hi: 200n, decimals: 4 });
    const degen = scaledRange({ kind: 'amount', min: '0.5', max: '5', decimals: 2, unit: 'CAKE' }, BASE);
    expect(degen).toEqual({ lo: 12_000n, hi: 120_000n, decimals: 2 });
    // A USDC amount never shows more than USDC's six decimals.
    expect(scaledRange({ kind: 'amount', min: '1', max: '2', decimals: 8, unit: 'USDT' }, BASE)).toEqual({
      lo: 1_000_000n,
      hi: 2_000_000n,
      decimals: 6,
    });
    // Unchanged on BSC, and for an amount that names no unit.
    expect(scaledRange({ kind: 'amount', min: '0.001', max: '0.1', decimals: 3, unit: 'native' }, BSC)).toEqual({
      lo: 1n,
      hi: 100n,
      decimals: 3,
    });
    expect(scaledRange({ kind: 'amount', min: '0.001', max: '0.1', decimals: 3 }, BASE)).toEqual({ lo: 1n, hi: 100n, decimals: 3 });
  });

  test('an amount whose unit is the token a choice drew keeps its value, and BSC draws the same values as before', () => {
    const task = {
      id: 'probe',
      templates: ['Send {amount} {token.symbol} to nobody in particular', 'Pay {amount} {token.symbol}, please, to nobody'],
      parameters: {
        token: {
          kind: 'choice' as const,
          options: [
            { symbol: 'USDT', address: { env: 'USDT' } },
            { symbol: 'CAKE', address: { env: 'CAKE' } },
          ],
        },
        amount: { kind: 'amount' as const, min: '1', max: '100', decimals: 2, unit: { of: 'token' } },
      },
    };
    const bscEnv = {
      USDT: getAddress('0x55d398326f99059fF775485246999027B3197955'),
      CAKE: getAddress('0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82'),
    };
    const baseEnv = {
      USDT: getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
      CAKE: getAddress('0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed'),
    };
    const seen = new Set<string>();
    for (let round = 1; round <= 12; round++) {
      const bsc = instantiate(task, { runSeed: 5, round, env: bscEnv });
      const { amount: _, ...bscUnitless } = task.parameters;
      // The unit changes nothing on BSC: the same draws as the task without it.
      expect(bsc.params).toEqual(
        instantiate(
          { ...task, parameters: { ...bscUnitless, amount: { ...task.parameters.amount, unit: undefined } } },
          { runSeed: 5, round, env: bscEnv },
        ).params,
      );
      const base = instantiate(task, { runSeed: 5, round, env: baseEnv, chain: BASE });
      const symbol = (bsc.params.token as { symbol: string }).symbol;
      seen.add(symbol);
      // CAKE at 2.4 USD becomes DEGEN at a cent: 240 times the amount; USDC keeps USDT's.
      expect(Number(base.params.amount)).toBeCloseTo(Number(bsc.params.amount) * (symbol === 'CAKE' ? 240 : 1), 6);
      expect(base.instruction).toContain(symbol === 'CAKE' ? 'DEGEN' : 'USDC');
    }
    expect([...seen].sort()).toEqual(['CAKE', 'USDT']);
  });

  test('a script written against BSC keys runs on Base keyed back to them, and is untouched where nothing is renamed', () => {
    const script = 'export async function executeSkill(providerUrl: string, a: string, d: any) { return { to: d.WBNB }; }';
    expect(onBscKeys(script, {})).toBe(script);
    const wrapped = onBscKeys(script, { WETH: 'WBNB' });
    expect(wrapped).toContain('async function skillOnBscKeys(');
    expect(wrapped).toContain('"WETH":"WBNB"');
    expect(wrapped.match(/export async function executeSkill\(/g)).toHaveLength(1);
    expect(() => onBscKeys('export const executeSkill = () => 1;', { WETH: 'WBNB' })).toThrow(/executeSkill/);
  });

  test('a profile is checked at its boundary', () => {
    expect(() => ChainProfile.parse({ ...BSC, id: 'Base Mainnet' })).toThrow();
    expect(() => chainProfile('polygon')).toThrow(/unknown chain "polygon" \(known: bsc, base\)/);
    expect(Object.keys(CHAIN_PROFILES)).toEqual(['bsc', 'base']);
    expect(() => ChainProfile.parse({ ...BSC, native: { symbol: 'ETH', decimals: -1 } })).toThrow();
  });
});
