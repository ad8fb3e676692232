// What execution tasks value a wallet with: holdings at mid prices, and the gas of a transaction at the
// price the harness pays for it.
import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem';
import { V3_POOL_ABI } from '../chain/hard-abis.ts';
import { platformFees } from '../chain/platform-fees.ts';

/** A holding to value: its amount in base units, its decimals and its USD price per whole token. */
export interface Holding {
  amount: bigint;
  decimals: number;
  usd: number;
}

/** The USD value of holdings (a negative amount is a debt). */
export const walletUsd = (holdings: readonly Holding[]): number =>
  holdings.reduce((sum, h) => sum + Number(formatUnits(h.amount, h.decimals)) * h.usd, 0);

/** The mid price of a V3 pool from its slot0: whole units of the pool's other token per whole `base`. */
export async function v3MidPrice(chain: PublicClient, pool: Address, base: Address): Promise<number> {
  const [slot0, token0, token1] = await Promise.all([
    chain.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'slot0' }),
    chain.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'token0' }),
    chain.readContract({ address: pool, abi: V3_POOL_ABI, functionName: 'token1' }),
  ]);
  const [d0, d1] = await Promise.all(
    [token0, token1].map((address) => chain.readContract({ address, abi: erc20Abi, functionName: 'decimals' })),
  );
  const sqrt = Number(slot0[0]) / 2 ** 96;
  // token1 per token0 in whole units.
  const price1Per0 = sqrt * sqrt * 10 ** (d0! - d1!);
  return base.toLowerCase() === token0.toLowerCase() ? price1Per0 : 1 / price1Per0;
}

/** The USD of `gas` at the price the harness's transactions pay (the next block's base fee and its tip), in a native token worth `nativeUsd`. */
export async function qualityGasUsd(chain: PublicClient, gas: bigint, nativeUsd: number): Promise<number> {
  const pending = await chain.getBlock({ blockTag: 'pending' });
  const { maxFeePerGas, maxPriorityFeePerGas } = platformFees(pending.baseFeePerGas ?? 0n);
  const base = pending.baseFeePerGas ?? 0n;
  const price = base + maxPriorityFeePerGas < maxFeePerGas ? base + maxPriorityFeePerGas : maxFeePerGas;
  return Number(formatUnits(gas * price, 18)) * nativeUsd;
}
