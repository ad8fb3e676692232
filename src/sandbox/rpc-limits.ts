// Every bound the read-only proxy puts on what one script (one instance) can make its anvil do, in
// one place. Each number says what it came from: the most any honest script used, measured over the
// reference solutions of both splits (bench/rpc-usage.ts prints these maxima), and the margin taken.
import { z } from 'zod';

export const RpcLimits = z.object({
  /** Bytes of one HTTP request body. */
  maxBodyBytes: z.number().int().positive(),
  /** Nesting of arrays and objects in one body (a batch counts as one level). */
  maxJsonDepth: z.number().int().positive(),
  /** Calls in one JSON-RPC batch. */
  maxBatchLength: z.number().int().positive(),
  /** Gas of one eth_call / eth_estimateGas: a larger `gas` is lowered to it, a missing one set to it. */
  maxCallGas: z.number().int().positive(),
  /** State overrides (3rd parameter of eth_call / eth_estimateGas). */
  maxOverrideAccounts: z.number().int().positive(),
  maxOverrideSlots: z.number().int().positive(),
  maxOverrideCodeBytes: z.number().int().positive(),
  /** Blocks one eth_getLogs may span. */
  maxLogBlockRange: z.number().int().positive(),
  /** Blocks one eth_feeHistory may span. */
  maxFeeHistoryBlocks: z.number().int().positive(),
  /** Bytes of one answer from the node. */
  maxResponseBytes: z.number().int().positive(),
  /** Calls of one instance on its node at once; more wait in line. */
  maxInFlight: z.number().int().positive(),
  /** Requests of one instance open at once (receiving, waiting or on the node); more are refused. */
  maxOpenRequests: z.number().int().positive(),
  /** Time a request body may take to arrive. */
  bodyTimeoutMs: z.number().int().positive(),
  /** Calls one instance may make in all (batch elements one by one, refused ones included). */
  requestsPerInstance: z.number().int().positive(),
  /** Node time one instance may use in all: the time its calls were on the node, a batch counted per call. */
  upstreamMsPerInstance: z.number().int().positive(),
  /** How long a script whose instance spent its budget keeps running (to see the refusals) before it is ended. */
  budgetGraceMs: z.number().int().positive(),
  /** How long a node may stay busy with an earlier instance's calls before it is restarted instead of reused. */
  drainTimeoutMs: z.number().int().positive(),
});
export type RpcLimits = z.infer<typeof RpcLimits>;

/**
 * The limits every route gets unless told otherwise. Measured maxima are per instance over the 107
 * reference solutions of both splits (one round; atomic and composite alike).
 */
export const RPC_LIMITS: RpcLimits = RpcLimits.parse({
  maxBodyBytes: 128 * 1024,
  maxJsonDepth: 32,
  maxBatchLength: 100,
  maxCallGas: 10_000_000,
  maxOverrideAccounts: 16,
  maxOverrideSlots: 256,
  maxOverrideCodeBytes: 24_576,
  maxLogBlockRange: 1_000,
  maxFeeHistoryBlocks: 1_024,
  maxResponseBytes: 4 * 1024 * 1024,
  maxInFlight: 1,
  maxOpenRequests: 256,
  bodyTimeoutMs: 5_000,
  requestsPerInstance: 1_000,
  upstreamMsPerInstance: 5_000,
  budgetGraceMs: 1_000,
  drainTimeoutMs: 5_000,
});

/** JSON-RPC code for a refused call that is within the rules but over a limit (EIP-1474 "limit exceeded"). */
export const LIMIT_EXCEEDED = -32005;
