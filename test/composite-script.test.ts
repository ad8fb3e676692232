// Round scripts written as skill functions: what scriptSource() writes (the skills once each, reads as
// constants before the call, arguments as literals, only the libraries used), that the result runs in the
// sandbox and returns the transaction the skill computes, and that a skill reaching outside itself is
// caught, by the writer where a transform marks it and by the free-name check the task tests use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, erc20Abi, parseEther, type Address } from 'viem';
import {
  approve,
  call,
  read,
  script,
  scriptReply,
  scriptSource,
  ScriptError,
  sendBnb,
  type SkillContext,
  type Tx,
} from '../src/composite/reference.ts';
import { extractCode } from '../src/sandbox/extract.ts';
import { closeSandboxHosts, prepareSandbox, runSkill } from '../src/sandbox/index.ts';
import { freeNames } from './helpers/free-names.ts';

const TOKEN: Address = '0x55d398326f99059fF775485246999027B3197955';
const SPENDER: Address = '0x10ED43C718714eb63d5aA57B78B54704E256024E';
const AGENT: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const double = (_ctx: SkillContext, a: { of: bigint }): bigint => a.of * 2n;
const amount = read(double, { of: 21n });

describe('scriptSource', () => {
  it('declares the skills it uses once, reads before the call, and imports only the libraries they use', () => {
    const source = scriptSource(script(approve, { token: TOKEN, spender: SPENDER, amount }));
    expect(source).toMatch(/^import \* as viem from 'viem';\n\n/);
    expect(source).not.toContain("from 'ethers'");
    expect(source.indexOf('const double = ')).toBeLessThan(source.indexOf('function approve('));
    expect(source).toContain(
      'export async function executeSkill(providerUrl: string, agentAddress: string, deployedContracts: Record<string, string>) {',
    );
    expect(source).toContain('  const ctx = { providerUrl, agentAddress, deployedContracts, viem };');
    expect(source).toContain('  const amount = await double(ctx, { of: 21n });');
    expect(source).toMatch(
      /return approve\(ctx, \{\n {4}token: "0x55d3[0-9a-fA-F]{36}",\n {4}spender: "0x10ED[0-9a-fA-F]{36}",\n {4}amount,\n {2}\}\);\n\}$/,
    );
    expect(freeNames(source)).toEqual([]);
  });

  it('reads a value once however often the round passes it, and names reads by their argument', () => {
    const transfer = (_ctx: SkillContext, a: { first: bigint; second: bigint; third: bigint }): Tx => ({
      to: TOKEN,
      value: a.first + a.second + a.third,
    });
    const source = scriptSource(script(transfer, { first: amount, second: amount, third: read(double, { of: 1n }) }));
    expect(source.match(/await double\(/g)).toHaveLength(2);
    expect(source).toContain('const first = await double(ctx, { of: 21n });');
    expect(source).toContain('const third = await double(ctx, { of: 1n });');
    expect(source).toContain('return transfer(ctx, { first, second: first, third });');
  });

  it('writes plain data as literals: bigints, nested objects and arrays, quoted keys, no undefined', () => {
    const echo = (_ctx: SkillContext, a: object): Tx => ({ to: TOKEN, data: JSON.stringify(a) });
    const source = scriptSource(
      script(echo, { n: -1.5, big: 10n ** 30n, list: [1, 'two', null, false], nested: { 'a-b': { c: [] } }, skipped: undefined }),
    );
    expect(source).toContain(
      [
        '  return echo(ctx, {',
        '    n: -1.5,',
        '    big: 1000000000000000000000000000000n,',
        '    list: [1, "two", null, false],',
        '    nested: { "a-b": { c: [] } },',
        '  });',
      ].join('\n'),
    );
  });

  it('declares an anonymous arrow as a constant, named for the round or the argument it reads', () => {
    const source = scriptSource(script(({ agentAddress }) => ({ to: agentAddress, value: 0n })));
    expect(source).toMatch(/const skill = \(\{ agentAddress \}\) => \(\{/);
    expect(source).toContain('return skill(ctx, {});');
    expect(source).not.toContain('import');
    const halved = scriptSource(script(sendBnb, { to: TOKEN, amount: read((_ctx, a: { of: bigint }) => a.of / 2n, { of: 10n }) }));
    expect(halved).toContain('const readAmount = (_ctx, a) => a.of / 2n;');
    expect(halved).toContain('const amount = await readAmount(ctx, { of: 10n });');
  });

  it('refuses what a script cannot hold, naming it', () => {
    const echo = (_ctx: SkillContext, a: object): Tx => ({ to: TOKEN, data: String(a) });
    expect(() => scriptSource(script(echo, { when: new Date(0) }))).toThrow(/argument when is a Date, not plain data/);
    expect(() => scriptSource(script(echo, { f: () => 1 }))).toThrow(/argument f is a function \(pass a skill through read\(\)\)/);
    expect(() => scriptSource(script(echo, { x: Number.NaN }))).toThrow(/argument x is NaN/);
    const methods = {
      build(_ctx: SkillContext) {
        return { to: TOKEN };
      },
    };
    expect(() => scriptSource(script(methods.build))).toThrow(ScriptError);
    expect(() => scriptSource(script(methods.build))).toThrow(/build is not a function or arrow function/);
  });

  it("refuses a skill that uses an import of its module (Vite's transform marks it)", () => {
    const leaky = (_ctx: SkillContext, a: { amount: string }): Tx => ({ to: TOKEN, value: parseEther(a.amount) });
    expect(() => scriptSource(script(leaky, { amount: '1' }))).toThrow(
      /leaky uses an import of its module: a skill runs alone in the sandbox/,
    );
  });

  it('the free-name check finds what a skill closes over that the writer cannot see', () => {
    const limit = 5n;
    const closure = (_ctx: SkillContext, a: { amount: bigint }): Tx => ({ to: TOKEN, value: a.amount > limit ? limit : a.amount });
    expect(freeNames(scriptSource(script(closure, { amount: 1n })))).toEqual(['TOKEN', 'limit']);
    expect(freeNames('export const x = () => fetch("http://127.0.0.1:1") && console.log(new URL("a:b"), setTimeout, BigInt(1));')).toEqual(
      [],
    );
  });
});

describe('a written script in the sandbox', () => {
  beforeAll(async () => prepareSandbox(), 180_000);
  afterAll(async () => closeSandboxHosts());

  it('returns the transaction the skills compute, with the reads it passes', async () => {
    const reply = scriptReply(script(approve, { token: TOKEN, spender: SPENDER, amount }));
    const code = extractCode(reply);
    if (!('code' in code)) throw new Error(code.error);
    const out = await runSkill(code.code, { providerUrl: 'http://127.0.0.1:9/', agentAddress: AGENT, deployedContracts: {} });
    expect(out).toMatchObject({
      kind: 'ok',
      value: { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 42n] }) },
    });
  });

  it('runs skills that use ethers, and ones that use neither library', async () => {
    const run = async (s: ReturnType<typeof script>) => {
      const code = extractCode(scriptReply(s));
      if (!('code' in code)) throw new Error(code.error);
      return runSkill(code.code, { providerUrl: 'http://127.0.0.1:9/', agentAddress: AGENT, deployedContracts: {} });
    };
    const viaEthers = await run(
      script(call, { to: TOKEN, signature: 'function approve(address spender, uint256 amount)', args: [SPENDER, 42n] }),
    );
    expect(viaEthers).toMatchObject({
      kind: 'ok',
      value: { to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 42n] }) },
    });
    const plain = await run(script(sendBnb, { to: SPENDER, amount: 7n }));
    expect(plain).toMatchObject({ kind: 'ok', value: { to: SPENDER, value: '7' } });
  });
});
