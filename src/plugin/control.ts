// The main process's control endpoint for workers: anvil nodes by slot, and the run's instance
// dispatcher. JSON over loopback on an OS-assigned port. Every route's request and reply is declared
// once below and checked on both sides.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { QuestError } from '../errors.ts';
import { CHAIN_STATES, type ChainState } from '../chain/chain-states.ts';
import { InstanceRecord } from '../results/record.ts';
import { SPLITS } from '../tasks/task.ts';
import { nodeFetch } from '../chain/node-fetch.ts';

/** Long polls answer at the latest after this, so no HTTP client timeout is ever reached. */
export const POLL_MS = 25_000;

const worker = z.string().min(1).max(128);
const key = z.string().min(1).max(512);

/** One instance a run will need: a task file's round, known before its test starts. */
export const PlannedInstance = z.object({
  /** "split/taskId/round", as tests and results name it. */
  key,
  split: z.enum(SPLITS),
  taskId: z.string(),
  round: z.number().int(),
  /** Absolute path of the task's JSON file. */
  file: z.string(),
  /** Model calls it takes (1 for an atomic task; plan, rounds and submit for a composite one): longest first. */
  weight: z.number().optional(),
});
export type PlannedInstance = z.infer<typeof PlannedInstance>;

export const Claim = z.discriminatedUnion('action', [
  z.object({ action: z.literal('run') }),
  z.object({ action: z.literal('wait') }),
  z.object({ action: z.literal('done'), record: InstanceRecord }),
]);
export type Claim = z.infer<typeof Claim>;

const none = z.object({});

/** The routes: what a worker sends and what it gets back. */
export const ROUTES = {
  /** A test asks for its own instance: run it now, wait for another slot's run, or take the finished record. */
  claim: { request: z.object({ key, worker, instance: PlannedInstance.optional() }), reply: Claim },
  /** Long poll for a claimed instance running elsewhere: its record, or `requeued` when its slot was lost. */
  wait: {
    request: z.object({ key }),
    reply: z.object({ record: InstanceRecord.optional(), requeued: z.boolean().optional(), pending: z.boolean().optional() }),
  },
  /** Long poll of a background slot for the next planned instance. */
  lease: { request: z.object({ worker }), reply: z.object({ instance: PlannedInstance.optional() }) },
  done: { request: z.object({ key, worker, record: InstanceRecord }), reply: none },
  /** A slot gives an instance back to its own test. */
  release: { request: z.object({ worker, instance: PlannedInstance }), reply: none },
  beat: { request: z.object({ worker }), reply: none },
  /** (Re)starts the anvil of one slot from the prepared state. */
  node: {
    request: z.object({ id: z.string().regex(/^[\w-]{1,64}$/), state: z.enum(CHAIN_STATES) }),
    reply: z.object({ url: z.string() }),
  },
} as const;
type Routes = typeof ROUTES;
export type Route = keyof Routes;
export type ControlRequest<R extends Route> = z.input<Routes[R]['request']>;
export type ControlReply<R extends Route> = z.output<Routes[R]['reply']>;
export type ControlHandlers = { [R in Route]: (request: z.output<Routes[R]['request']>) => Promise<ControlReply<R>> | ControlReply<R> };

export interface ControlServer {
  url: string;
  close(): Promise<void>;
}

const issues = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');

/** The run's control endpoint, serving `handlers` to every worker of every benchmark project. */
export async function startControlServer(handlers: ControlHandlers): Promise<ControlServer> {
  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const route = /^\/(\w+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !route || !Object.hasOwn(ROUTES, route)) {
      req.resume();
      reply(404, { error: 'not found' });
      return;
    }
    const r = route as Route;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const work = Promise.resolve().then(async () => {
        const parsed = ROUTES[r].request.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
        if (!parsed.success) throw new Error(`bad ${r} request: ${issues(parsed.error)}`);
        const out = await (handlers[r] as (q: unknown) => unknown)(parsed.data);
        return ROUTES[r].reply.parse(out);
      });
      work.then(
        (body) => reply(200, body),
        // A QuestError keeps its code and hint across the process boundary.
        (e: Error) => reply(500, e instanceof QuestError ? { error: e.message, code: e.code, hint: e.hint } : { error: e.message }),
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

/** A worker's call to the control endpoint; the reply is checked against the route's declaration. */
export async function control<R extends Route>(controlUrl: string, route: R, body: ControlRequest<R>): Promise<ControlReply<R>> {
  const res = await nodeFetch(`${controlUrl}/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as { error?: string; code?: string; hint?: string };
  if (!res.ok) {
    const message = `control ${route}: ${out.error ?? res.status}`;
    throw out.code ? new QuestError(out.code, message, { hint: out.hint }) : new Error(message);
  }
  const parsed = ROUTES[route].reply.safeParse(out);
  if (!parsed.success) throw new Error(`control ${route}: unexpected reply: ${issues(parsed.error)}`);
  return parsed.data as ControlReply<R>;
}

export async function requestNode(controlUrl: string, id: string, state: ChainState): Promise<string> {
  try {
    return (await control(controlUrl, 'node', { id, state })).url;
  } catch (e) {
    const message = `could not start anvil for slot ${id}: ${(e as Error).message}`;
    throw e instanceof QuestError ? new QuestError(e.code, message, { hint: e.hint, cause: e }) : new Error(message, { cause: e });
  }
}
