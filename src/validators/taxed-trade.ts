// Expectations for trades in a token that keeps a share of every taxed transfer (GasPriceTradeTaxToken and
// its kind): what a transfer delivers after the tax, and the least input of a trade that still reaches an
// amount. Validators compute these from the pre-state reserves and the rate they launched the token with,
// never from an eth_call (a fee-less one runs at gas price 0, where such a token takes nothing).

/** What a transfer of `amount` delivers when the token keeps ⌊amount · bps / 10⁴⌋ of it. */
export const afterTax = (amount: bigint, bps: bigint): bigint => amount - (amount * bps) / 10_000n;

/**
 * The least positive input for which `reaches` holds, given that it holds for every input above one
 * where it does (a trade's output only grows with its input). Searches upward from `from`, doubling.
 */
export function leastInput(reaches: (input: bigint) => boolean, from = 1n): bigint {
  let lo = 0n;
  let hi = from > 0n ? from : 1n;
  while (!reaches(hi)) [lo, hi] = [hi, hi * 2n];
  // Invariant: `lo` does not reach (or is 0), `hi` does.
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (reaches(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
