import { getAddress, isAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { z } from 'zod';

/** Integers arrive as numbers, decimal strings (bigints are serialized that way) or hex strings. */
const quantity = z.union([z.number(), z.string()]).transform((v, ctx) => {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  } else {
    const s = v.trim();
    if (/^\d+$/.test(s) || /^0x[0-9a-fA-F]+$/.test(s)) return BigInt(s);
  }
  ctx.addIssue({
    code: 'custom',
    message: `${JSON.stringify(v)} is not a non-negative integer (use wei as a bigint, a decimal string or hex)`,
  });
  return z.NEVER;
});

const optionalQuantity = quantity.nullish().transform((v) => v ?? undefined);

const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex with whole bytes')
  // One canonical case, so selector checks and ABI decoding see upper-case calldata the same way.
  .transform((s) => s.toLowerCase() as Hex);

const addressField = z
  .string()
  .refine((s) => isAddress(s, { strict: false }), 'must be a 20-byte hex address')
  .transform((s) => getAddress(s));

const TxRequest = z
  .object({
    to: addressField,
    from: addressField.nullish(),
    data: hexData.nullish(),
    input: hexData.nullish(),
    value: optionalQuantity,
    gas: optionalQuantity,
    gasLimit: optionalQuantity,
    gasPrice: optionalQuantity,
    maxFeePerGas: optionalQuantity,
    maxPriorityFeePerGas: optionalQuantity,
  })
  .passthrough();

export interface NormalizedTx {
  to: Address;
  data: Hex;
  value: bigint;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

export type TxShapeResult =
  | { ok: true; tx: NormalizedTx }
  | { ok: false; rule: 'not_a_tx' | 'no_to' | 'not_serializable'; message: string }
  | { ok: false; rule: 'wrong_sender'; message: string };

/** Turns whatever the script returned into a transaction the harness can sign, or says which rule it broke. */
export function parseTxRequest(value: unknown, agent: Address): TxShapeResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      rule: 'not_a_tx',
      message: `executeSkill returned ${Array.isArray(value) ? 'an array' : typeof value}, not a transaction object`,
    };
  }
  const obj = value as Record<string, unknown>;
  if (obj.to === undefined || obj.to === null || obj.to === '') {
    return { ok: false, rule: 'no_to', message: 'the transaction has no "to" address (contract creation is not allowed)' };
  }
  const parsed = TxRequest.safeParse(obj);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    return { ok: false, rule: 'not_serializable', message: `the transaction object is invalid: ${issues}` };
  }
  const t = parsed.data;
  if (t.from && !isAddressEqual(t.from, agent)) {
    return { ok: false, rule: 'wrong_sender', message: `"from" is ${t.from}, but only the agent ${agent} can sign` };
  }
  if (t.data && t.input && t.data.toLowerCase() !== t.input.toLowerCase()) {
    return { ok: false, rule: 'not_serializable', message: '"data" and "input" disagree' };
  }
  const gas = t.gas ?? t.gasLimit;
  return {
    ok: true,
    tx: {
      to: t.to,
      data: t.data ?? t.input ?? '0x',
      value: t.value ?? 0n,
      ...(gas !== undefined ? { gas } : {}),
      ...(t.gasPrice !== undefined ? { gasPrice: t.gasPrice } : {}),
      ...(t.maxFeePerGas !== undefined ? { maxFeePerGas: t.maxFeePerGas } : {}),
      ...(t.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: t.maxPriorityFeePerGas } : {}),
    },
  };
}
