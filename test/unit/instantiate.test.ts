import { getAddress, isAddress, parseUnits, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { AddressLookup } from '../../src/tasks/address-map.ts';
import { instantiate, render, type Instance } from '../../src/tasks/instantiate.ts';
import { createRng, deriveSeed } from '../../src/tasks/prng.ts';
import { AtomicTask } from '../../src/tasks/schema.ts';

const env: AddressLookup = {
  USDT: getAddress('0x55d398326f99059ff775485246999027b3197955'),
  BUSD: getAddress('0xe9e7cea3dedca5984780bafc599bd69add087d56'),
  CAKE: getAddress('0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82'),
  agent: getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8'),
};

const base = { category: 'basic_transactions', subcategory: 'probe', difficulty: 'easy', title: 'Probe', kind: 'transaction' } as const;

/** A transfer-like task with a wide amount range, so two instances almost never share params. */
const transfer = AtomicTask.parse({
  ...base,
  id: 'probe_transfer',
  templates: [
    'Send {amount} {token.symbol} to {to}.',
    'Transfer {amount} of my {token.symbol} over to {to}.',
    'Pay {to} exactly {amount} {token.symbol} please.',
  ],
  parameters: {
    token: {
      kind: 'choice',
      options: [
        { symbol: 'USDT', address: { env: 'USDT' } },
        { symbol: 'BUSD', address: { env: 'BUSD' } },
        { symbol: 'CAKE', address: { env: 'CAKE' } },
      ],
    },
    amount: { kind: 'amount', min: '0.5', max: '250000', decimals: 6 },
    to: { kind: 'address', source: 'random' },
  },
});

/** A task with one parameter `p` and three templates that all show it. */
function single(spec: unknown, shown = '{p}'): AtomicTask {
  return AtomicTask.parse({
    ...base,
    id: 'probe_single',
    templates: [`The value is ${shown} today.`, `Use ${shown} as the value.`, `Take ${shown} and go with it.`],
    parameters: { p: spec },
  });
}

function draws(task: AtomicTask, n: number, runSeed = 7): Instance[] {
  return Array.from({ length: n }, (_, i) => instantiate(task, { runSeed, round: i + 1, env }));
}

describe('instantiate determinism', () => {
  it('gives the identical instance for the same run seed, task and round', () => {
    const a = instantiate(transfer, { runSeed: 42, round: 3, env });
    const b = instantiate(transfer, { runSeed: 42, round: 3, env });
    expect(b).toEqual(a);
    expect(a.seed).toBe(deriveSeed(42, 'probe_transfer', 3));
    expect(a).toMatchObject({ taskId: 'probe_transfer', round: 3 });
  });

  it('gives a different seed and different params for another round or run seed', () => {
    const a = instantiate(transfer, { runSeed: 42, round: 3, env });
    for (const other of [instantiate(transfer, { runSeed: 42, round: 4, env }), instantiate(transfer, { runSeed: 43, round: 3, env })]) {
      expect(other.seed).not.toBe(a.seed);
      expect(other.params.amount).not.toBe(a.params.amount);
      expect(other.params.to).not.toBe(a.params.to);
    }
  });

  it('keeps params when a template is added (only the template pick may move)', () => {
    const more = AtomicTask.parse({ ...transfer, templates: [...transfer.templates, 'Move {amount} {token.symbol} to {to} now.'] });
    for (let round = 1; round <= 10; round++) {
      expect(instantiate(more, { runSeed: 5, round, env }).params).toEqual(instantiate(transfer, { runSeed: 5, round, env }).params);
    }
  });
});

describe('amount parameters', () => {
  it('stay within bounds with at most `decimals` places and no float artifacts', () => {
    const task = single({ kind: 'amount', min: '0.1', max: '0.3', decimals: 2 });
    const values = draws(task, 300).map((i) => i.params.p as string);
    for (const v of values) {
      expect(v).toMatch(/^0\.\d{1,2}$/);
      expect(v).not.toMatch(/0$/); // "0.10" would differ from what formatUnits-based validators print
      const units = parseUnits(v, 2);
      expect(units >= 10n && units <= 30n).toBe(true);
    }
    // 21 possible values over 300 draws: both bounds show up.
    expect(values).toContain('0.1');
    expect(values).toContain('0.3');
  });

  it('prints whole amounts without a decimal point', () => {
    const values = draws(single({ kind: 'amount', min: 1, max: 5, decimals: 0 }), 100).map((i) => i.params.p);
    expect(new Set(values)).toEqual(new Set(['1', '2', '3', '4', '5']));
  });

  it('accepts bounds with trailing zeros but rejects bounds finer than decimals, naming the parameter', () => {
    expect(() =>
      instantiate(single({ kind: 'amount', min: '1.50', max: '2.00', decimals: 2 }), { runSeed: 1, round: 1, env }),
    ).not.toThrow();
    expect(() => instantiate(single({ kind: 'amount', min: '0.125', max: '1', decimals: 2 }), { runSeed: 1, round: 1, env })).toThrow(
      /parameter p bounds have more than 2 decimals/,
    );
  });
});

describe('integer parameters', () => {
  it('respect min, max and step', () => {
    const values = draws(single({ kind: 'integer', min: 10, max: 90, step: 5 }), 300).map((i) => i.params.p as number);
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v % 5).toBe(0);
      expect(v).toBeGreaterThanOrEqual(10);
      expect(v).toBeLessThanOrEqual(90);
    }
    expect(values).toContain(10);
    expect(values).toContain(90);
  });

  it('never exceed max when it is off the step grid', () => {
    const values = draws(single({ kind: 'integer', min: 10, max: 92, step: 5 }), 300).map((i) => i.params.p as number);
    expect(Math.max(...values)).toBe(90);
    expect(values.every((v) => (v - 10) % 5 === 0)).toBe(true);
  });
});

describe('choice parameters', () => {
  it('draw a whole record, so symbol and address stay paired', () => {
    const allowed = [
      { symbol: 'USDT', address: env.USDT },
      { symbol: 'BUSD', address: env.BUSD },
      { symbol: 'CAKE', address: env.CAKE },
    ];
    const picks = draws(transfer, 200).map((i) => i.params.token);
    for (const p of picks) expect(allowed).toContainEqual(p);
    expect(new Set(picks.map((p) => (p as { symbol: string }).symbol)).size).toBe(3);
  });

  it('throw a message naming an env key the environment lacks', () => {
    const task = single({ kind: 'choice', options: [{ symbol: 'XYZ', address: { env: 'NO_SUCH_TOKEN' } }] }, '{p.symbol}');
    expect(() => instantiate(task, { runSeed: 1, round: 1, env })).toThrow(/"NO_SUCH_TOKEN"/);
  });
});

describe('address parameters', () => {
  it('random addresses are valid and checksummed', () => {
    for (const i of draws(transfer, 50)) {
      const a = i.params.to as string;
      expect(isAddress(a, { strict: true })).toBe(true);
      expect(a).toBe(getAddress(a));
    }
  });

  it('env and fixed sources resolve to checksummed addresses; a missing env key is named', () => {
    expect(instantiate(single({ kind: 'address', source: 'env', key: 'agent' }), { runSeed: 1, round: 1, env }).params.p).toBe(env.agent);
    const fixed = '0x000000000000000000000000000000000000dead';
    expect(instantiate(single({ kind: 'address', source: 'fixed', value: fixed }), { runSeed: 1, round: 1, env }).params.p).toBe(
      getAddress(fixed),
    );
    expect(() => instantiate(single({ kind: 'address', source: 'env', key: 'router' }), { runSeed: 1, round: 1, env })).toThrow(/"router"/);
  });
});

describe('string parameters', () => {
  it('follow the charset and length', () => {
    for (const i of draws(single({ kind: 'string', length: 12 }), 30)) expect(i.params.p).toMatch(/^[A-Za-z0-9]{12}$/);
    for (const i of draws(single({ kind: 'string', length: 7, charset: 'alpha' }), 30)) expect(i.params.p).toMatch(/^[A-Za-z]{7}$/);
    for (const i of draws(single({ kind: 'string', length: 20, charset: 'words' }), 30)) {
      const s = i.params.p as string;
      expect(s).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(s.length).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('rendered instruction', () => {
  it('shows exactly the values the validator will use and leaves no placeholder', () => {
    const seen = new Set<number>();
    for (const i of draws(transfer, 60)) {
      const p = i.params as { amount: string; to: Address; token: { symbol: string } };
      seen.add(i.templateIndex);
      expect(i.instruction).toContain(` ${p.amount} `);
      expect(i.instruction).toContain(p.to);
      expect(i.instruction).toContain(p.token.symbol);
      expect(i.instruction).not.toMatch(/[{}]/);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('fills repeated placeholders everywhere', () => {
    expect(render('{a} and {a} and {b.x}', { a: '1', b: { x: 'y' } })).toBe('1 and 1 and y');
  });

  it('inserts values literally, even with "$" in them', () => {
    // A choice label such as "US$$" must reach the prompt unchanged.
    expect(render('Pay in {c.label} now.', { c: { label: 'US$$' } })).toBe('Pay in US$$ now.');
    expect(render('Note {x}.', { x: 'a$&b' })).toBe('Note a$&b.');
  });
});

describe('seeds and the generator', () => {
  it('derives a pinned seed (a change here silently changes every benchmark instance)', () => {
    expect(deriveSeed(20260, 'erc20_transfer_fixed', 1)).toBe(3866401062);
    const rng = createRng(3866401062);
    expect([rng.u32(), rng.u32(), rng.u32()]).toEqual([528879985, 3844078173, 903536291]);
  });

  it('bigintBetween stays in range and reaches both ends of a tiny range', () => {
    const rng = createRng(99);
    const lo = 10n ** 20n;
    const hi = lo + 10n ** 30n;
    for (let k = 0; k < 2000; k++) {
      const x = rng.bigintBetween(lo, hi);
      expect(x >= lo && x <= hi).toBe(true);
    }
    const tiny = new Set(Array.from({ length: 200 }, () => rng.bigintBetween(3n, 5n)));
    expect(tiny).toEqual(new Set([3n, 4n, 5n]));
    expect(rng.bigintBetween(7n, 7n)).toBe(7n);
    expect(() => rng.bigintBetween(2n, 1n)).toThrow(/empty range/);
  });
});
