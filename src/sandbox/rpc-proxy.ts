// Read-only JSON-RPC front for anvil nodes. Skills get this URL instead of anvil's, so they can
// inspect chain state but cannot mine, impersonate, set balances, snapshot/revert or send transactions;
// and what one instance's scripts make their node do is bounded (rpc-limits.ts), so a script cannot
// slow down the instances next to it.
//
// The parts: this file is the HTTP front and the router (a request goes to the route its first path
// segment names); rpc-route.ts the routes and their per-script tickets; rpc-request.ts one request from
// headers to answer; rpc-policy.ts what one call may ask; rpc-budget.ts what one instance may spend;
// rpc-forward.ts and rpc-upstream.ts the way to the node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { send } from './rpc-http.ts';
import { RPC_LIMITS, RpcLimits } from './rpc-limits.ts';
import { READ_METHODS, rpcError } from './rpc-policy.ts';
import { handle } from './rpc-request.ts';
import { Route, type ProxyRoute } from './rpc-route.ts';
import type { Ticket } from './rpc-ticket.ts';
import { Upstream } from './rpc-upstream.ts';

export { READ_METHODS };
export type { ProxyRoute };

export interface ReadOnlyProxy {
  url: string;
  port: number;
  /** Its one route (budgets, usage). */
  route: ProxyRoute;
  close(): Promise<void>;
  stats(): { forwarded: number; refused: number };
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

/** Sends a request to the route its first path segment names. */
function dispatch(tickets: Map<string, Ticket>, req: http.IncomingMessage, res: http.ServerResponse): void {
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
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Every script of the process connects here: a script opening thousands of connections at once
    // must not fill the accept queue for the others (Node's default is 511; Linux caps it at somaxconn).
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** The router: requests are dispatched by the first path segment to that route's upstream. */
export async function startProxyRouter(options: { limits?: Partial<RpcLimits> } = {}): Promise<ProxyRouter> {
  const limits = RpcLimits.parse({ ...RPC_LIMITS, ...options.limits });
  const tickets = new Map<string, Ticket>();
  const routes = new Set<Route>();

  // Headers must arrive promptly too: before them a request cannot be told apart by its instance.
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 }, (req, res) =>
    dispatch(tickets, req, res),
  );
  server.keepAliveTimeout = 5_000;
  const port = await listen(server);

  return {
    port,
    route(upstreamUrl, token, overrides) {
      const own = overrides ? RpcLimits.parse({ ...limits, ...overrides }) : limits;
      const route = new Route(tickets, port, new Upstream(upstreamUrl, own.maxResponseBytes), own, token, (r) => routes.delete(r));
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
