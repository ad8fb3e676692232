// The main process's control endpoint for workers: anvil nodes by slot, and the run's instance
// dispatcher. JSON over loopback on an OS-assigned port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { NodePool } from '../chain/node-pool.ts';
import type { InstanceRecord } from '../results/record.ts';
import type { Claim, Dispatcher } from './dispatcher.ts';

/** Long polls answer at the latest after this, so no HTTP client timeout is ever reached. */
const POLL_MS = 25_000;

const Worker = z.object({ worker: z.string().min(1).max(128) });
const Key = z.object({ key: z.string().min(1).max(512) });
const Instance = z.object({ key: z.string(), split: z.enum(['atomic', 'composite']), taskId: z.string(), round: z.number().int(), file: z.string(), weight: z.number().optional() });

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

/** The run's control endpoint: its nodes and its dispatcher, for every worker of every benchmark project. */
export async function startControlServer(nodes: NodePool, dispatcher: Dispatcher): Promise<ControlServer> {
  const routes: Record<string, (body: unknown) => Promise<unknown> | unknown> = {
    claim: (b) => {
      const { instance } = z.object({ instance: Instance.optional() }).parse(b);
      return dispatcher.claim(Key.parse(b).key, Worker.parse(b).worker, instance) satisfies Claim;
    },
    wait: async (b) => {
      const { key } = Key.parse(b);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'pending'>((resolve) => (timer = setTimeout(() => resolve('pending'), POLL_MS)));
      const r = await Promise.race([dispatcher.wait(key), timeout]);
      clearTimeout(timer);
      return r === 'pending' ? { pending: true } : r ? { record: r } : { requeued: true };
    },
    lease: async (b) => {
      const { worker } = Worker.parse(b);
      let next = dispatcher.lease(worker);
      if (!next) {
        await dispatcher.whenLeasable(POLL_MS);
        next = dispatcher.lease(worker);
      }
      return next ? { instance: next } : {};
    },
    done: (b) => {
      const { key, worker, record } = z.object({ key: z.string(), worker: z.string(), record: z.unknown() }).parse(b);
      dispatcher.done(key, worker, record as InstanceRecord);
      return {};
    },
    release: (b) => {
      const { worker, instance } = z.object({ worker: z.string(), instance: Instance }).parse(b);
      dispatcher.release(instance.key, worker);
      return {};
    },
    beat: (b) => {
      dispatcher.beat(Worker.parse(b).worker);
      return {};
    },
  };

  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const node = /^\/nodes\/([\w-]{1,64})$/.exec(req.url ?? '');
    const route = /^\/(\w+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || (!node && !(route && route in routes))) {
      req.resume();
      reply(404, { error: 'not found' });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const work = node
        ? nodes.restart(node[1]!).then((n) => ({ url: n.url }))
        : Promise.resolve().then(() => routes[route!]!(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')));
      work.then(
        (body) => reply(200, body),
        (e: Error) => reply(500, { error: e.message }),
      );
    });
  });
  // Long polls must not be cut by the server's own request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A worker's call to the control endpoint. */
export async function control<T>(controlUrl: string, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${controlUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const out = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`control ${path}: ${out.error ?? res.status}`);
  return out;
}

export async function requestNode(controlUrl: string, id: string): Promise<string> {
  try {
    return (await control<{ url: string }>(controlUrl, `nodes/${id}`)).url;
  } catch (e) {
    throw new Error(`could not start anvil for slot ${id}: ${(e as Error).message}`);
  }
}
