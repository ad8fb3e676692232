// The one outcome shape from the isolate to the record: what the Deno host may send, and how the
// harness reads a result's value.
import { describe, expect, it } from 'vitest';
import { parseHostLine } from '../../src/sandbox/host-protocol.ts';
import { parseValue } from '../../src/sandbox/outcome.ts';

describe('host messages', () => {
  it('reads logs, outcomes and Worker counts', () => {
    expect(parseHostLine('{"id":4,"log":"hi\\n"}')).toEqual({ id: 4, log: 'hi\n' });
    expect(parseHostLine('{"id":4,"outcome":{"kind":"ok","value":"[1,2]"}}')).toEqual({ id: 4, outcome: { kind: 'ok', value: '[1,2]' } });
    expect(parseHostLine('{"id":4,"outcome":{"kind":"ok"}}')).toEqual({ id: 4, outcome: { kind: 'ok' } });
    expect(parseHostLine('{"id":5,"outcome":{"kind":"schema_invalid","rule":"wrong_signature","message":"m"}}')).toEqual({
      id: 5,
      outcome: { kind: 'schema_invalid', rule: 'wrong_signature', message: 'm' },
    });
    expect(parseHostLine('{"id":6,"outcome":{"kind":"timeout","message":"timed out after 5 ms"}}')).toEqual({
      id: 6,
      outcome: { kind: 'timeout', message: 'timed out after 5 ms' },
    });
    expect(parseHostLine('{"op":"live","n":3,"ended":true}')).toEqual({ op: 'live', n: 3, ended: true });
  });

  it('ignores a line the host cannot have sent', () => {
    expect(parseHostLine('not json')).toBeUndefined();
    expect(parseHostLine('{"id":1,"outcome":{"status":"ok"}}')).toBeUndefined();
    expect(parseHostLine('{"id":1,"outcome":{"kind":"ok","value":3}}')).toBeUndefined();
    expect(parseHostLine('{"id":1,"outcome":{"kind":"schema_invalid","rule":"other","message":"m"}}')).toBeUndefined();
    expect(parseHostLine('{"id":"1","log":"x"}')).toBeUndefined();
  });
});

describe('parseValue', () => {
  it('parses an ok value, keeps an absent one undefined, and passes the other kinds through', () => {
    expect(parseValue({ kind: 'ok', value: '{"a":"1"}' })).toEqual({ kind: 'ok', value: { a: '1' } });
    expect(parseValue({ kind: 'ok' })).toStrictEqual({ kind: 'ok', value: undefined });
    expect(parseValue({ kind: 'runtime_error', message: 'boom' })).toEqual({ kind: 'runtime_error', message: 'boom' });
  });

  it('turns a value that is not JSON into the sandbox failure', () => {
    expect(parseValue({ kind: 'ok', value: '{' })).toEqual({ kind: 'runtime_error', message: 'malformed result from the sandbox' });
  });
});
