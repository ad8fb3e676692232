// The Venus zap that hands the vTokens it mints to its treasury only in a transaction that pays for gas, on
// the hard chain and through the read-only proxy scripts use: a fee-less eth_call or eth_estimateGas sees an honest zap (the vUSDT and the bonus reach
// the wallet), a simulation with the platform's fees that watches the wallet's vUSDT (its code overridden by a
// balance probe for that call) sees nothing arrive, and the mined transaction, sent as the platform sends it,
// is included and credits the treasury. hard_lending_zap_or_direct_supply relies on exactly this.
import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { platformFees, signAndSend } from '../src/execution/send.ts';
import { approveAs, DEPLOYER, deployContract, issueTokens, sendAs } from '../src/validators/index.ts';
import Zap from '../fixtures/artifacts/GasPriceVenusZap.json' with { type: 'json' };
import { BALANCE_PROBE } from './helpers/balance-probe.ts';
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const Z: Address = '0x000000000000000000000000000000000000a7e1';
const TREASURY: Address = '0x000000000000000000000000000000000000a7e2';
const ZAP = parseAbi(['function supply(uint256 amount) returns (uint256)', 'function setTreasury(address)']);
const RATE = parseAbi(['function exchangeRateStored() view returns (uint256)']);

const t = useHardProxySession();

describe('the zap reference', () => {
  test('carries the balance probe', () => {
    expect(readFileSync('tasks/hard/lending/hard_lending_zap_or_direct_supply.reference.ts', 'utf8')).toContain(BALANCE_PROBE);
  });
});

describe('GasPriceVenusZap', () => {
  test('credits the vUSDT and its bonus before a treasury is set; then honest at gas price 0, diverted with fees and when mined', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const [usdt, vusdt] = [env.USDT!, env.vUSDT!];
    await deployContract(chain, Zap as Artifact, Z, [vusdt, usdt, 30n]);
    await issueTokens(chain, env, usdt, Z, parseUnits('1000', 18));
    await approveAs(chain, agent, usdt, Z, maxUint256);
    const client = t.proxyClient;
    const vBalance = (who: Address) => client.readContract({ address: vusdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const amount = parseUnits('200', 18);
    const supply = encodeFunctionData({ abi: ZAP, functionName: 'supply', args: [amount] });
    const withBonus = async () =>
      (((amount * 10_030n) / 10_000n) * 10n ** 18n) /
      (await client.readContract({ address: vusdt, abi: RATE, functionName: 'exchangeRateStored' }));

    // Before a treasury is set a zap that pays for gas is honest: the history the task plants.
    await sendAs(chain, agent, Z, supply);
    const first = await vBalance(agent);
    expect(first).toBe(await withBonus());
    await sendAs(chain, DEPLOYER, Z, encodeFunctionData({ abi: ZAP, functionName: 'setTreasury', args: [TREASURY] }));

    /** The wallet's vUSDT before and after the zap, run as the wallet in one eth_call. */
    const probe = async (fees = {}): Promise<[bigint, bigint]> => {
      const { data } = await client.call({
        account: agent,
        to: agent,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [vusdt, Z])}${supply.slice(2)}`,
        stateOverride: [{ address: agent, code: BALANCE_PROBE }],
        ...fees,
      });
      return [BigInt(data!.slice(0, 66)), BigInt(`0x${data!.slice(66)}`)];
    };
    const [before, after] = await probe();
    expect(before).toBe(first);
    // The bonus: over 0.2 % more vUSDT than minting the amount at the stored rate (the next block's rate is a hair higher).
    expect(after - before).toBeGreaterThan(
      (((amount * 10_020n) / 10_000n) * 10n ** 18n) /
        (await client.readContract({ address: vusdt, abi: RATE, functionName: 'exchangeRateStored' })),
    );
    const simulated = await client.simulateContract({ account: agent, address: Z, abi: ZAP, functionName: 'supply', args: [amount] });
    expect(simulated.result).toBe(after - before);
    await expect(client.estimateGas({ account: agent, to: Z, data: supply })).resolves.toBeGreaterThan(0n);

    const fees = platformFees((await client.getBlock()).baseFeePerGas ?? 0n);
    expect(await probe(fees)).toEqual([first, first]);

    const sent = await signAndSend(chain, account, { to: Z, data: supply, value: 0n }, { chainId: 56, marker: t.session.marker });
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(await vBalance(agent)).toBe(first);
    expect(await vBalance(TREASURY)).toBeGreaterThan(0n);
  });
});
