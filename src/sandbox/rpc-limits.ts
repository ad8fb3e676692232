// Every bound the read-only proxy puts on what one instance's scripts can make their anvil do, in one
// place. Each number says what it came from: the most any honest script used, measured over the
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
  /** Fetches one script has open at once; more wait their turn inside its sandbox isolate. */
  maxScriptFetches: z.number().int().positive(),
  /** Time a request body may take to arrive. */
  bodyTimeoutMs: z.number().int().positive(),
  /** Calls one script may make (batch elements one by one, refused ones included; a body refused whole counts once). */
  requestsPerScript: z.number().int().positive(),
  /** Calls all the scripts of one instance may make together (a multi-round episode runs many). */
  requestsPerInstance: z.number().int().positive(),
  /** Node time one script may use: the time its calls were on the node, a batch counted per call. */
  upstreamMsPerScript: z.number().int().positive(),
  /** Node time all the scripts of one instance may use together. */
  upstreamMsPerInstance: z.number().int().positive(),
  /** How long a script whose instance spent its budget keeps running (to see the refusals) before it is ended. */
  budgetGraceMs: z.number().int().positive(),
  /** How long a node may stay busy with an earlier instance's calls before it is restarted instead of reused. */
  drainTimeoutMs: z.number().int().positive(),
});
export type RpcLimits = z.infer<typeof RpcLimits>;

/**
 * The limits every route gets unless told otherwise. "Honest" maxima are per instance over the 107
 * reference solutions of both splits (seed 20260, one round), measured by bench/rpc-usage.ts alone and
 * at 8 instances at once on a 2-core machine that other work kept busy (load average 8-13).
 */
export const RPC_LIMITS: RpcLimits = RpcLimits.parse({
  // Honest max 584 B (swap_multihop_routing): 224x. Also fits a state override carrying the largest
  // deployable code (24,576 bytes, 49 KB as hex) with room to spare.
  maxBodyBytes: 128 * 1024,
  // Honest max 5; the deepest well-formed request (batch > call > params > override > account > slots) is 6.
  maxJsonDepth: 32,
  // Honest max 3 (bnb_transfer_max_amount): 33x; it is also the largest batch ethers sends.
  maxBatchLength: 100,
  // No reference names a gas; the most gas a reference transaction used is 247,059: 40x. A
  // JUMPDEST/JUMP loop stops here in ~15 ms of node time (without the cap anvil ran one with gas
  // 2^36 for 105 s, and the block gas limit, 30M, for ~70 ms).
  maxCallGas: 10_000_000,
  // No reference overrides state. A simulation (a token balance written before a swap) needs one or
  // two accounts and a few slots; code up to the EIP-170 maximum.
  maxOverrideAccounts: 16,
  maxOverrideSlots: 256,
  maxOverrideCodeBytes: 24_576,
  // Honest max 21 (the whole mirror chain from block 0): 48x. A forked chain's history beyond it is
  // refused rather than fetched from the fork's provider.
  maxLogBlockRange: 1_000,
  // No reference asks for fee history; geth's own cap.
  maxFeeHistoryBlocks: 1_024,
  // Honest max 4,830 B (composite_remove_liquidity_unwrap): 868x.
  maxResponseBytes: 4 * 1024 * 1024,
  // Honest peak 3 calls at once (erc20_flashloan); the others wait ~1 ms each, none is refused. One
  // call at a time keeps an instance to one core of its node: with 2 or 4, 200 parallel loop calls
  // slowed a reference instance next to them 5-7x on 2 cores; with 1, under 5x.
  maxInFlight: 1,
  // Honest max 4 (query_token_metadata, 8 instances at once): 64x.
  maxOpenRequests: 256,
  // Honest peak 4 requests at once. A script starting 5,000 fetches together spent ~5 s of CPU in
  // its isolate before the first reached the proxy; in line behind 16, 3x less per request (measured
  // in Deno 2.9). The proxy serves an instance one call at a time anyway.
  maxScriptFetches: 16,
  // An honest body arrives in the write that follows its headers; 5 s covers a loaded machine.
  bodyTimeoutMs: 5_000,
  // Reference solutions: at most 34 calls per instance (composite_triple_pool_liquidity). A blind
  // answer to a hard episode that discovers a spender's allowances from Approval logs (eth_getLogs,
  // a bisection over block timestamps, ~70 allowance() reads) made ~150 in its first script: 6x that.
  requestsPerScript: 1_000,
  // Up to 16 rounds of an episode each with a script: four busy scripts' worth.
  requestsPerInstance: 4_000,
  // Reference solutions: 169 ms per instance alone, 507 ms at 8 instances at once on a busy 2-core
  // machine (composite_multi_approve_multi_swap). The blind allowance-discovery answer above took
  // ~2.5 s per script at load 10, when this budget was per instance and it ran out in round 3. Wall
  // time: it grows with load, hence the margin.
  upstreamMsPerScript: 5_000,
  upstreamMsPerInstance: 30_000,
  // Long enough for a script to log the refusals it got.
  budgetGraceMs: 1_000,
  // One call at a time of at most maxCallGas (~15 ms, 300 ms on a busy machine): a node drains in
  // well under a second; one still busy after 5 s is restarted.
  drainTimeoutMs: 5_000,
});

/**
 * A forked node fetches state it has not seen from the fork's provider, so its chain time is mostly the
 * network's: a first read of a contract costs a round trip (100-300 ms to a public BSC endpoint), and an
 * honest 30-call script could spend 5 s. Twelve times the mirror's time budgets; everything else is the same.
 */
export const FORK_LIMIT_OVERRIDES: Partial<RpcLimits> = {
  upstreamMsPerScript: 12 * RPC_LIMITS.upstreamMsPerScript,
  upstreamMsPerInstance: 12 * RPC_LIMITS.upstreamMsPerInstance,
};

/** JSON-RPC code for a refused call that is within the rules but over a limit (EIP-1474 "limit exceeded"). */
export const LIMIT_EXCEEDED = -32005;
