import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AtomicTask, describeIssues, placeholders } from '../../src/tasks/schema.ts';

const FILE = 'tasks/atomic/erc20_operations/erc20_transfer_fixed.json';
const valid = JSON.parse(readFileSync(new URL(`../../${FILE}`, import.meta.url), 'utf8')) as Record<string, any>;

/** The readable report for a task that must not parse. */
function report(task: unknown): string {
  const r = AtomicTask.safeParse(task);
  if (r.success) throw new Error('expected the task to be rejected');
  return describeIssues('bad_task.json', r.error);
}

const withParams = (extra: Record<string, unknown>) => ({ ...valid, parameters: { ...valid.parameters, ...extra } });
const withTemplate = (tpl: string) => ({ ...valid, templates: [...valid.templates, tpl] });
const without = (key: string) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key));

describe('AtomicTask schema', () => {
  it('parses a real task file and fills defaults', () => {
    const t = AtomicTask.parse(valid);
    expect(t.id).toBe('erc20_transfer_fixed');
    expect(t.kind).toBe('transaction');
    expect(t.templates).toHaveLength(4);
    expect(t.parameters.amount).toEqual({ kind: 'amount', min: '1', max: '100', decimals: 2, unit: { of: 'token' } });
    expect(t.chains).toEqual(['bsc', 'base']);
    const int = AtomicTask.parse(withParams({ n: { kind: 'integer', min: 1, max: 9 } }));
    expect(int.parameters.n).toEqual({ kind: 'integer', min: 1, max: 9, step: 1 });
  });

  it('checks what a task says of other chains: a known chain, a unit that follows a choice, as many templates', () => {
    expect(AtomicTask.safeParse({ ...valid, chains: ['bsc', 'polygon'] }).success).toBe(false);
    const amountOf = (of: string) => withParams({ amount: { kind: 'amount', min: '1', max: '2', decimals: 2, unit: { of } } });
    expect(AtomicTask.safeParse(amountOf('token')).success).toBe(true);
    const bad = AtomicTask.safeParse(amountOf('to'));
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('unit.of \\"to\\" is not a choice parameter');
    const fewer = AtomicTask.safeParse({ ...valid, onChain: { base: { templates: valid.templates.slice(0, 3) } } });
    expect(fewer.success).toBe(false);
    expect(JSON.stringify(fewer.error?.issues)).toMatch(/base has 3 templates where the task has 4/);
    expect(AtomicTask.safeParse({ ...valid, onChain: { base: { templates: valid.templates } } }).success).toBe(true);
  });

  it('accepts a query task with an answer format', () => {
    const q = { ...valid, kind: 'query', answer: { format: 'the balance in wei as a decimal string' } };
    expect(AtomicTask.safeParse(q).success).toBe(true);
  });

  it.each([
    ['missing kind', without('kind'), /^ {2}- kind: /m],
    ['only two templates', { ...valid, templates: valid.templates.slice(0, 2) }, /^ {2}- templates: .*3/m],
    [
      'placeholder without parameter',
      withTemplate('Send {amount} {token.symbol} to {nobody}.'),
      /templates\.4: placeholder \{nobody\} has no parameter/,
    ],
    ['choice without a field', withTemplate('Send {amount} {token} to {to} now.'), /templates\.4: \{token\} is a choice: name a field/],
    [
      'field on a non-choice',
      withTemplate('Send {amount} {token.symbol} to {to.name}.'),
      /templates\.4: \{to\.name\}: only choice parameters have fields/,
    ],
    [
      'field some option lacks',
      withTemplate('Send {amount} {token.decimals} to {to} now.'),
      /templates\.4: \{token\.decimals\}: not every option has "decimals"/,
    ],
    ['query without answer', { ...valid, kind: 'query' }, /^ {2}- answer: query tasks must state the answer format/m],
    [
      'transaction with answer',
      { ...valid, answer: { format: 'a decimal string of wei' } },
      /^ {2}- answer: only query tasks have an answer format/m,
    ],
    [
      'non-numeric amount bound',
      withParams({ amount: { kind: 'amount', min: 'ten', max: '100', decimals: 2 } }),
      /parameters\.amount\.min: must be a non-negative decimal/,
    ],
    ['unknown top-level key', { ...valid, note: 'hi' }, /\(root\): .*"note"/],
    ['env address without key', withParams({ to: { kind: 'address', source: 'env' } }), /parameters\.to\.key: source "env" needs a "key"/],
    [
      'fixed address without value',
      withParams({ to: { kind: 'address', source: 'fixed' } }),
      /parameters\.to\.value: source "fixed" needs a "value"/,
    ],
  ])('rejects %s, naming the path', (_name, task, expected) => {
    const text = report(task);
    expect(text.startsWith('invalid task file bad_task.json:\n')).toBe(true);
    expect(text).toMatch(expected);
  });
});

describe('placeholders', () => {
  it('finds names and optional fields in order', () => {
    expect(placeholders('Send {amount} {token.symbol} to {to}; {not-one} {1x}')).toEqual([
      { name: 'amount' },
      { name: 'token', field: 'symbol' },
      { name: 'to' },
    ]);
  });
});
