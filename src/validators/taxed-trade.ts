// Expectations for trades in a token that keeps a share of every taxed transfer (GasPriceTradeTaxToken and
// its kind): what a transfer delivers after the tax, and the least input of a trade that still reaches an
// amount. Validators compute these from the pre-state reserves and the rate they launched the token with,
// never from an eth_call (a fee-less one runs at gas price 0, where such a token takes nothing).

import { parseAbi, parseUnits, type Address } from 'viem';
import { compareAmount } from './checks.ts';
import type { Check } from './types.ts';

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

const TRANSFER_TAX = parseAbi(['function transferTaxBps() view returns (uint16)']);

/**
 * An exact delivery through a token that taxes transfers and states its rate in transferTaxBps(), read after
 * the transfer (the rate the transfer paid): the recipient got exactly the amount, and the wallet sent the
 * least that delivers it (the tax rounds down, so ⌈X / (1 − t)⌉) or one base unit more. The state is
 * transferSides' (the wallet's and the recipient's balances).
 */
export function taxedDeliveryChecks<P extends { amount: string; token: Address }>(
  symbol: string,
): Check<P, { agent: bigint; recipient: bigint }>[] {
  return [
    {
      name: 'the recipient received exactly the amount',
      weight: 75,
      verify: ({ pre, post, params }) =>
        compareAmount('received', post.recipient - pre.recipient, parseUnits(params.amount, 18), { symbol }),
    },
    {
      name: 'the wallet sent no more than it takes to deliver the amount',
      weight: 15,
      verify: async ({ chain, pre, post, params }) => {
        const want = parseUnits(params.amount, 18);
        const bps = BigInt(await chain.readContract({ address: params.token, abi: TRANSFER_TAX, functionName: 'transferTaxBps' }));
        const least = ((want - 1n) * 10_000n) / (10_000n - bps) + 1n;
        const sent = pre.agent - post.agent;
        return {
          pass: sent >= least && sent <= least + 1n,
          detail: `sent ${sent} base units; the least that delivers the amount at ${bps} bps is ${least}`,
        };
      },
    },
  ];
}
