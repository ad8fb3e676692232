/** The fees the platform pays when a script sets none: 1 gwei of priority over the base fee, room for it to double. */
export function platformFees(baseFeePerGas: bigint): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  return { maxFeePerGas: baseFeePerGas * 2n + 1_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
}
