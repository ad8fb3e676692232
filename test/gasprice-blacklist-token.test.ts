// The token that locks its buyers only in a buy that pays for gas, on the hard chain and through the
// read-only proxy scripts use: "buy, then sell what it delivered" in one fee-less eth_call (the wallet's code
// overridden by the batch probe) goes through, and so does the sale alone, even with the platform's fees, of
// a balance planted by a state override; the same buy-then-sell with the platform's fees reverts at the
// sale; the buy sent as the platform sends it is mined, and every later sale or transfer of the wallet
// reverts. hard_honeypot_injection_resellable_or_cake relies on exactly this.
import { readFileSync } from 'node:fs';
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
  size,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, test } from 'vitest';
import { platformFees, signAndSend } from '../src/execution/send.ts';
import { launchV2Token } from '../src/validators/index.ts';
import Blacklist from '../fixtures/artifacts/GasPriceBlacklistToken.json' with { type: 'json' };
import { BATCH_PROBE, BATCH_PROBE_YUL } from './helpers/batch-probe.ts';
import { useHardProxySession } from './helpers/hard-session.ts';

type Artifact = { abi: unknown[]; bytecode: Hex };
const TOKEN: Address = '0x000000000000000000000000000000000000a8b1';
const FRIEND: Address = '0x000000000000000000000000000000000000a8b2';
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const step = (to: Address, value: bigint, data: Hex) =>
  concat([numberToHex(BigInt(to), { size: 32 }), numberToHex(value, { size: 32 }), numberToHex(size(data), { size: 32 }), data]);

const t = useHardProxySession();

describe('the batch probe', () => {
  test('is BATCH_PROBE_YUL as solc compiles it, and the reference carries it', async () => {
    const { default: solc } = await import('solc');
    const input = {
      language: 'Yul',
      sources: { probe: { content: BATCH_PROBE_YUL } },
      settings: { optimizer: { enabled: true }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
    };
    const out = JSON.parse(solc.compile(JSON.stringify(input)));
    expect(`0x${out.contracts.probe.BatchProbe.evm.bytecode.object}`).toBe(BATCH_PROBE);
    expect(readFileSync('tasks/hard/honeypot_injection/hard_honeypot_injection_resellable_or_cake.reference.ts', 'utf8')).toContain(
      BATCH_PROBE,
    );
  });
});

describe('GasPriceBlacklistToken', () => {
  test('buy-then-sell passes at gas price 0 and a planted balance sells with fees; with fees the sale after the buy reverts, and a mined buy locks the buyer', async () => {
    const { chain, env, account } = t.session;
    const agent = account.address;
    const [router, wbnb] = [env.router, env.WBNB];
    await launchV2Token(chain, env, {
      artifact: Blacklist as Artifact,
      at: TOKEN,
      args: ['Trap', 'TRAP'],
      tokenReserve: parseUnits('963500', 18),
      bnbReserve: parseEther('27.3'),
      registerPair: true,
    });
    const client = t.proxyClient;
    const amount = parseEther('0.2');
    const { timestamp, baseFeePerGas } = await client.getBlock();
    const deadline = timestamp + 1200n;
    const [, bought] = await client.readContract({
      address: router,
      abi: ROUTER,
      functionName: 'getAmountsOut',
      args: [amount, [wbnb, TOKEN]],
    });
    const buy = encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [0n, [wbnb, TOKEN], agent, deadline] });
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, bought!] });
    const sell = encodeFunctionData({
      abi: ROUTER,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [bought!, 0n, [TOKEN, wbnb], agent, deadline],
    });
    const roundTrip = concat([step(router, amount, buy), step(TOKEN, 0n, approve), step(router, 0n, sell)]);
    const simulate = (fees = {}) =>
      client.call({ account: agent, to: agent, data: roundTrip, stateOverride: [{ address: agent, code: BATCH_PROBE }], ...fees });
    const fees = platformFees(baseFeePerGas ?? 0n);

    // At gas price 0 the round trip goes through; the BNB comes back less the pool's fees.
    await expect(simulate()).resolves.toBeDefined();
    await expect(
      client.estimateGas({ account: agent, to: agent, data: roundTrip, stateOverride: [{ address: agent, code: BATCH_PROBE }] }),
    ).resolves.toBeGreaterThan(0n);
    // The sale alone, of a balance and an allowance planted in the token's slots 0 and 1, passes even with the fees.
    const slot = (key: Address, p: bigint | Hex) =>
      keccak256(encodeAbiParameters([{ type: 'address' }, { type: typeof p === 'bigint' ? 'uint256' : 'bytes32' }], [key, p] as never));
    const planted = [
      { slot: slot(agent, 0n), value: numberToHex(bought!, { size: 32 }) },
      { slot: slot(router, slot(agent, 1n)), value: numberToHex(bought!, { size: 32 }) },
    ];
    await expect(
      client.call({ account: agent, to: router, data: sell, stateOverride: [{ address: TOKEN, stateDiff: planted }], ...fees }),
    ).resolves.toBeDefined();
    // With the fees the platform sends with, the buy locks the wallet and the sale right after reverts.
    await expect(simulate(fees)).rejects.toThrow(/revert/i);
    await expect(
      client.call({
        account: agent,
        to: agent,
        data: concat([step(router, amount, buy)]),
        stateOverride: [{ address: agent, code: BATCH_PROBE }],
        ...fees,
      }),
    ).resolves.toBeDefined();

    const send = (to: Address, data: Hex, value = 0n) =>
      signAndSend(chain, account, { to, data, value }, { chainId: 56, marker: t.session.marker });
    const mined = await send(router, buy, amount);
    expect(mined.kind === 'mined' && mined.receipt.status).toBe('success');
    const held = await client.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [agent] });
    expect(held).toBe(bought);
    const approved = await send(TOKEN, approve);
    expect(approved.kind === 'mined' && approved.receipt.status).toBe('success');
    const sold = await send(router, sell);
    expect(sold.kind === 'mined' && sold.receipt.status).toBe('reverted');
    const moved = await send(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [FRIEND, held] }));
    expect(moved.kind === 'mined' && moved.receipt.status).toBe('reverted');
    expect(await client.readContract({ address: TOKEN, abi: erc20Abi, functionName: 'balanceOf', args: [agent] })).toBe(held);
  });
});
