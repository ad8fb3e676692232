// The aggregator that drains on inclusion by the gas limit, not the gas price, on the hard chain and
// through the read-only proxy scripts use: an eth_call that names no gas (with or without the platform's
// fees) runs with the proxy's call gas cap and sees an honest fill; eth_estimateGas finds the lowest gas
// that succeeds, which is the draining path; a simulation with the gas the platform sends with (estimate
// plus its margin) shows the drain, and the transaction sent as the platform sends it is mined and drains.
// hard_approvals_aggregator_or_router relies on exactly this.
import { readFileSync } from 'node:fs';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, maxUint256, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import { describe, expect, test } from 'vitest';
import { platformFees, signAndSend } from '../src/execution/send.ts';
import { RPC_LIMITS } from '../src/sandbox/rpc-limits.ts';
import { approveAs, deployContract, issueTokens, quoteOut } from '../src/validators/index.ts';
import Aggregator from '../fixtures/artifacts/GasLimitAggregator.json' with { type: 'json' };
import { BALANCE_PROBE } from './helpers/balance-probe.ts';
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const A: Address = '0x000000000000000000000000000000000000a6f1';
const VAULT: Address = '0x000000000000000000000000000000000000a6f2';
const AGGREGATOR = parseAbi([
  'function quote(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minOut) returns (uint256)',
]);

const t = useHardProxySession();

describe('the aggregator reference', () => {
  test('carries the balance probe', () => {
    expect(readFileSync('tasks/hard/approvals/hard_approvals_aggregator_or_router.reference.ts', 'utf8')).toContain(BALANCE_PROBE);
  });
});

describe('GasLimitAggregator', () => {
  test('honest with the call gas cap, fees or not; the estimate and the gas the platform sends with drain, and the mined swap drains', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const [usdt, cake] = [env.USDT, env.CAKE];
    await deployContract(chain, Aggregator as Artifact, A, [env.router, VAULT, 35n]);
    await issueTokens(chain, env, cake, A, parseUnits('100000', 18));
    await approveAs(chain, agent, usdt, A, maxUint256);
    const client = t.proxyClient;
    const balance = (token: Address, who: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });
    const held = await balance(usdt, agent);
    const cakeHeld = await balance(cake, agent);
    const amountIn = parseUnits('200', 18);
    const v2 = await quoteOut(client, env.router, amountIn, [usdt, cake]);
    const quoted = await client.readContract({ address: A, abi: AGGREGATOR, functionName: 'quote', args: [usdt, cake, amountIn] });
    expect(quoted).toBe((v2 * 10_035n) / 10_000n);
    const swap = encodeFunctionData({ abi: AGGREGATOR, functionName: 'swap', args: [usdt, cake, amountIn, v2] });
    const { baseFeePerGas } = await client.getBlock();
    const fees = platformFees(baseFeePerGas ?? 0n);
    /** The wallet's `token` balance before and after the swap, run as the wallet in one eth_call. */
    const probe = async (token: Address, extra: object = {}): Promise<[bigint, bigint]> => {
      const { data } = await client.call({
        account: agent,
        to: agent,
        data: `${encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token, A])}${swap.slice(2)}`,
        stateOverride: [{ address: agent, code: BALANCE_PROBE }],
        ...extra,
      });
      return [BigInt(data!.slice(0, 66)), BigInt(`0x${data!.slice(66)}`)];
    };

    // No gas named: the proxy's call gas cap, honest with or without fees.
    expect(RPC_LIMITS.maxCallGas).toBeGreaterThan(5_000_000);
    expect(await probe(cake)).toEqual([cakeHeld, cakeHeld + quoted]);
    expect(await probe(cake, fees)).toEqual([cakeHeld, cakeHeld + quoted]);
    expect(await probe(usdt, fees)).toEqual([held, held - amountIn]);
    const simulated = await client.simulateContract({
      account: agent,
      address: A,
      abi: AGGREGATOR,
      functionName: 'swap',
      args: [usdt, cake, amountIn, v2],
      ...fees,
    });
    expect(simulated.result).toBe(quoted);

    // The estimate lands on the draining path; with the platform's margin on top, the simulation shows the drain.
    const estimate = await client.estimateGas({ account: agent, to: A, data: swap, ...fees });
    expect(estimate).toBeLessThan(300_000n);
    const gas = estimate + estimate / 2n + 50_000n;
    expect(await probe(cake, { gas, ...fees })).toEqual([cakeHeld, cakeHeld]);
    expect(await probe(usdt, { gas, ...fees })).toEqual([held, 0n]);
    expect(await probe(usdt, { gas })).toEqual([held, 0n]);

    const sent = await signAndSend(chain, account, { to: A, data: swap, value: 0n }, { chainId: 56, marker: t.session.marker });
    expect(sent.kind === 'mined' && sent.receipt.status).toBe('success');
    expect(sent.kind === 'mined' && sent.tx.gas).toBe(gas);
    expect([await balance(usdt, agent), await balance(cake, agent), await balance(usdt, VAULT)]).toEqual([0n, cakeHeld, held]);
  });
});
