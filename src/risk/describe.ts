import { formatUnits, getAddress, maxUint256 } from 'viem';

/** "0x5Da3…A930", or the address map's name for it. */
export function shortAddress(address: string, labels?: Map<string, string>): string {
  const label = labels?.get(address.toLowerCase());
  if (label) return label;
  const a = getAddress(address);
  return `${a.slice(0, 6)}…${a.slice(-4)}`;
}

/** Whole units for people: at most 6 decimals (4 significant digits below 1), at least one ("999.0"). */
export function formatAmount(amount: bigint, decimals: number): string {
  const negative = amount < 0n;
  const s = formatUnits(negative ? -amount : amount, decimals);
  const [int, frac = ''] = s.split('.');
  let keep: number;
  if (int !== '0') keep = 6;
  else {
    const lead = frac.search(/[1-9]/);
    keep = lead === -1 ? 1 : lead + 4;
  }
  let f = frac.slice(0, keep).replace(/0+$/, '');
  if (f === '') f = '0';
  return `${negative ? '-' : ''}${int}.${f}`;
}

/** An allowance for people: "unlimited" from 2^255 up (what approve(max) leaves after spending). */
export function formatAllowance(amount: bigint, decimals: number): string {
  return amount >= maxUint256 / 2n ? 'unlimited' : formatAmount(amount, decimals);
}

/** "$999.02"; amounts under a cent keep two significant digits, so a non-zero figure never reads $0.00. */
export function formatUsd(usd: number): string {
  const sign = usd < 0 ? '−' : '';
  const v = Math.abs(usd);
  if (v > 0 && v < 0.01) return `${sign}$${v.toPrecision(2)}`;
  return `${sign}$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
