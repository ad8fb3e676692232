// What one JSON-RPC call from a script may ask of the node: read methods only, and for the calls
// whose cost the caller chooses (gas, state overrides, block ranges) a bound from rpc-limits.ts. A
// call is refused, passed on as it is, or passed on rewritten (its gas lowered or supplied).
import { z } from 'zod';
import { LIMIT_EXCEEDED, type RpcLimits } from './rpc-limits.ts';

export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_call', // a state-override 3rd param only affects that call, so it stays read-only
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_estimateGas',
  'eth_blockNumber',
  'eth_chainId',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionCount',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'net_version',
  'web3_clientVersion',
]);

export type Id = string | number | null;
export interface RpcError {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

export function rpcError(id: unknown, code: number, message: string): RpcError {
  const safeId: Id = typeof id === 'string' || typeof id === 'number' ? id : null;
  return { jsonrpc: '2.0', id: safeId, error: { code, message } };
}

/** What a checked call asked for, for the instance's usage record. */
export interface CallTrace {
  method?: string;
  /** The gas an eth_call / eth_estimateGas asked for (before any lowering); 0 when it named none. */
  gas?: number;
  logBlocks?: number;
  overrideAccounts?: number;
  overrideSlots?: number;
  overrideCodeBytes?: number;
}

export type CallCheck = { call: Record<string, unknown>; trace: CallTrace } | { refusal: RpcError; trace: CallTrace };

const Envelope = z.looseObject({ method: z.string(), id: z.unknown().optional(), params: z.unknown().optional() });
const HexQuantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/);
const Quantity = z.union([HexQuantity, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]);
const HexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/);
const Slots = z.record(z.string(), z.string());
const AccountOverride = z.strictObject({
  balance: Quantity.optional(),
  nonce: Quantity.optional(),
  code: HexData.optional(),
  state: Slots.optional(),
  stateDiff: Slots.optional(),
  movePrecompileToAddress: z.string().optional(),
});
const StateOverride = z.record(z.string(), AccountOverride);
const BlockOverride = z.strictObject({
  number: Quantity.optional(),
  difficulty: Quantity.optional(),
  time: Quantity.optional(),
  gasLimit: Quantity.optional(),
  coinbase: z.string().optional(),
  random: z.string().optional(),
  baseFee: Quantity.optional(),
  blockHash: z.record(z.string(), z.string()).optional(),
});
const CallParams = z.tuple([z.looseObject({ gas: Quantity.nullish() })], z.unknown());
const BlockRef = z.union([z.enum(['earliest', 'latest', 'pending', 'safe', 'finalized']), Quantity]);
const LogFilter = z.looseObject({ fromBlock: BlockRef.optional(), toBlock: BlockRef.optional(), blockHash: z.string().optional() });
const FeeHistoryParams = z.tuple([Quantity, z.unknown()], z.unknown());

const quantity = (q: z.infer<typeof Quantity>): bigint => BigInt(q);
const hex = (n: bigint) => `0x${n.toString(16)}`;
const issue = (e: z.ZodError) => {
  const first = e.issues[0];
  return first ? `${first.path.join('.') || 'params'}: ${first.message}` : 'invalid params';
};

export interface PolicyContext {
  limits: RpcLimits;
  /** The node's latest block number (for block tags in eth_getLogs). */
  head(): Promise<bigint>;
}

type Envelope = z.infer<typeof Envelope>;
type Refuse = (code: number, message: string) => CallCheck;

/** Checks one call of a request (one element of a batch). */
export async function checkCall(item: unknown, ctx: PolicyContext): Promise<CallCheck> {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return { refusal: rpcError(null, -32600, 'Invalid Request'), trace: {} };
  const env = Envelope.safeParse(item);
  const id = (item as { id?: unknown }).id;
  if (!env.success) return { refusal: rpcError(id, -32600, 'Invalid Request: method must be a string'), trace: {} };
  const call = env.data;
  const trace: CallTrace = { method: call.method };
  const refuse: Refuse = (code, message) => ({ refusal: rpcError(id, code, message), trace });
  if (!READ_METHODS.has(call.method)) return refuse(-32601, `method ${call.method} is not available: this endpoint is read-only`);

  switch (call.method) {
    case 'eth_call':
    case 'eth_estimateGas':
      return checkGasCall(call, trace, refuse, ctx.limits);
    case 'eth_getLogs':
      return checkGetLogs(call, trace, refuse, ctx);
    case 'eth_feeHistory': {
      const parsed = FeeHistoryParams.safeParse(call.params);
      if (!parsed.success) return refuse(-32602, `invalid eth_feeHistory params: ${issue(parsed.error)}`);
      const blocks = quantity(parsed.data[0]);
      if (blocks > BigInt(ctx.limits.maxFeeHistoryBlocks))
        return refuse(LIMIT_EXCEEDED, `eth_feeHistory over ${blocks} blocks; at most ${ctx.limits.maxFeeHistoryBlocks}`);
      return { call, trace };
    }
    default:
      return { call, trace };
  }
}

/** eth_call / eth_estimateGas: gas capped (or supplied), state and block overrides bounded. */
function checkGasCall(call: Envelope, trace: CallTrace, refuse: Refuse, l: RpcLimits): CallCheck {
  const parsed = CallParams.safeParse(call.params);
  if (!parsed.success) return refuse(-32602, `invalid ${call.method} params: ${issue(parsed.error)}`);
  const params = parsed.data;
  if (params.length > 4) return refuse(-32602, `invalid ${call.method} params: at most 4 (call, block, state override, block override)`);
  const cap = BigInt(l.maxCallGas);
  const [tx, block, state, blockOverride] = params;
  const asked = tx.gas === undefined || tx.gas === null ? undefined : quantity(tx.gas);
  trace.gas = asked === undefined ? 0 : Number(asked);
  // Without a gas the node would allow the block gas limit; above the cap a loop runs for seconds.
  const gas = asked === undefined || asked > cap ? cap : asked;
  const out: unknown[] = [{ ...tx, gas: hex(gas) }];
  if (params.length > 1) out.push(block);
  if (state !== undefined && state !== null) {
    const s = StateOverride.safeParse(state);
    if (!s.success) return refuse(-32602, `invalid state override: ${issue(s.error)}`);
    const accounts = Object.values(s.data);
    const slots = accounts.reduce((n, a) => n + Object.keys(a.state ?? {}).length + Object.keys(a.stateDiff ?? {}).length, 0);
    const code = accounts.reduce((n, a) => Math.max(n, a.code ? (a.code.length - 2) / 2 : 0), 0);
    Object.assign(trace, { overrideAccounts: accounts.length, overrideSlots: slots, overrideCodeBytes: code });
    if (accounts.length > l.maxOverrideAccounts)
      return refuse(LIMIT_EXCEEDED, `state override of ${accounts.length} accounts; at most ${l.maxOverrideAccounts}`);
    if (slots > l.maxOverrideSlots)
      return refuse(LIMIT_EXCEEDED, `state override of ${slots} storage slots; at most ${l.maxOverrideSlots}`);
    if (code > l.maxOverrideCodeBytes)
      return refuse(LIMIT_EXCEEDED, `state override with ${code} bytes of code; at most ${l.maxOverrideCodeBytes}`);
  }
  if (params.length > 2) out.push(state);
  if (blockOverride !== undefined && blockOverride !== null) {
    const b = BlockOverride.safeParse(blockOverride);
    if (!b.success) return refuse(-32602, `invalid block override: ${issue(b.error)}`);
    const hashes = Object.keys(b.data.blockHash ?? {}).length;
    if (hashes > l.maxOverrideSlots)
      return refuse(LIMIT_EXCEEDED, `block override of ${hashes} block hashes; at most ${l.maxOverrideSlots}`);
    // A block gas limit above the cap would lift it for the call again.
    const gasLimit = b.data.gasLimit === undefined ? undefined : quantity(b.data.gasLimit);
    out.push(gasLimit !== undefined && gasLimit > cap ? { ...b.data, gasLimit: hex(cap) } : b.data);
  } else if (params.length > 3) out.push(blockOverride);
  return { call: { ...call, params: out }, trace };
}

/** eth_getLogs: the blocks it spans, block tags read against the node's head, bounded. */
async function checkGetLogs(call: Envelope, trace: CallTrace, refuse: Refuse, ctx: PolicyContext): Promise<CallCheck> {
  const parsed = z.tuple([LogFilter]).safeParse(call.params);
  if (!parsed.success) return refuse(-32602, `invalid eth_getLogs params: ${issue(parsed.error)}`);
  const f = parsed.data[0];
  if (f.blockHash !== undefined) {
    trace.logBlocks = 1;
    return { call, trace };
  }
  const at = (ref: z.infer<typeof BlockRef> | undefined): bigint | Promise<bigint> => {
    if (ref === 'earliest') return 0n;
    if (ref === undefined || ref === 'latest' || ref === 'pending' || ref === 'safe' || ref === 'finalized') return ctx.head();
    return quantity(ref);
  };
  const from = await at(f.fromBlock);
  const to = await at(f.toBlock);
  const blocks = to >= from ? to - from + 1n : 0n;
  trace.logBlocks = Number(blocks);
  if (blocks > BigInt(ctx.limits.maxLogBlockRange)) {
    return refuse(LIMIT_EXCEEDED, `eth_getLogs over ${blocks} blocks (${from} to ${to}); at most ${ctx.limits.maxLogBlockRange} per call`);
  }
  return { call, trace };
}
