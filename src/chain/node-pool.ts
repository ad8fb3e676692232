import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAnvil, type AnvilOptions, type RunningAnvil } from './anvil.ts';

export interface NodePool {
  /** Control endpoint: POST /nodes/<worker id> (re)starts that worker's anvil and answers { url }. */
  url: string;
  size(): number;
  close(): Promise<void>;
}

/**
 * Runs in the main process so anvil processes die with the run even when a worker crashes.
 * Workers ask for their node by pool id; asking again restarts it from the prepared state.
 */
export async function startNodePool(anvil: AnvilOptions): Promise<NodePool> {
  const nodes = new Map<string, Promise<RunningAnvil>>();
  const restart = async (id: string): Promise<RunningAnvil> => {
    const previous = nodes.get(id);
    const next = (async () => {
      if (previous) await previous.then((n) => n.stop()).catch(() => {});
      return startAnvil(anvil);
    })();
    nodes.set(id, next);
    return next;
  };
  const server = createServer((req, res) => {
    const m = /^\/nodes\/([\w-]{1,64})$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    restart(m[1]!).then(
      (node) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: node.url })),
      (e: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: e.message })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // If the run is interrupted before teardown (Ctrl-C, a crash), src/chain/anvil.ts kills every
  // anvil it started when the process exits.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    size: () => nodes.size,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...nodes.values()].map((n) => n.then((x) => x.stop()).catch(() => {})));
      nodes.clear();
    },
  };
}

export async function requestNode(controlUrl: string, id: string): Promise<string> {
  const res = await fetch(`${controlUrl}/nodes/${id}`, { method: 'POST' });
  const body = (await res.json()) as { url?: string; error?: string };
  if (!res.ok || !body.url) throw new Error(`could not start anvil for worker ${id}: ${body.error ?? res.status}`);
  return body.url;
}
