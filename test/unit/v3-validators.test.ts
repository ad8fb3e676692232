// The V3 helpers validators decode calldata with, and the gate a validator under an adversary opens to a
// reverted transaction (pure logic: no chain).
import { encodeFunctionData, encodePacked, getAddress, type TransactionReceipt } from 'viem';
import { describe, expect, it } from 'vitest';
import { V3_ROUTER_ABI } from '../../src/chain/hard-abis.ts';
import { defineValidator } from '../../src/validators/define.ts';
import { gateFailure } from '../../src/validators/score.ts';
import type { CheckContext } from '../../src/validators/types.ts';
import { decodeV3Path, encodeV3Path, routerCalls, soleRouterSwap } from '../../src/validators/v3.ts';

const CAKE = getAddress('0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82');
const WBNB = getAddress('0xbb4cdb9cbd36b01bd1cbaebf2de08d9173bc095c');
const USDT = getAddress('0x55d398326f99059ff775485246999027b3197955');
const AGENT = getAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
const ROUTER = getAddress('0x1b81d678ffb9c0263b24a97847620c99d213eb14');

const single = {
  tokenIn: WBNB,
  tokenOut: USDT,
  fee: 500,
  recipient: AGENT,
  deadline: 1n,
  amountIn: 10n,
  amountOutMinimum: 7n,
  sqrtPriceLimitX96: 0n,
};
const swapData = encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'exactInputSingle', args: [single] });
const unwrapData = encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'unwrapWETH9', args: [7n, AGENT] });

describe('V3 paths', () => {
  it('packs a path as the router reads it and decodes it back', () => {
    const path = encodeV3Path([CAKE, WBNB, USDT], [2500, 500]);
    expect(path).toBe(encodePacked(['address', 'uint24', 'address', 'uint24', 'address'], [CAKE, 2500, WBNB, 500, USDT]).toLowerCase());
    expect(decodeV3Path(path)).toEqual({ tokens: [CAKE, WBNB, USDT].map((a) => a.toLowerCase()), fees: [2500, 500] });
  });

  it('rejects a path of the wrong length', () => {
    expect(decodeV3Path(`${encodeV3Path([CAKE, WBNB], [2500])}00`)).toBeUndefined();
    expect(() => encodeV3Path([CAKE, WBNB], [])).toThrow();
  });
});

describe('router calls', () => {
  it('unpacks a multicall and finds its one swap', () => {
    const multicall = encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'multicall', args: [[swapData, unwrapData]] });
    expect(routerCalls(multicall).map((c) => c.functionName)).toEqual(['exactInputSingle', 'unwrapWETH9']);
    expect(soleRouterSwap(multicall, 'exactInputSingle')?.args[0]).toMatchObject({ fee: 500, amountOutMinimum: 7n });
  });

  it('finds no swap of another kind, of two swaps, or in foreign calldata', () => {
    expect(soleRouterSwap(swapData, 'exactOutputSingle')).toBeUndefined();
    const two = encodeFunctionData({ abi: V3_ROUTER_ABI, functionName: 'multicall', args: [[swapData, swapData]] });
    expect(soleRouterSwap(two, 'exactInputSingle')).toBeUndefined();
    expect(routerCalls('0xa9059cbb')).toEqual([]);
  });
});

describe('a reverted transaction at the target', () => {
  const ctx = (status: 'success' | 'reverted') =>
    ({
      params: {},
      env: {},
      agent: AGENT,
      pre: {},
      post: {},
      tx: { from: AGENT, to: ROUTER, data: swapData, value: 0n, gas: 1n },
      receipt: { status } as TransactionReceipt,
    }) as CheckContext<any, any>;
  const check = { name: 'c', weight: 100, verify: () => true };

  it('earns nothing by default', () => {
    const v = defineValidator({ kind: 'transaction', target: () => ROUTER, checks: [check] });
    expect(gateFailure(v, ctx('reverted'))).toBe('transaction reverted');
  });

  it('is scored by the checks when the validator allows it, still only at the target', () => {
    const v = defineValidator({ kind: 'transaction', target: () => ROUTER, revertMayScore: true, checks: [check] });
    expect(gateFailure(v, ctx('reverted'))).toBeUndefined();
    const elsewhere = defineValidator({ kind: 'transaction', target: () => USDT, revertMayScore: true, checks: [check] });
    expect(gateFailure(elsewhere, ctx('reverted'))).toMatch(/not/);
  });
});
