// The spender of hard_approvals_lower_allowance_race, on the hard chain: it front-runs every change of its
// USDT allowance the wallet sends (approve, increaseAllowance, decreaseAllowance naming it) with a
// transferFrom of all the standing allowance lets it take, and then keeps whatever allowance the change
// leaves. So one approve straight to the new total gives it the old allowance's worth and the new total;
// a reset to 0 costs the pull but leaves room for nothing, and what it pulled is on the chain (the
// wallet's USDT and the spender's balance), so the rest of the owner's total can be granted; a
// decreaseAllowance by (old - total) lands on the allowance already spent down.
import { encodeFunctionData, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { asHardEnv } from '../src/tasks/address-map.ts';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { namedAddress } from '../src/chain/addresses.ts';
import { allowanceOf, balanceOf } from '../src/validators/index.ts';
import race from '../tasks/hard/approvals/hard_approvals_lower_allowance_race.validator.ts';
import { useHardSession } from './helpers/hard-session.ts';

const t = useHardSession();
const TOKEN = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function decreaseAllowance(address spender, uint256 subtracted) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);
const usdt = (s: string) => parseUnits(s, 18);

function setupRace() {
  const { chain, account } = t.session;
  const env = asHardEnv(t.session.env);
  const params = { collector: namedAddress('test/reactive-2-collector'), allowance: '2500', limit: '600', held: '250.5' };
  const agent = account.address;
  const read = async () => ({
    wallet: await balanceOf(chain.public, env.USDT, agent),
    collected: await balanceOf(chain.public, env.USDT, params.collector),
    allowance: await allowanceOf(chain.public, env.USDT, agent, params.collector),
  });
  /** The wallet's transaction as the harness sends it: the collector sees it first. */
  const send = async (data: Hex, to: Address = env.USDT) => {
    await race.beforeSend!({ params, env, agent, chain, tx: { from: agent, to, data, value: 0n } });
    const sent = await signAndSend(chain, account, { to, data, value: 0n }, { chainId: 56, marker: t.session.marker });
    if (sent.kind !== 'mined') throw new Error(`not mined: ${JSON.stringify(sent)}`);
    return sent.receipt.status;
  };
  const approveData = (amount: bigint) => encodeFunctionData({ abi: TOKEN, functionName: 'approve', args: [params.collector, amount] });
  return { params, read, send, approveData, setup: () => race.setup!({ params, env, agent, chain }) };
}

describe('a spender that front-runs allowance changes', () => {
  test('one approve straight to the new total: the spender takes the wallet’s USDT under the old allowance first, then keeps the whole new allowance', async () => {
    const { params, read, send, approveData, setup } = setupRace();
    await setup();
    expect(await read()).toEqual({ wallet: usdt(params.held), collected: 0n, allowance: usdt(params.allowance) });
    expect(await send(approveData(usdt(params.limit)))).toBe('success');
    const after = await read();
    expect(after).toEqual({ wallet: 0n, collected: usdt(params.held), allowance: usdt(params.limit) });
    // It can take more than the owner's total from the moment of the request.
    expect(after.collected + after.allowance).toBeGreaterThan(usdt(params.limit));
  });

  test('reset to 0, then grant the rest: the pull happens once, the second change finds nothing to take, and the total holds', async () => {
    const { params, read, send, approveData, setup } = setupRace();
    await setup();
    expect(await send(approveData(0n))).toBe('success');
    const mid = await read();
    expect(mid).toEqual({ wallet: 0n, collected: usdt(params.held), allowance: 0n });
    const rest = usdt(params.limit) - mid.collected;
    expect(await send(approveData(rest))).toBe('success');
    const end = await read();
    expect(end).toEqual({ wallet: 0n, collected: usdt(params.held), allowance: rest });
    expect(end.collected + end.allowance).toBe(usdt(params.limit));
  });

  test('decreaseAllowance by the old allowance less the total lands on the spent-down allowance and leaves exactly the rest', async () => {
    const { params, read, send, setup } = setupRace();
    await setup();
    const cut = usdt(params.allowance) - usdt(params.limit);
    expect(await send(encodeFunctionData({ abi: TOKEN, functionName: 'decreaseAllowance', args: [params.collector, cut] }))).toBe(
      'success',
    );
    expect(await read()).toEqual({ wallet: 0n, collected: usdt(params.held), allowance: usdt(params.limit) - usdt(params.held) });
  });

  test('the spender reacts only to changes of its own allowance: other USDT transactions pass untouched', async () => {
    const { params, read, send, setup } = setupRace();
    const { env } = t.session;
    await setup();
    const other = namedAddress('test/reactive-2-other');
    expect(await send(encodeFunctionData({ abi: TOKEN, functionName: 'approve', args: [other, 1n] }))).toBe('success');
    expect(await send(encodeFunctionData({ abi: TOKEN, functionName: 'transfer', args: [other, usdt('1')] }), env.USDT)).toBe('success');
    expect(await read()).toEqual({ wallet: usdt(params.held) - usdt('1'), collected: 0n, allowance: usdt(params.allowance) });
  });
});
