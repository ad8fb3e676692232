import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseTxRequest, type TxShapeResult } from '../../src/execution/tx-request.ts';

const AGENT = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const TO = getAddress('0x55d398326f99059ff775485246999027b3197955');
const STRANGER = getAddress('0x000000000000000000000000000000000000dead');

const parse = (v: unknown) => parseTxRequest(v, AGENT);
const rule = (r: TxShapeResult) => (r.ok ? 'ok' : r.rule);
function tx(r: TxShapeResult) {
  if (!r.ok) throw new Error(`expected a transaction, got ${r.rule}: ${r.message}`);
  return r.tx;
}

describe('parseTxRequest rules', () => {
  it.each([
    ['a string', '0xabc'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ to: TO }]],
  ])('returns not_a_tx for %s', (_name, value) => {
    expect(rule(parse(value))).toBe('not_a_tx');
  });

  it('names an array as such', () => {
    expect(parse([])).toMatchObject({ message: expect.stringContaining('an array') });
  });

  it.each([
    ['missing', {}],
    ['null', { to: null }],
    ['empty', { to: '', data: '0x' }],
  ])('returns no_to when "to" is %s', (_name, value) => {
    expect(rule(parse(value))).toBe('no_to');
  });

  it.each([
    ['a fractional value', { to: TO, value: '0.1' }, 'value'],
    ['a negative value', { to: TO, value: -1 }, 'value'],
    ['an unsafe number', { to: TO, value: 2 ** 60 }, 'value'],
    ['odd-length data', { to: TO, data: '0xabc' }, 'data'],
    ['non-hex data', { to: TO, data: '0xzz' }, 'data'],
    ['data without 0x', { to: TO, data: 'a9059cbb' }, 'data'],
    ['a malformed "to"', { to: '0x1234' }, 'to'],
  ])('returns not_serializable for %s, naming the field', (_name, value, field) => {
    const r = parse(value);
    expect(rule(r)).toBe('not_serializable');
    expect(r).toMatchObject({ message: expect.stringContaining(`${field}: `) });
  });

  it('returns not_serializable when data and input disagree', () => {
    expect(parse({ to: TO, data: '0xa9059cbb', input: '0x095ea7b3' })).toEqual({
      ok: false,
      rule: 'not_serializable',
      message: '"data" and "input" disagree',
    });
  });

  it('returns wrong_sender for a from other than the agent', () => {
    const r = parse({ to: TO, from: STRANGER });
    expect(rule(r)).toBe('wrong_sender');
    expect(r).toMatchObject({ message: expect.stringContaining(STRANGER) });
    expect(r).toMatchObject({ message: expect.stringContaining(AGENT) });
  });
});

describe('parseTxRequest normalization', () => {
  it('checksums a lower-case address and fills defaults', () => {
    expect(parse({ to: TO.toLowerCase() })).toEqual({ ok: true, tx: { to: TO, data: '0x', value: 0n } });
  });

  it.each([
    ['a number', 1_000_000],
    ['a decimal string', '1000000'],
    ['a padded decimal string', ' 1000000 '],
    ['a hex string', '0xf4240'],
  ])('reads value given as %s', (_name, value) => {
    expect(tx(parse({ to: TO, value })).value).toBe(1_000_000n);
  });

  it('keeps a bigint serialized as a decimal string exact beyond 2^53', () => {
    expect(tx(parse({ to: TO, value: '123456789012345678901234567890' })).value).toBe(123456789012345678901234567890n);
  });

  it('accepts from = agent in any case', () => {
    for (const from of [AGENT, AGENT.toLowerCase(), `0x${AGENT.slice(2).toUpperCase()}`, null]) {
      expect(rule(parse({ to: TO, from }))).toBe('ok');
    }
  });

  it('maps gas and gasLimit to gas', () => {
    expect(tx(parse({ to: TO, gas: 50_000 })).gas).toBe(50_000n);
    expect(tx(parse({ to: TO, gasLimit: '0xc350' })).gas).toBe(50_000n);
    expect(tx(parse({ to: TO }))).not.toHaveProperty('gas');
  });

  it('takes input when data is absent and tolerates a case-only difference', () => {
    expect(tx(parse({ to: TO, input: '0xa9059cbb' })).data).toBe('0xa9059cbb');
    expect(rule(parse({ to: TO, data: '0xA9059CBB', input: '0xa9059cbb' }))).toBe('ok');
  });

  it('passes fee fields through and ignores unknown fields', () => {
    const r = parse({
      to: TO,
      data: '0x',
      value: '5',
      gasPrice: 3,
      maxFeePerGas: '10',
      maxPriorityFeePerGas: '0x1',
      chainId: 56,
      nonce: 7,
      type: 2,
      note: 'hi',
    });
    expect(r).toEqual({ ok: true, tx: { to: TO, data: '0x', value: 5n, gasPrice: 3n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n } });
  });
});
