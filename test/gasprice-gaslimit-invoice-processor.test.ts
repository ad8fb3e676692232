// The invoice processors that drain on inclusion (InclusionInvoiceProcessor.sol), on the hard chain and
// through the read-only proxy scripts use: what a default simulation of pay(id) shows (only the invoice
// leaves the wallet), what a transaction sent as the platform sends it does (the rest of the balance goes
// too), and the simulation that shows it in advance (the platform's fees for the gas-price processor; its
// gas limit for the gas-limit one). hard_policy_invoice_processor_drain and _processor_or_direct rely on it.
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
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { approveAs, deployContract, sendAs, setTokenBalance } from '../src/validators/index.ts';
import GasLimitProcessor from '../fixtures/artifacts/GasLimitInvoiceProcessor.json' with { type: 'json' };
import GasPriceProcessor from '../fixtures/artifacts/GasPriceInvoiceProcessor.json' with { type: 'json' };
import { BALANCE_PROBE } from './helpers/balance-probe.ts';
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const P: Address = '0x000000000000000000000000000000000000a7c1';
const COLLECTOR: Address = '0x000000000000000000000000000000000000a7c2';
const MERCHANT: Address = '0x000000000000000000000000000000000000a7c3';
const PROCESSOR = parseAbi(['function createInvoice(uint256 id, address token, uint256 amount)', 'function pay(uint256 id)']);
const INVOICE = 4242n;
const AMOUNT = parseUnits('870', 18);
const HELD = parseUnits('2600', 18);

const t = useHardProxySession();

/** Deploys `artifact` at P with one invoice of AMOUNT USDT, the wallet holding HELD USDT and P approved without limit. */
async function setUp(artifact: Artifact) {
  const { chain, env, account } = t.session;
  const usdt = env.USDT!;
  await deployContract(chain, artifact, P, [COLLECTOR]);
  await chain.test.setBalance({ address: MERCHANT, value: parseEther('0.2') });
  await sendAs(chain, MERCHANT, P, encodeFunctionData({ abi: PROCESSOR, functionName: 'createInvoice', args: [INVOICE, usdt, AMOUNT] }));
  await setTokenBalance(chain, usdt, account.address, HELD);
  await approveAs(chain, account.address, usdt, P, maxUint256);
  const client = t.proxyClient;
  const pay = encodeFunctionData({ abi: PROCESSOR, functionName: 'pay', args: [INVOICE] });
  /** USDT the wallet loses to pay(), run as the wallet in one eth_call through the proxy (`extra`: fees, gas). */
  const taken = async (extra: object = {}) => {
    const { data } = await client.call({
      account: account.address,
      to: account.address,
      data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [usdt, P])}${pay.slice(2)}`,
      stateOverride: [{ address: account.address, code: BALANCE_PROBE }],
      ...extra,
    });
    return BigInt(data!.slice(0, 66)) - BigInt(`0x${data!.slice(66, 130)}`);
  };
  const balance = (who: Address) => chain.public.readContract({ address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
  const send = (gas?: bigint) =>
    signAndSend(chain, account, { to: P, data: pay, value: 0n, ...(gas ? { gas } : {}) }, { chainId: 56, marker: t.session.marker });
  return { client, pay, taken, balance, send, agent: account.address };
}

describe('the references', () => {
  test('carry the balance probe', () => {
    for (const id of ['hard_policy_invoice_processor_drain', 'hard_policy_invoice_processor_or_direct'])
      expect(readFileSync(`tasks/hard/policy/${id}.reference.ts`, 'utf8'), id).toContain(BALANCE_PROBE);
  });
});

describe('GasPriceInvoiceProcessor', () => {
  test('pays only the invoice at gas price 0; with the platform fees, and when mined, it also takes the rest of the balance', async () => {
    const { client, pay, taken, balance, send, agent } = await setUp(GasPriceProcessor as Artifact);
    const fees = await t.platformFeesNow();
    await expect(
      client.simulateContract({ account: agent, address: P, abi: PROCESSOR, functionName: 'pay', args: [INVOICE] }),
    ).resolves.toBeDefined();
    await expect(client.estimateGas({ account: agent, to: P, data: pay })).resolves.toBeGreaterThan(0n);
    expect(await taken()).toBe(AMOUNT);
    expect(await taken(fees)).toBe(HELD);

    const sent = await send();
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect([await balance(agent), await balance(MERCHANT), await balance(COLLECTOR)]).toEqual([0n, AMOUNT, HELD - AMOUNT]);
  });
});

describe('GasLimitInvoiceProcessor', () => {
  test('pays only the invoice with the call gas cap, fees or not; with the gas the platform sends with, and when mined, it takes the rest', async () => {
    const { client, pay, taken, balance, send, agent } = await setUp(GasLimitProcessor as Artifact);
    const fees = await t.platformFeesNow();
    expect(RPC_LIMITS.maxCallGas).toBeGreaterThan(5_000_000);
    expect(await taken()).toBe(AMOUNT);
    expect(await taken(fees)).toBe(AMOUNT);
    // The estimate lands on the draining path; with the platform's margin on top, the simulation shows it.
    const estimate = await client.estimateGas({ account: agent, to: P, data: pay, ...fees });
    expect(estimate).toBeLessThan(300_000n);
    const gas = estimate + estimate / 2n + 50_000n;
    expect(await taken({ gas, ...fees })).toBe(HELD);

    const sent = await send();
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(sent.kind === 'mined' && sent.tx.gas).toBe(gas);
    expect([await balance(agent), await balance(MERCHANT), await balance(COLLECTOR)]).toEqual([0n, AMOUNT, HELD - AMOUNT]);
  });

  test('a payment sent with gas above the threshold pays only the invoice', async () => {
    const { balance, send, agent } = await setUp(GasLimitProcessor as Artifact);
    const sent = await send(6_000_000n);
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect([await balance(agent), await balance(MERCHANT), await balance(COLLECTOR)]).toEqual([HELD - AMOUNT, AMOUNT, 0n]);
  });
});
