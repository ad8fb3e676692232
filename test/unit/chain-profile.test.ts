// The chain a prompt speaks of comes from its chain profile. BNB Smart Chain's prompts are the published
// benchmark's and never change: their text is pinned by hash. Another profile's name and coin reach every
// role and the environment line.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { getAddress } from 'viem';
import { describe, expect, test } from 'vitest';
import { buildAtomicMessages } from '../../src/atomic/prompt.ts';
import { BASE, BSC, CHAIN_PROFILES, ChainProfile, DEFAULT_CHAIN } from '../../src/tasks/chain-profile.ts';
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

  test("another profile's name and native coin reach every role and the environment line", () => {
    const testnet = ChainProfile.parse({
      id: 'bsc-testnet',
      chainId: 97,
      name: 'BNB Smart Chain Testnet',
      native: { symbol: 'tBNB', decimals: 18 },
    });
    for (const text of systemPrompts(testnet)) {
      expect(text).toContain(' on BNB Smart Chain Testnet');
      expect(text).toContain('- Chain: BNB Smart Chain Testnet mainnet (chain id 56), native coin tBNB (18 decimals).');
      expect(text).not.toContain(' on BNB Smart Chain.');
    }
  });

  test('a profile is checked at its boundary', () => {
    expect(() => ChainProfile.parse({ ...BSC, id: 'Base Mainnet' })).toThrow();
    expect(() => ChainProfile.parse({ ...BSC, native: { symbol: 'ETH', decimals: -1 } })).toThrow();
  });
});
