// Read-only JSON-RPC front for an anvil node. Skills get this URL instead of anvil's, so they can
// inspect chain state but cannot mine, impersonate, set balances, snapshot/revert or send transactions.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface ReadOnlyProxy {
  url: string;
  port: number;
  close(): Promise<void>;
  stats(): { forwarded: number; refused: number };
}

/** One upstream node behind the router, reached at http://127.0.0.1:<port>/<token>. */
export interface ProxyRoute {
  url: string;
  /** Stops routing to the upstream; requests to the URL get "no such endpoint" from then on. */
  close(): void;
  stats(): { forwarded: number; refused: number };
}

/**
 * One read-only front for many nodes: every instance in flight gets its own route (an unguessable
 * path) to its own anvil, and every script of the process talks to this one port, so one sandbox host
 * with net access to exactly that port serves them all.
 */
export interface ProxyRouter {
  port: number;
  /** A route to `upstreamUrl` at /<token> (random by default; '' serves it at the root path). */
  route(upstreamUrl: string, token?: string): ProxyRoute;
  /** Lets the process exit while the router still listens (a process-wide router). */
  unref(): void;
  close(): Promise<void>;
}

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

const MAX_BODY_BYTES = 1024 * 1024;

type Id = string | number | null;
interface RpcError {
  jsonrpc: '2.0';
  id: Id;
  error: { code: number; message: string };
}

function rpcError(id: unknown, code: number, message: string): RpcError {
  const safeId: Id = typeof id === 'string' || typeof id === 'number' ? id : null;
  return { jsonrpc: '2.0', id: safeId, error: { code, message } };
}

/** Returns a refusal for a request that must not reach upstream, or undefined if it may be forwarded. */
function check(req: unknown): RpcError | undefined {
  if (typeof req !== 'object' || req === null || Array.isArray(req)) return rpcError(null, -32600, 'Invalid Request');
  const { method, id } = req as { method?: unknown; id?: unknown };
  if (typeof method !== 'string') return rpcError(id, -32600, 'Invalid Request: method must be a string');
  if (!READ_METHODS.has(method)) return rpcError(id, -32601, `method ${method} is not available: this endpoint is read-only`);
  return undefined;
}

function send(res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

interface Upstream {
  forward(body: string): Promise<{ status: number; text: string }>;
  counts: { forwarded: number; refused: number };
  close(): void;
}

function upstreamFor(upstreamUrl: string): Upstream {
  const upstream = new URL(upstreamUrl);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    throw new TypeError(`upstream must be an http(s) URL, got ${upstreamUrl}`);
  }
  const transport = upstream.protocol === 'https:' ? https : http;
  // One pooled connection set to anvil: avoids a TCP handshake per call.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  return {
    counts: { forwarded: 0, refused: 0 },
    close: () => agent.destroy(),
    forward: (body) =>
      new Promise((resolve, reject) => {
        const req = transport.request(
          upstream,
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
  };
}

async function handleSingle(up: Upstream, res: http.ServerResponse, req: unknown): Promise<void> {
  const refusal = check(req);
  if (refusal) {
    up.counts.refused++;
    send(res, 200, refusal);
    return;
  }
  up.counts.forwarded++;
  const out = await up.forward(JSON.stringify(req));
  send(res, out.status, out.text);
}

async function handleBatch(up: Upstream, res: http.ServerResponse, batch: unknown[]): Promise<void> {
  if (batch.length === 0) {
    send(res, 200, rpcError(null, -32600, 'Invalid Request: empty batch'));
    return;
  }
  const results: unknown[] = new Array(batch.length);
  const allowedIdx: number[] = [];
  batch.forEach((item, i) => {
    const refusal = check(item);
    if (refusal) {
      up.counts.refused++;
      results[i] = refusal;
    } else allowedIdx.push(i);
  });
  if (allowedIdx.length > 0) {
    up.counts.forwarded += allowedIdx.length;
    let out: { status: number; text: string };
    try {
      out = await up.forward(JSON.stringify(allowedIdx.map((i) => batch[i])));
    } catch (err) {
      // Keep the refusals; only the forwarded part failed.
      const message = `upstream unavailable: ${(err as Error).message}`;
      for (const i of allowedIdx) results[i] = rpcError((batch[i] as { id?: unknown }).id, -32603, message);
      send(res, 502, results);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(out.text);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed)) {
      // Upstream failed the whole batch; give every forwarded element that answer.
      const failure =
        parsed && typeof parsed === 'object' && 'error' in parsed
          ? (parsed as { error: { code: number; message: string } }).error
          : { code: -32603, message: `upstream returned HTTP ${out.status}` };
      for (const i of allowedIdx) results[i] = rpcError((batch[i] as { id?: unknown }).id, failure.code, failure.message);
    } else {
      // Responses may come back in any order: match by id when ids are unique, else by position.
      const ids = allowedIdx.map((i) => JSON.stringify((batch[i] as { id?: unknown }).id ?? null));
      const byId = new Map<string, unknown>();
      for (const r of parsed) byId.set(JSON.stringify((r as { id?: unknown })?.id ?? null), r);
      const uniqueIds = new Set(ids).size === ids.length && byId.size === parsed.length;
      allowedIdx.forEach((i, k) => {
        results[i] = (uniqueIds ? byId.get(ids[k]!) : parsed[k]) ?? rpcError((batch[i] as { id?: unknown }).id, -32603, 'no response from upstream');
      });
    }
  }
  send(res, 200, results);
}

/** The router: requests are dispatched by the first path segment to that route's upstream. */
export async function startProxyRouter(): Promise<ProxyRouter> {
  const routes = new Map<string, Upstream>();

  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') {
      send(res, 405, rpcError(null, -32600, `HTTP method ${req.method} not allowed; use POST`), { allow: 'POST' });
      req.resume();
      return;
    }
    const first = (req.url ?? '/').split('?')[0]!.split('/')[1] ?? '';
    // Sandbox Workers call this once before their skill arrives, to start their HTTP client.
    if (first === '__warm') {
      req.resume();
      send(res, 200, []);
      return;
    }
    const up = routes.get(first);
    if (!up) {
      send(res, 404, rpcError(null, -32601, 'no such endpoint'), { connection: 'close' });
      req.resume();
      return;
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      send(res, 413, rpcError(null, -32600, `request body exceeds ${MAX_BODY_BYTES} bytes`), { connection: 'close' });
      req.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let aborted = false;
    req.on('data', (c: Buffer) => {
      if (aborted) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        aborted = true;
        send(res, 413, rpcError(null, -32600, `request body exceeds ${MAX_BODY_BYTES} bytes`), { connection: 'close' });
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (aborted) return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        send(res, 200, rpcError(null, -32700, 'Parse error'));
        return;
      }
      const work = Array.isArray(body) ? handleBatch(up, res, body) : handleSingle(up, res, body);
      work.catch((err: unknown) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        send(res, 502, rpcError((body as { id?: unknown } | null)?.id, -32603, `upstream unavailable: ${(err as Error).message}`));
      });
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    route(upstreamUrl, token = randomBytes(16).toString('hex')) {
      const up = upstreamFor(upstreamUrl);
      routes.set(token, up);
      return {
        url: `http://127.0.0.1:${port}/${token}`,
        stats: () => ({ ...up.counts }),
        close() {
          if (routes.get(token) === up) routes.delete(token);
          up.close();
        },
      };
    },
    unref: () => void server.unref(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const up of routes.values()) up.close();
        routes.clear();
      }),
  };
}

/** A front for a single node, served at the root path. */
export async function startReadOnlyProxy(upstreamUrl: string): Promise<ReadOnlyProxy> {
  const router = await startProxyRouter();
  const route = router.route(upstreamUrl, '');
  return {
    url: `http://127.0.0.1:${router.port}/`,
    port: router.port,
    stats: route.stats,
    close: () => router.close(),
  };
}
