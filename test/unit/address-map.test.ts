// The address map is declared once (src/tasks/address-map.ts): the chain's maps, the prompt's table, the
// composite keys and the mirror's contracts all follow it, and a task's own keys reach the prompt and types.
import { readFileSync } from 'node:fs';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { AUX_CONTRACTS } from '../../src/chain/aux-contracts.ts';
import { BSC } from '../../src/chain/addresses.ts';
import { HARD_DESCRIPTIONS, hardEnvMap } from '../../src/chain/hard-env.ts';
import { HardManifest } from '../../src/chain/hard-manifest.ts';
import { envMapFrom } from '../../src/chain/session.ts';
import { CONTRACT_KEYS } from '../../src/composite/script.ts';
import { promptExtras } from '../../src/episode/hard-rules.ts';
import { isQuestError } from '../../src/errors.ts';
import { environmentText } from '../../src/instance/environment.ts';
import { ADDRESS_MAP, addressMapTable, asEnvMap, byRole, descriptionsOf, keysOf, orderAddressMap } from '../../src/tasks/address-map.ts';
import { paramTypesSource } from '../../src/tasks/params-types.ts';
import { AtomicTask } from '../../src/tasks/schema.ts';
import type { TaskSpec } from '../../src/tasks/task.ts';

const AGENT = getAddress('0x1111111111111111111111111111111111111111');
const manifest = JSON.parse(readFileSync('fixtures/mirror/manifest.json', 'utf8'));
const hardManifest = HardManifest.parse(JSON.parse(readFileSync('fixtures/mirror/hard-manifest.json', 'utf8')));
const published = envMapFrom(manifest, AGENT);
const hard = hardEnvMap(hardManifest, AGENT);

const thrownBy = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

describe('the address map', () => {
  it('declares every key once', () => {
    const keys = ADDRESS_MAP.map((e) => e.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives the chain's maps their keys, in its order, the wallet after the published keys", () => {
    expect(Object.keys(published)).toEqual([...keysOf('published'), 'agent']);
    const hardKeys = keysOf('hard');
    const at = hardKeys.indexOf('rich_address') + 1;
    expect(Object.keys(hard)).toEqual([...hardKeys.slice(0, at), 'agent', ...hardKeys.slice(at)]);
    expect(CONTRACT_KEYS).toEqual(keysOf('published'));
  });

  it('places the mirror contracts it declares, at the addresses the mirror has them', () => {
    expect(Object.fromEntries(AUX_CONTRACTS.map((c) => [c.key, c.address]))).toEqual(manifest.contracts);
    expect(AUX_CONTRACTS.find((c) => c.key === 'proxy')!.args({ pairs: manifest.pairs, contracts: manifest.contracts })).toEqual([
      manifest.contracts.implementation,
    ]);
    expect(AUX_CONTRACTS.find((c) => c.key === 'simple_reward_pool')!.fund).toEqual([{ token: BSC.CAKE, amount: 100_000n * 10n ** 18n }]);
  });

  it('describes every key of both maps for their prompts', () => {
    const pub = descriptionsOf('published');
    for (const k of keysOf('published')) if (!k.startsWith('pair_')) expect(pub[k], k).toBeTruthy();
    const h = descriptionsOf('hard');
    for (const k of keysOf('hard')) if (!k.startsWith('pair_')) expect(h[k], k).toBeTruthy();
    expect(HARD_DESCRIPTIONS.USDT).toBe('Tether USD (BEP-20)');
    expect(pub.USDT).toBe('Tether USD (BEP-20, 18 decimals)');
  });

  it('finds a role by what the chain calls it, and says so when the map has none', () => {
    expect(byRole(published, 'wrappedNative')).toBe(BSC.WBNB);
    expect(byRole(hard, 'v3SwapRouter')).toBe(hard.v3_swap_router);
    const e = thrownBy(() => byRole(published, 'v3SwapRouter'));
    expect(isQuestError(e) && e.code).toBe('ADDRESS_ROLE_MISSING');
  });

  it("refuses a chain's map that lacks a key or has one it does not declare", () => {
    const { USDT: _, ...less } = published;
    const e = thrownBy(() => orderAddressMap('published', less));
    expect(isQuestError(e) && e.code).toBe('ADDRESS_MAP_MISMATCH');
    expect((e as Error).message).toMatch(/missing: USDT/);
    const more = thrownBy(() => orderAddressMap('published', { ...published, surprise: AGENT }));
    expect((more as Error).message).toMatch(/unknown: surprise/);
    expect(() => asEnvMap({ agent: AGENT })).toThrow(/no WBNB/);
    expect(asEnvMap({ ...hard })).toEqual(hard);
  });

  it('prints a docs table with a row per key', () => {
    expect(addressMapTable().split('\n')).toHaveLength(ADDRESS_MAP.length + 2);
  });
});

describe("a task's own keys", () => {
  const task = {
    id: 'tip_jar_tip',
    category: 'custom_contracts',
    subcategory: 'tip_jar',
    difficulty: 'easy',
    title: 'Tip a jar',
    kind: 'transaction',
    templates: ['Tip {amount} BNB to the jar.', 'Send {amount} BNB to the jar.', 'Leave {amount} BNB in the jar.'],
    addresses: { tip_jar: { address: '0x00000000000000000000000000000000007137a5', description: 'TipJar: tip(string) payable' } },
    parameters: { amount: { kind: 'amount', min: '0.001', max: '0.1', decimals: 3 } },
  };

  it('may not take a key of the harness or the wallet', () => {
    expect(AtomicTask.safeParse(task).success).toBe(true);
    for (const key of ['USDT', 'agent', 'vUSDT']) {
      const r = AtomicTask.safeParse({ ...task, addresses: { [key]: task.addresses.tip_jar } });
      expect(r.success, key).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/address map already/);
    }
  });

  it('are listed after the map with their descriptions, and typed by questbench types', () => {
    const spec = { split: 'atomic', protocol: 'atomic', spec: AtomicTask.parse(task) } as TaskSpec;
    const extras = promptExtras(spec, 'text');
    const env = { ...published, tip_jar: getAddress(task.addresses.tip_jar.address) };
    const text = environmentText(env, 56, extras.descriptions);
    expect(text.split('\n').at(-1)).toBe(`  ${'tip_jar'.padEnd(22)} ${env.tip_jar}  TipJar: tip(string) payable`);
    expect(
      environmentText(
        published,
        56,
        promptExtras({ ...spec, spec: { ...spec.spec, addresses: undefined } } as TaskSpec, 'text').descriptions,
      ),
    ).toBe(environmentText(published, 56));
    const source = paramTypesSource([
      { id: 'tip_jar_tip', file: 'atomic/tip_jar/tip_jar_tip.json', parameters: {}, split: 'atomic', addresses: ['tip_jar'] },
      { id: 'hard_x', file: 'hard/x/hard_x.json', parameters: {}, split: 'hard' },
    ]);
    expect(source).toContain('  tip_jar_tip: PublishedEnv & { readonly tip_jar: Address };\n  hard_x: HardEnv;\n');
  });
});
