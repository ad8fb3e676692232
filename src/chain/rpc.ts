import { createPublicClient, createTestClient, http, type PublicClient, type TestClient } from 'viem';
import { deadlines } from '../fault-points.ts';
import { nodeFetch } from './node-fetch.ts';

export interface ChainClients {
  url: string;
  public: PublicClient;
  test: TestClient<'anvil'>;
  /** Raw JSON-RPC call for methods viem has no action for. */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
}

export function chainClients(url: string): ChainClients {
  // Requests issued together (validators' parallel reads) go out as one JSON-RPC batch.
  const transport = http(url, {
    retryCount: 0,
    timeout: deadlines().nodeRequestMs,
    batch: { wait: 0 },
    fetchFn: nodeFetch as unknown as typeof fetch,
  });
  const pub = createPublicClient({ transport, cacheTime: 0 }) as PublicClient;
  const test = createTestClient({ mode: 'anvil', transport, cacheTime: 0 });
  return {
    url,
    public: pub,
    test,
    request: <T>(method: string, params: unknown[] = []) => pub.request({ method: method as never, params: params as never }) as Promise<T>,
  };
}

export interface RpcReply {
  id: number;
  result?: unknown;
  error?: { message?: string; data?: unknown };
}

export interface RpcBatch {
  /** Every reply the node sent, as sent. */
  replies: RpcReply[];
  /** The reply to the call with this id (calls are numbered from 1, in order). */
  reply(id: number): RpcReply | undefined;
}

/**
 * POSTs `calls` as one JSON-RPC batch (ids 1, 2, … in order) and returns the replies, matched by id.
 * Throws if the request fails, the body is not JSON, or the node does not answer with an array.
 */
export async function rpcBatch(url: string, calls: { method: string; params: unknown[] }[]): Promise<RpcBatch> {
  const body = calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, method: c.method, params: c.params }));
  const res = await nodeFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(deadlines().nodeRequestMs),
  });
  const replies = (await res.json()) as RpcReply[];
  if (!Array.isArray(replies)) throw new Error('the node did not answer the batch');
  return { replies, reply: (id) => replies.find((r) => r.id === id) };
}
