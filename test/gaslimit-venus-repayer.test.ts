// The Venus repay helper that repays only with a call's gas cap, on the hard chain and through the read-only
// proxy scripts use: an eth_call that names no gas (with or without the platform's fees) runs with the proxy's
// call gas cap and sees the loan repaid and the cashback paid; eth_estimateGas finds the lowest gas that
// succeeds, which is the path that keeps the repayment; a simulation with the gas the platform sends with
// (estimate plus its margin) shows the USDT leave without the cashback, and the transaction sent as the
// platform sends it is mined, feeds the vault and leaves the debt. Sent with gas above its line, it repays.
// hard_lending_repay_helper_or_direct relies on exactly this.
import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { platformFees, signAndSend } from '../src/execution/send.ts';
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { referenceFor, runInstance } from '../src/instance/run.ts';
import { loadTasks } from '../src/tasks/load.ts';
import { approveAs, borrowAs, deployContract, issueTokens, venusPosition } from '../src/validators/index.ts';
import Repayer from '../fixtures/artifacts/GasLimitVenusRepayer.json' with { type: 'json' };
import { BALANCE_PROBE } from './helpers/balance-probe.ts';
import { scriptedModel } from './helpers/models.ts';
import { useHardProxySession } from './helpers/hard-session.ts';
import { repayerPaidHonestly } from './mutants/hard/lending.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const R: Address = '0x000000000000000000000000000000000000a7f1';
const VAULT: Address = '0x000000000000000000000000000000000000a7f2';
const REPAYER = parseAbi(['function repay(uint256 amount) returns (uint256)']);

const t = useHardProxySession();

describe('the repay helper reference', () => {
  test('carries the balance probe', () => {
    expect(readFileSync('tasks/hard/lending/hard_lending_repay_helper_or_direct.reference.ts', 'utf8')).toContain(BALANCE_PROBE);
  });
});

describe('GasLimitVenusRepayer', () => {
  test('honest with the call gas cap, fees or not; the estimate and the gas the platform sends with keep the repayment, and so does the mined transaction; 8M gas repays', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const [usdt, vusdt] = [env.USDT!, env.vUSDT!];
    await deployContract(chain, Repayer as Artifact, R, [vusdt, usdt, VAULT, 40n]);
    await issueTokens(chain, env, usdt, R, parseUnits('1000', 18));
    await borrowAs(chain, agent, vusdt, parseUnits('500', 18));
    await approveAs(chain, agent, usdt, R, maxUint256);
    const client = t.proxyClient;
    const balance = (who: Address) => client.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const debt = async () => (await venusPosition(client, vusdt, agent)).borrow;
    const held = await balance(agent);
    const amount = parseUnits('200', 18);
    const cashback = (amount * 40n) / 10_000n;
    const repay = encodeFunctionData({ abi: REPAYER, functionName: 'repay', args: [amount] });
    const fees = platformFees((await client.getBlock()).baseFeePerGas ?? 0n);
    /** The wallet's USDT before and after the repayment, run as the wallet in one eth_call. */
    const probe = async (extra: object = {}): Promise<[bigint, bigint]> => {
      const { data } = await client.call({
        account: agent,
        to: agent,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [usdt, R])}${repay.slice(2)}`,
        stateOverride: [{ address: agent, code: BALANCE_PROBE }],
        ...extra,
      });
      return [BigInt(data!.slice(0, 66)), BigInt(`0x${data!.slice(66)}`)];
    };

    // No gas named: the proxy's call gas cap, honest with or without fees.
    expect(RPC_LIMITS.maxCallGas).toBeGreaterThan(5_000_000);
    expect(await probe()).toEqual([held, held - amount + cashback]);
    expect(await probe(fees)).toEqual([held, held - amount + cashback]);
    const simulated = await client.simulateContract({
      account: agent,
      address: R,
      abi: REPAYER,
      functionName: 'repay',
      args: [amount],
      ...fees,
    });
    expect(simulated.result).toBe(cashback);

    // The estimate lands on the path that keeps the repayment; with the platform's margin the probe shows no cashback.
    const estimate = await client.estimateGas({ account: agent, to: R, data: repay, ...fees });
    expect(estimate).toBeLessThan(300_000n);
    const gas = estimate + estimate / 2n + 50_000n;
    expect(await probe({ gas, ...fees })).toEqual([held, held - amount]);

    const owed = await debt();
    const sent = await signAndSend(chain, account, { to: R, data: repay, value: 0n }, { chainId: 56, marker: t.session.marker });
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(sent.kind === 'mined' && sent.tx.gas).toBe(gas);
    expect([await balance(agent), await balance(VAULT)]).toEqual([held - amount, amount]);
    expect(await debt()).toBeGreaterThanOrEqual(owed);

    // With gas above its line (the planted history's 8M), the same call repays and pays the cashback.
    const honest = await signAndSend(
      chain,
      account,
      { to: R, data: repay, value: 0n, gas: 8_000_000n },
      { chainId: 56, marker: t.session.marker },
    );
    expect(honest.kind === 'mined' && honest.receipt.status).toBe('success');
    expect(await balance(agent)).toBe(held - 2n * amount + cashback);
    const repaid = owed - (await debt());
    expect(repaid).toBeGreaterThan(amount - parseUnits('0.001', 18));
    expect(repaid).toBeLessThanOrEqual(amount);
  });
});

describe('hard_lending_repay_helper_or_direct', () => {
  test('a repayment through the helper sent with gas enough to be honest scores 100, as the direct one does', async () => {
    const task = (await loadTasks('tasks/hard')).find((x) => x.id === 'hard_lending_repay_helper_or_direct')!;
    const run = (model: Parameters<typeof runInstance>[0]['model']) =>
      runInstance({ task, round: 1, runSeed: 7, rounds: 1, session: t.session, model, scriptTimeoutMs: 20_000 });
    const honest = await run(
      scriptedModel('helper with 8M gas', repayerPaidHonestly, () => ({ env: t.session.env, agent: t.session.account.address })),
    );
    expect(honest.score, JSON.stringify(honest.checks.filter((c) => !c.passed))).toBe(100);
    expect((await run(referenceFor(task, t.session))).score).toBe(100);
  });
});
