import { encodeFunctionData, erc20Abi, getAddress, type Address, type Hex, type TransactionReceipt } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import {
  allowanceRevoked,
  callsFunction,
  compareAmount,
  gasCost,
  parseUintAnswer,
  sameAddress,
  selectorOf,
  sendsValue,
  succeeded,
} from '../../src/validators/checks.ts';
import { defineValidator, isValidator } from '../../src/validators/define.ts';
import { gateFailure, scoreChecks } from '../../src/validators/score.ts';
import type { Check, CheckContext } from '../../src/validators/types.ts';
import { loadMirrorManifest } from '../../src/chain/mirror-files.ts';
import { envMapFrom } from '../../src/chain/session.ts';

type Ctx = CheckContext<any, any>;

const TOKEN = getAddress('0x55d398326f99059ff775485246999027b3197955');
const OTHER = getAddress('0xe9e7cea3dedca5984780bafc599bd69add087d56');
const AGENT = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const E18 = 10n ** 18n;
const ENV = envMapFrom(loadMirrorManifest(), AGENT);

const transferData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [AGENT, 5n] });
const approveData = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [AGENT, 5n] });

/** A context with only the fields checks read; the chain is never touched here. */
function ctx(
  over: { to?: Address; data?: Hex; value?: bigint; status?: 'success' | 'reverted'; answer?: unknown; noTx?: boolean } = {},
): Ctx {
  const tx = { from: AGENT, to: over.to ?? TOKEN, data: over.data ?? transferData, value: over.value ?? 0n, gas: 100_000n };
  const receipt = { status: over.status ?? 'success', gasUsed: 21_000n, effectiveGasPrice: 3n } as TransactionReceipt;
  return {
    params: {},
    env: ENV,
    agent: AGENT,
    chain: {} as Ctx['chain'],
    pre: {},
    post: {},
    ...(over.noTx ? {} : { tx, receipt }),
    ...('answer' in over ? { answer: over.answer } : {}),
  };
}

describe('compareAmount', () => {
  it('passes an exact match with deviation 0 and shows the symbol', () => {
    expect(compareAmount('received', 2n * E18, 2n * E18, { symbol: 'USDT' })).toEqual({
      pass: true,
      detail: 'received 2 USDT',
      deviation: 0,
      tolerance: 0,
    });
  });

  it('fails 10 % off without tolerance, recording deviation 0.1 either way', () => {
    const over = compareAmount('sent', 110n, 100n, { decimals: 2, symbol: 'CAKE' });
    expect(over).toEqual({ pass: false, detail: 'sent 1.1 CAKE, expected 1 CAKE', deviation: 0.1, tolerance: 0 });
    expect(compareAmount('sent', 90n, 100n).deviation).toBe(0.1);
  });

  it('applies a relative tolerance', () => {
    expect(compareAmount('x', 110n, 100n, { rel: 0.1 }).pass).toBe(true);
    const tight = compareAmount('x', 110n, 100n, { rel: 0.05, decimals: 2, symbol: 'BNB' });
    expect(tight.pass).toBe(false);
    expect(tight.detail).toBe('x 1.1 BNB, expected 1 BNB ± 0.05 BNB');
  });

  it('applies an absolute tolerance in base units', () => {
    const ok = compareAmount('x', 110n, 100n, { abs: 10n, decimals: 2, symbol: 'BNB' });
    expect(ok).toEqual({ pass: true, detail: 'x 1.1 BNB (expected 1 BNB)', deviation: 0.1, tolerance: 0 });
    expect(compareAmount('x', 111n, 100n, { abs: 10n }).pass).toBe(false);
  });

  it('handles an expected zero', () => {
    expect(compareAmount('x', 0n, 0n)).toMatchObject({ pass: true, deviation: 0 });
    expect(compareAmount('x', 1n, 0n)).toMatchObject({ pass: false, deviation: 1 });
  });
});

describe('selectors and calldata', () => {
  it('computes the standard selectors, with or without the "function" keyword', () => {
    expect(selectorOf('transfer(address,uint256)')).toBe('0xa9059cbb');
    expect(selectorOf('function approve(address spender, uint256 amount)')).toBe('0x095ea7b3');
  });

  it('callsFunction passes on a listed selector and explains a miss', async () => {
    const check = callsFunction(10, 'transfer(address,uint256)', 'transferFrom(address,address,uint256)');
    expect(check.name).toBe('calls transfer or transferFrom');
    expect(await check.verify(ctx())).toEqual({ pass: true, detail: 'selector 0xa9059cbb' });
    const miss = (await check.verify(ctx({ data: approveData }))) as { pass: boolean; detail: string };
    expect(miss.pass).toBe(false);
    expect(miss.detail).toBe('selector 0x095ea7b3, expected 0xa9059cbb or 0x23b872dd');
    expect(await check.verify(ctx({ data: '0x' }))).toMatchObject({ pass: false, detail: expect.stringMatching(/^selector \(none\)/) });
    expect(await check.verify(ctx({ data: '0xa9059c' }))).toMatchObject({ pass: false });
  });

  it('callsFunction reads upper-case calldata the same as lower-case', async () => {
    // Scripts may return upper-case hex; the harness sends their data as given.
    const check = callsFunction(10, 'transfer(address,uint256)');
    const upper = `0x${transferData.slice(2).toUpperCase()}` as Hex;
    expect(await check.verify(ctx({ data: upper }))).toMatchObject({ pass: true });
  });
});

describe('small checks and helpers', () => {
  it('succeeded follows the receipt status', async () => {
    expect(await succeeded(10).verify(ctx())).toBe(true);
    expect(await succeeded(10).verify(ctx({ status: 'reverted' }))).toBe(false);
  });

  it('sendsValue compares the tx value in BNB', async () => {
    const check = sendsValue<any, any>(10, () => E18 / 10n);
    expect(await check.verify(ctx({ value: E18 / 10n }))).toEqual({ pass: true, detail: 'value 0.1 BNB', deviation: 0, tolerance: 0 });
    expect(await check.verify(ctx({ value: E18 }))).toMatchObject({ pass: false, detail: 'value 1 BNB, expected 0.1 BNB' });
  });

  it('sameAddress ignores case and rejects junk', () => {
    expect(sameAddress(TOKEN.toLowerCase(), TOKEN)).toBe(true);
    expect(sameAddress(OTHER, TOKEN)).toBe(false);
    expect(sameAddress(undefined, TOKEN)).toBe(false);
    expect(sameAddress('0x1234', TOKEN)).toBe(false);
  });

  it('gasCost is gasUsed × effective price, 0 without a receipt', () => {
    expect(gasCost(ctx())).toBe(63_000n);
    expect(gasCost(ctx({ noTx: true }))).toBe(0n);
  });
});

describe('parseUintAnswer', () => {
  it('accepts decimal strings and safe non-negative integers', () => {
    expect(parseUintAnswer('123')).toEqual({ value: 123n });
    expect(parseUintAnswer(' 123 ')).toEqual({ value: 123n });
    expect(parseUintAnswer(123)).toEqual({ value: 123n });
    expect(parseUintAnswer('1000000000000000000000')).toEqual({ value: 10n ** 21n });
  });

  it.each([['1.5'], ['0x10'], [-1], [1.5], [2 ** 60], [''], [{}], [null]])('rejects %j with an error', (answer) => {
    const r = parseUintAnswer(answer);
    expect(r).not.toHaveProperty('value');
    expect(r).toMatchObject({ error: expect.stringContaining('is not an unsigned integer') });
  });

  it('says when there is no answer at all', () => {
    expect(parseUintAnswer(undefined)).toEqual({ error: 'no answer returned' });
  });
});

const ok = (name: string, weight: number): Check<any, any> => ({ name, weight, verify: () => true });

describe('defineValidator', () => {
  const target = () => TOKEN;

  it('returns a tagged validator for a sound spec', () => {
    const v = defineValidator({ kind: 'transaction', target, checks: [ok('a', 40), ok('b', 60)] });
    expect(isValidator(v)).toBe(true);
    expect(isValidator({ kind: 'transaction', checks: [] })).toBe(false);
  });

  it.each([
    ['weights not summing to 100', { kind: 'transaction', target, checks: [ok('a', 40), ok('b', 50)] }, /sum to 90, not 100: a=40, b=50/],
    ['duplicate names', { kind: 'transaction', target, checks: [ok('a', 40), ok('a', 60)] }, /duplicate check name "a"/],
    [
      'a non-integer weight',
      { kind: 'transaction', target, checks: [ok('a', 40.5), ok('b', 59.5)] },
      /check "a" needs a positive integer weight/,
    ],
    ['a zero weight', { kind: 'transaction', target, checks: [ok('a', 0), ok('b', 100)] }, /check "a" needs a positive integer weight/],
    ['a transaction validator without target', { kind: 'transaction', checks: [ok('a', 100)] }, /must declare a target/],
    ['a query validator with a target', { kind: 'query', target, checks: [ok('a', 100)] }, /query validators have no target/],
  ] as const)('throws on %s', (_name, spec, message) => {
    expect(() => defineValidator(spec as never)).toThrow(message);
  });
});

describe('scoreChecks', () => {
  const alwaysTrue = vi.fn(() => true);
  const tokenValidator = defineValidator({
    kind: 'transaction',
    target: () => TOKEN,
    checks: [
      succeeded(20),
      { name: 'always', weight: 30, verify: alwaysTrue },
      { name: 'half off', weight: 50, verify: async () => ({ pass: false, detail: 'off by half', deviation: 0.5 }) },
    ],
  });

  it('evaluates checks for a successful tx to the target and sums passed weights', async () => {
    // Case of the address does not matter to the gate.
    const { score, checks } = await scoreChecks(tokenValidator, ctx({ to: TOKEN.toLowerCase() as Address }));
    expect(score).toBe(50);
    expect(checks).toEqual([
      { name: 'transaction succeeded at the right address', weight: 20, passed: true, detail: 'ok' },
      { name: 'always', weight: 30, passed: true, detail: 'ok' },
      { name: 'half off', weight: 50, passed: false, detail: 'off by half', deviation: 0.5 },
    ]);
  });

  it('fails every check, without evaluating any, when the tx went elsewhere', async () => {
    alwaysTrue.mockClear();
    const { score, checks } = await scoreChecks(tokenValidator, ctx({ to: OTHER }));
    expect(score).toBe(0);
    expect(alwaysTrue).not.toHaveBeenCalled();
    for (const c of checks) {
      expect(c.passed).toBe(false);
      expect(c.detail).toBe(`transaction went to ${OTHER}, not ${TOKEN}`);
    }
  });

  it('scores 0 for a reverted tx or no tx at all', async () => {
    const reverted = await scoreChecks(tokenValidator, ctx({ status: 'reverted' }));
    expect(reverted.score).toBe(0);
    expect(reverted.checks.every((c) => !c.passed && c.detail === 'transaction reverted')).toBe(true);
    expect(gateFailure(tokenValidator, ctx({ noTx: true }))).toBe('no transaction was executed');
    expect((await scoreChecks(tokenValidator, ctx({ noTx: true }))).score).toBe(0);
  });

  it('gives a harmful transaction at the target nothing when the validator forfeits it', async () => {
    alwaysTrue.mockClear();
    const forfeiting = defineValidator({
      ...tokenValidator,
      forfeit: ({ tx }) => (tx?.value ? 'sent BNB with it' : undefined),
    });
    const harmful = await scoreChecks(forfeiting, ctx({ value: 1n }));
    expect(harmful.score).toBe(0);
    expect(alwaysTrue).not.toHaveBeenCalled();
    expect(harmful.checks.every((c) => !c.passed && c.detail === 'sent BNB with it')).toBe(true);
    expect((await scoreChecks(forfeiting, ctx({}))).score).toBe(50);
  });

  it('fails a check that throws and still counts the others', async () => {
    const v = defineValidator({
      kind: 'transaction',
      target: () => TOKEN,
      checks: [
        ok('fine', 70),
        {
          name: 'broken',
          weight: 30,
          verify: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    const { score, checks } = await scoreChecks(v, ctx());
    expect(score).toBe(70);
    expect(checks[1]).toEqual({ name: 'broken', weight: 30, passed: false, detail: 'check failed to evaluate: boom' });
  });

  it('scores a query validator from the answer, with no tx needed', async () => {
    const v = defineValidator({
      kind: 'query',
      checks: [
        {
          name: 'answer is 42',
          weight: 100,
          verify: ({ answer }) => {
            const r = parseUintAnswer(answer);
            return 'value' in r ? r.value === 42n : { pass: false, detail: r.error };
          },
        },
      ],
    });
    expect((await scoreChecks(v, ctx({ noTx: true, answer: '42' }))).score).toBe(100);
    const wrong = await scoreChecks(v, ctx({ noTx: true, answer: '41' }));
    expect(wrong.score).toBe(0);
    expect((await scoreChecks(v, ctx({ noTx: true }))).checks[0]).toMatchObject({ passed: false, detail: 'no answer returned' });
  });
});

describe('allowanceRevoked', () => {
  it('passes only when the allowance left after the transaction is zero', async () => {
    const check = allowanceRevoked<unknown, { allowance: bigint }>(70, 'revoked');
    const at = (allowance: bigint) => ({ ...ctx(), pre: { allowance: 2n ** 256n - 1n }, post: { allowance } });
    expect(await check.verify(at(0n))).toEqual({ pass: true, detail: 'allowance left: 0' });
    expect(await check.verify(at(1n))).toEqual({ pass: false, detail: 'allowance left: 1' });
  });
});
