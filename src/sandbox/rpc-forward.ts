// Forwarding a request's allowed calls to the node, a chunk at a time within the instance's slots, and
// putting a batch's answers back where its calls were.
import { LIMIT_EXCEEDED } from './rpc-limits.ts';
import { rpcError, type RpcError } from './rpc-policy.ts';
import type { Ticket } from './rpc-ticket.ts';
import { ResponseTooLarge, type NodeAnswer } from './rpc-upstream.ts';

/** A call the policy let through, at its place in the request. */
export interface Allowed {
  index: number;
  call: Record<string, unknown>;
}

/** The node's answer to a chunk, or an error for each of its calls. */
export type ChunkOut = NodeAnswer | { status: number; errors: RpcError[] };

export async function forwardChunk(
  t: Ticket,
  chunk: Allowed[],
  batch: boolean,
  signal: AbortSignal,
  refused: (n?: number) => void,
): Promise<ChunkOut> {
  const { route, budget } = t;
  const fail = (status: number, code: number, message: string): ChunkOut => ({
    status,
    errors: chunk.map((a) => rpcError(a.call.id, code, message)),
  });
  try {
    await budget.slots.acquire(chunk.length, signal);
  } catch (e) {
    refused(chunk.length);
    return fail(200, LIMIT_EXCEEDED, (e as Error).message);
  }
  try {
    // The chain time may have run out while this waited for a slot (calls already counted stay within
    // the request budget).
    if (budget.exhausted?.budget === 'chain time' || signal.aborted) {
      refused(chunk.length);
      return fail(200, LIMIT_EXCEEDED, budget.exhausted?.message ?? 'the script this request came from has ended');
    }
    budget.inFlight();
    route.counts.forwarded += chunk.length;
    budget.usage.forwarded += chunk.length;
    const payload = batch ? chunk.map((a) => a.call) : chunk[0]!.call;
    try {
      return await route.onNodeCall(JSON.stringify(payload), budget, chunk.length);
    } catch (e) {
      if (e instanceof ResponseTooLarge) return fail(200, LIMIT_EXCEEDED, e.message);
      return fail(502, -32603, `upstream unavailable: ${(e as Error).message}`);
    }
  } finally {
    budget.slots.release(chunk.length);
  }
}

/** Puts a node's batch answer in place: by id when ids are unique, else by position. */
export function placeBatchReplies(chunk: Allowed[], out: NodeAnswer, results: unknown[], idOf: (i: number) => unknown): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(out.text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) {
    // The node failed the whole batch; give every forwarded element that answer.
    const failure =
      parsed && typeof parsed === 'object' && 'error' in parsed
        ? (parsed as { error: { code: number; message: string } }).error
        : { code: -32603, message: `upstream returned HTTP ${out.status}` };
    for (const a of chunk) results[a.index] = rpcError(idOf(a.index), failure.code, failure.message);
    return;
  }
  const ids = chunk.map((a) => JSON.stringify(idOf(a.index) ?? null));
  const byId = new Map<string, unknown>();
  for (const r of parsed) byId.set(JSON.stringify((r as { id?: unknown })?.id ?? null), r);
  const uniqueIds = new Set(ids).size === ids.length && byId.size === parsed.length;
  chunk.forEach((a, k) => {
    results[a.index] = (uniqueIds ? byId.get(ids[k]!) : parsed[k]) ?? rpcError(idOf(a.index), -32603, 'no response from upstream');
  });
}
