// Read-only JSON-RPC front for anvil nodes. Skills get this URL instead of anvil's, so they can
// inspect chain state but cannot mine, impersonate, set balances, snapshot/revert or send transactions;
// and what one instance's scripts make their node do is bounded (rpc-limits.ts), so a script cannot
// slow down the instances next to it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { jsonDepth } from './json-depth.ts';
import { InstanceBudget, type InstanceUsage } from './rpc-budget.ts';
import { LIMIT_EXCEEDED, RPC_LIMITS, RpcLimits } from './rpc-limits.ts';
import { checkCall, READ_METHODS, rpcError, type RpcError } from './rpc-policy.ts';
import type { SandboxOutcome } from './runner.ts';

export { READ_METHODS };

export interface ReadOnlyProxy {
  url: string;
  port: number;
  /** Its one route (budgets, usage). */
  route: ProxyRoute;
  close(): Promise<void>;
  stats(): { forwarded: number; refused: number };
}

/**
 * One upstream node behind the router. Scripts reach it at http://127.0.0.1:<port>/<token>; the
 * token changes with every script (see settle), so nothing an earlier script left open reaches the node.
 */
export interface ProxyRoute {
  /** The URL the next script gets. */
  readonly url: string;
  /** Stops routing to the upstream; requests to the URL get "no such endpoint" from then on. */
  close(): void;
  /** Calls forwarded and refused over the route's life. */
  stats(): { forwarded: number; refused: number };
  /**
   * Starts a new instance: a fresh budget and a fresh URL. Resolves true once the node is done with
   * what earlier instances sent it, false if it is still busy after the drain timeout (replace the node then).
   */
  beginInstance(): Promise<boolean>;
  /**
   * Runs one script of the current instance: `run` gets the script's URL and a signal that ends the
   * script shortly after the instance's budget is spent; then the script is settled.
   */
  runScript(run: (providerUrl: string, budgetSpent: AbortSignal) => Promise<SandboxOutcome>): Promise<SandboxOutcome>;
  /**
   * After each script: its URL stops working (the next script gets a new one, on the same budget), and
   * a script whose instance ran out of budget ends as a runtime_error naming the budget.
   */
  settle(run: SandboxOutcome): SandboxOutcome;
  /** What the current instance's scripts asked of the node so far. */
  usage(): InstanceUsage;
  /** HTTP requests on the node now, this route's, from any instance. */
  busy(): number;
}

/**
 * One read-only front for many nodes: every instance in flight gets its own route (an unguessable
 * path) to its own anvil, and every script of the process talks to this one port, so one sandbox host
 * with net access to exactly that port serves them all.
 */
export interface ProxyRouter {
  port: number;
  /** A route to `upstreamUrl` at /<token> (random, new for every script, by default; '' serves it at the root path). */
  route(upstreamUrl: string, token?: string, overrides?: Partial<RpcLimits>): ProxyRoute;
  /** Lets the process exit while the router still listens (a process-wide router). */
  unref(): void;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  res.end(text);
}

class ResponseTooLarge extends Error {}

interface Upstream {
  forward(body: string): Promise<{ status: number; text: string }>;
  close(): void;
}

function upstreamFor(upstreamUrl: string, maxResponseBytes: number): Upstream {
  const upstream = new URL(upstreamUrl);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') {
    throw new TypeError(`upstream must be an http(s) URL, got ${upstreamUrl}`);
  }
  const transport = upstream.protocol === 'https:' ? https : http;
  // One pooled connection set to anvil: avoids a TCP handshake per call.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  return {
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
            let size = 0;
            res.on('data', (c: Buffer) => {
              size += c.length;
              if (size > maxResponseBytes) {
                res.destroy();
                reject(new ResponseTooLarge(`the node's answer exceeds ${maxResponseBytes} bytes`));
                return;
              }
              chunks.push(c);
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }));
            res.on('error', reject);
            res.on('close', () => reject(new Error('the node closed the connection')));
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
  };
}

/** The URL of one script: requests to it count against its instance's budget. */
interface Ticket {
  token: string;
  route: Route;
  budget: InstanceBudget;
  /** Aborted when the script's run is over: its requests still waiting are dropped. */
  ended: AbortController;
  /** The node's block number, read once per script (no block is mined while a script runs). */
  head?: Promise<bigint>;
}

class Route implements ProxyRoute {
  budget: InstanceBudget;
  ticket!: Ticket;
  readonly counts = { forwarded: 0, refused: 0 };
  private onNode = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly tickets: Map<string, Ticket>,
    private readonly port: number,
    readonly upstream: Upstream,
    readonly limits: RpcLimits,
    private readonly fixedToken: string | undefined,
    private readonly onClose: (r: Route) => void,
  ) {
    this.budget = new InstanceBudget(limits);
    this.issue();
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/${this.ticket.token}`;
  }

  stats() {
    return { ...this.counts };
  }

  usage(): InstanceUsage {
    return structuredClone(this.budget.usage);
  }

  busy(): number {
    return this.onNode;
  }

  async beginInstance(): Promise<boolean> {
    this.budget = new InstanceBudget(this.limits);
    this.issue();
    return this.idle(this.limits.drainTimeoutMs);
  }

  async runScript(run: (providerUrl: string, budgetSpent: AbortSignal) => Promise<SandboxOutcome>): Promise<SandboxOutcome> {
    return this.settle(await run(this.url, this.budget.signal));
  }

  settle(run: SandboxOutcome): SandboxOutcome {
    const exhausted = this.budget.exhausted;
    this.issue();
    return exhausted ? { kind: 'runtime_error', message: exhausted.message, logs: run.logs, durationMs: run.durationMs } : run;
  }

  close(): void {
    this.closed = true;
    this.retire();
    this.upstream.close();
    this.onClose(this);
  }

  /** A new URL on the current budget; the old one stops working and its waiting requests are dropped. */
  private issue(): void {
    this.retire();
    if (this.closed) return;
    const token = this.fixedToken ?? randomBytes(16).toString('hex');
    this.ticket = { token, route: this, budget: this.budget, ended: new AbortController() };
    this.tickets.set(token, this.ticket);
  }

  private retire(): void {
    const t = this.ticket as Ticket | undefined;
    if (!t) return;
    t.ended.abort(new Error('the script this request came from has ended'));
    if (this.tickets.get(t.token) === t) this.tickets.delete(t.token);
  }

  /** Resolves true once nothing of this route is on the node, false after `timeoutMs`. */
  private idle(timeoutMs: number): Promise<boolean> {
    if (this.onNode === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(done);
    });
  }

  /** Sends `body` to the node, counting it as `calls` calls on `budget`. */
  async onNodeCall(body: string, budget: InstanceBudget, calls: number): Promise<{ status: number; text: string }> {
    this.onNode++;
    const start = performance.now();
    try {
      const out = await this.upstream.forward(body);
      budget.answered(Buffer.byteLength(out.text));
      return out;
    } finally {
      budget.spent(performance.now() - start, calls);
      if (--this.onNode === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const w of waiters) w();
      }
    }
  }
}

async function readHead(t: Ticket): Promise<bigint> {
  const out = await t.route.onNodeCall(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }), t.budget, 1);
  const parsed = JSON.parse(out.text) as { result?: unknown };
  if (typeof parsed.result !== 'string') throw new Error('the node did not report its block number');
  return BigInt(parsed.result);
}

/** Reads a request body within the size and time limits; answers and returns undefined when it breaks one. */
function readBody(req: http.IncomingMessage, res: http.ServerResponse, limits: RpcLimits, onRefused: () => void): Promise<Buffer | undefined> {
  const max = limits.maxBodyBytes;
  const tooLarge = () => {
    onRefused();
    send(res, 413, rpcError(null, LIMIT_EXCEEDED, `request body exceeds ${max} bytes`), { connection: 'close' });
    req.destroy();
  };
  if (Number(req.headers['content-length'] ?? 0) > max) {
    tooLarge();
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (body: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(body);
    };
    // A body that trickles in holds a request open; it gets a fixed time to arrive, whatever its pace.
    const timer = setTimeout(() => {
      onRefused();
      send(res, 408, rpcError(null, LIMIT_EXCEEDED, `request body did not arrive within ${limits.bodyTimeoutMs} ms`), { connection: 'close' });
      req.destroy();
      finish(undefined);
    }, limits.bodyTimeoutMs);
    req.on('data', (c: Buffer) => {
      if (settled) return;
      size += c.length;
      if (size > max) {
        tooLarge();
        finish(undefined);
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => finish(Buffer.concat(chunks)));
    req.on('error', () => {
      res.destroy();
      finish(undefined);
    });
    req.on('close', () => finish(undefined));
  });
}

interface Allowed {
  index: number;
  call: Record<string, unknown>;
}

/** One script's HTTP request, from its headers to its answer. */
async function handle(t: Ticket, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const { route, budget } = t;
  const limits = route.limits;
  const refused = (n = 1) => {
    route.counts.refused += n;
    budget.usage.refused += n;
  };
  const spent = budget.exhausted;
  if (spent || budget.open >= limits.maxOpenRequests) {
    budget.take();
    refused();
    req.resume();
    send(res, 200, rpcError(null, LIMIT_EXCEEDED, spent?.message ?? `more than ${limits.maxOpenRequests} requests of this instance open at once`));
    return;
  }
  budget.opened();
  const gone = new AbortController();
  res.once('close', () => {
    budget.closed();
    if (!res.writableFinished) gone.abort(new Error('the client went away'));
  });
  const signal = AbortSignal.any([gone.signal, t.ended.signal]);

  const raw = await readBody(req, res, limits, () => {
    budget.take();
    refused();
  });
  if (!raw) return;
  const depth = jsonDepth(raw, limits.maxJsonDepth);
  if (depth > limits.maxJsonDepth) {
    budget.take();
    refused();
    send(res, 200, rpcError(null, LIMIT_EXCEEDED, `request JSON nested deeper than ${limits.maxJsonDepth} levels`));
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    budget.take();
    refused();
    send(res, 200, rpcError(null, -32700, 'Parse error'));
    return;
  }
  const batch = Array.isArray(body);
  const items: unknown[] = Array.isArray(body) ? body : [body];
  budget.request(raw.length, depth, batch ? items.length : 0);
  if (batch && items.length === 0) {
    budget.take();
    refused();
    send(res, 200, rpcError(null, -32600, 'Invalid Request: empty batch'));
    return;
  }
  if (items.length > limits.maxBatchLength) {
    // Refused whole, before any of its calls is looked at: one request, like an oversized body.
    budget.take();
    refused();
    send(res, 200, rpcError(null, LIMIT_EXCEEDED, `batch of ${items.length} calls; at most ${limits.maxBatchLength} per batch`));
    return;
  }

  const idOf = (i: number) => (items[i] as { id?: unknown } | null)?.id;
  const results: unknown[] = new Array(items.length);
  const allowed: Allowed[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!budget.take()) {
      refused();
      results[i] = rpcError(idOf(i), LIMIT_EXCEEDED, budget.exhausted!.message);
      continue;
    }
    const checked = await checkCall(items[i], { limits, head: () => (t.head ??= readHead(t)) });
    budget.traced(checked.trace);
    if ('refusal' in checked) {
      refused();
      results[i] = checked.refusal;
    } else allowed.push({ index: i, call: checked.call });
  }

  // In chunks no larger than the instance's slots: the node runs a batch's calls side by side.
  let status = 200;
  for (let at = 0; at < allowed.length; at += limits.maxInFlight) {
    const chunk = allowed.slice(at, at + limits.maxInFlight);
    const out = await forwardChunk(t, chunk, batch, signal, refused);
    if (!batch) {
      if ('text' in out) send(res, out.status, out.text);
      else send(res, out.status, out.errors[0]);
      return;
    }
    if ('text' in out) placeBatchReplies(chunk, out, results, idOf);
    else {
      status = Math.max(status, out.status);
      chunk.forEach((a, k) => (results[a.index] = out.errors[k]));
    }
  }
  send(res, batch ? status : 200, batch ? results : results[0]);
}

type ChunkOut = { status: number; text: string } | { status: number; errors: RpcError[] };

async function forwardChunk(t: Ticket, chunk: Allowed[], batch: boolean, signal: AbortSignal, refused: (n?: number) => void): Promise<ChunkOut> {
  const { route, budget } = t;
  const fail = (status: number, code: number, message: string): ChunkOut => ({ status, errors: chunk.map((a) => rpcError(a.call.id, code, message)) });
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
function placeBatchReplies(chunk: Allowed[], out: { status: number; text: string }, results: unknown[], idOf: (i: number) => unknown): void {
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

/** The router: requests are dispatched by the first path segment to that route's upstream. */
export async function startProxyRouter(options: { limits?: Partial<RpcLimits> } = {}): Promise<ProxyRouter> {
  const limits = RpcLimits.parse({ ...RPC_LIMITS, ...options.limits });
  const tickets = new Map<string, Ticket>();
  const routes = new Set<Route>();

  // Headers must arrive promptly too: before them a request cannot be told apart by its instance.
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 }, (req, res) => {
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
    const ticket = tickets.get(first);
    if (!ticket) {
      send(res, 404, rpcError(null, -32601, 'no such endpoint'), { connection: 'close' });
      req.resume();
      return;
    }
    handle(ticket, req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, 502, rpcError(null, -32603, `upstream unavailable: ${(err as Error).message}`));
    });
  });
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Every script of the process connects here: a script opening thousands of connections at once
    // must not fill the accept queue for the others (Node's default is 511; Linux caps it at somaxconn).
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    port,
    route(upstreamUrl, token, overrides) {
      const own = overrides ? RpcLimits.parse({ ...limits, ...overrides }) : limits;
      const route = new Route(tickets, port, upstreamFor(upstreamUrl, own.maxResponseBytes), own, token, (r) => routes.delete(r));
      routes.add(route);
      return route;
    },
    unref: () => void server.unref(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const r of [...routes]) r.close();
        tickets.clear();
      }),
  };
}

/** A front for a single node, served at the root path. */
export async function startReadOnlyProxy(upstreamUrl: string, options: { limits?: Partial<RpcLimits> } = {}): Promise<ReadOnlyProxy> {
  const router = await startProxyRouter(options);
  const route = router.route(upstreamUrl, '');
  return {
    url: `http://127.0.0.1:${router.port}/`,
    port: router.port,
    route,
    stats: () => route.stats(),
    close: () => router.close(),
  };
}
