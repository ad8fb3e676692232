// The contract that drains through an allowance only in transactions that pay for gas, on the hard
// chain: a fee-less eth_call or eth_estimateGas sees a clean claim, a simulation with the
// platform's fees that watches the wallet's balance (its code overridden by a balance probe for that
// call) sees the pull, and the mined transaction, sent as the platform sends it, is included and drains.
// The approval task built on it (hard_approvals_claim_drainer_or_revoke) relies on it.
import { readFileSync } from 'node:fs';
import {
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { signAndSend } from '../src/execution/send.ts';
import { approveAs, deployContract, issueTokens, launchV2Token, sendAs } from '../src/validators/index.ts';
import Vault from '../fixtures/artifacts/GasPriceRewardVault.json' with { type: 'json' };
import { BALANCE_PROBE, BALANCE_PROBE_YUL } from './helpers/balance-probe.ts';
import { useHardSession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const R: Address = '0x000000000000000000000000000000000000a5f1';
const COLLECTOR: Address = '0x000000000000000000000000000000000000a5f5';
const VAULT_ABI = parseAbi([
  'function deposit(uint256)',
  'function withdraw(uint256)',
  'function creditRewards(address[], uint256[])',
  'function pendingReward(address) view returns (uint256)',
  'function claim() returns (uint256)',
]);
const MIGRATOR_ABI = parseAbi(['function migrate(uint256)', 'function close()']);

const t = useHardSession();
const { platformFeesNow } = t;

/** The wallet's `token` balance before and after `data` sent to `target` as the wallet, in one eth_call. */
async function probe(token: Address, target: Address, data: Hex, fees = {}): Promise<[bigint, bigint]> {
  const agent = t.session.account.address;
  const { data: out } = await t.session.chain.public.call({
    account: agent,
    to: agent,
    data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, target])}${data.slice(2)}` as Hex,
    stateOverride: [{ address: agent, code: BALANCE_PROBE }],
    ...fees,
  });
  return [BigInt(out!.slice(0, 66)), BigInt(`0x${out!.slice(66)}`)];
}

const send = (to: Address, data: Hex) =>
  signAndSend(t.session.chain, t.session.account, { to, data, value: 0n }, { chainId: 56, marker: t.session.marker });

describe('the balance probe', () => {
  test('is BALANCE_PROBE_YUL as solc compiles it, and both references carry it', async () => {
    const { default: solc } = await import('solc');
    const input = {
      language: 'Yul',
      sources: { probe: { content: BALANCE_PROBE_YUL } },
      settings: { optimizer: { enabled: true }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
    };
    const out = JSON.parse(solc.compile(JSON.stringify(input)));
    expect(`0x${out.contracts.probe.BalanceProbe.evm.bytecode.object}`).toBe(BALANCE_PROBE);
    for (const id of ['hard_approvals_claim_drainer_or_revoke'])
      expect(readFileSync(`tasks/hard/approvals/${id}.reference.ts`, 'utf8'), id).toContain(BALANCE_PROBE);
  });
});

describe('GasPriceRewardVault', () => {
  test('a claim pays only the reward at gas price 0; with fees, and when mined, it also pulls the deposit token through the old allowance', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const usdt = env.USDT;
    await deployContract(chain, Vault as Artifact, R, [usdt, env.CAKE, COLLECTOR]);
    await issueTokens(chain, env, env.CAKE, R, parseEther('50'));
    await approveAs(chain, agent, usdt, R, maxUint256);
    await sendAs(chain, agent, R, encodeFunctionData({ abi: VAULT_ABI, functionName: 'deposit', args: [parseEther('300')] }));
    await sendAs(chain, agent, R, encodeFunctionData({ abi: VAULT_ABI, functionName: 'withdraw', args: [parseEther('300')] }));
    const owner = await chain.public.readContract({
      address: R,
      abi: parseAbi(['function owner() view returns (address)']),
      functionName: 'owner',
    });
    await sendAs(
      chain,
      owner,
      R,
      encodeFunctionData({ abi: VAULT_ABI, functionName: 'creditRewards', args: [[agent], [parseEther('12')]] }),
    );
    const held = await chain.public.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
    expect(held).toBeGreaterThan(0n);

    const claim = encodeFunctionData({ abi: VAULT_ABI, functionName: 'claim' });
    await expect(
      chain.public.simulateContract({ account: agent, address: R, abi: VAULT_ABI, functionName: 'claim' }),
    ).resolves.toBeDefined();
    await expect(chain.public.estimateGas({ account: agent, to: R, data: claim })).resolves.toBeGreaterThan(0n);
    expect(await probe(usdt, R, claim)).toEqual([held, held]);
    expect(await probe(env.CAKE, R, claim)).toEqual([parseEther('200'), parseEther('212')]);
    expect(await probe(usdt, R, claim, await platformFeesNow())).toEqual([held, 0n]);

    const sent = await send(R, claim);
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    const balance = (token: Address, who: Address) =>
      chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    expect(await balance(usdt, agent)).toBe(0n);
    expect(await balance(usdt, COLLECTOR)).toBe(held);
  });
});
