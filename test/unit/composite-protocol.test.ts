import { describe, expect, test } from 'vitest';
import { decayFactor, roundBudget } from '../../src/composite/protocol.ts';
import { parseRoundReply } from '../../src/episode/round-reply.ts';

describe('decay (the paper’s table for K_opt = 3)', () => {
  test.each([
    [2, 1],
    [3, 1],
    [4, 0.75],
    [6, 0.5],
  ])('K_act %i → %f', (kAct, factor) => expect(decayFactor(3, kAct)).toBeCloseTo(factor, 10));
  test('budget is K_opt × multiplier', () => expect(roundBudget(3, 2)).toBe(6));
  test('no executed round keeps the base (which an unchanged chain makes 0)', () => expect(decayFactor(3, 0)).toBe(1));
});

describe('round replies', () => {
  test('a TypeScript block is a transaction round, even when comments say submit true', () => {
    const r = parseRoundReply(
      '```ts\n// submit: true after this\nexport async function executeSkill() { return { to: "0x" }; }\n```\n{"submit": true}',
    );
    expect(r.kind).toBe('code');
  });
  test('submit, with and without an answer, as a json block or bare', () => {
    expect(parseRoundReply('{"submit": true}')).toEqual({ kind: 'submit' });
    expect(parseRoundReply('Done.\n```json\n{"submit": true, "answer": {"USDT": "1"}}\n```')).toEqual({
      kind: 'submit',
      answer: { USDT: '1' },
    });
  });
  test('a typed query', () => {
    const r = parseRoundReply('{"action":"query","type":"allowance","token":"USDT","owner":"agent","spender":"router"}');
    expect(r).toMatchObject({ kind: 'query', query: { type: 'allowance', token: 'USDT' } });
  });
  test('an error report', () =>
    expect(parseRoundReply('{"error":"not enough CAKE"}')).toEqual({ kind: 'error', message: 'not enough CAKE' }));
  test('broken JSON is a schema-invalid round', () => {
    expect(parseRoundReply('{"submit": tru')).toMatchObject({ kind: 'invalid', rule: 'bad_control_json' });
  });
  test('an unknown query type names the problem', () => {
    const r = parseRoundReply('{"action":"query","type":"gas_price"}');
    expect(r).toMatchObject({ kind: 'invalid', rule: 'bad_control_json' });
    expect((r as { message: string }).message).toMatch(/type/);
  });
  test('an unknown control message', () =>
    expect(parseRoundReply('{"submit": "yes"}')).toMatchObject({ kind: 'invalid', rule: 'bad_control_json' }));
  test('prose alone is neither code nor control', () =>
    expect(parseRoundReply('I will now swap the tokens.')).toMatchObject({ kind: 'invalid', rule: 'no_code_block' }));
});
