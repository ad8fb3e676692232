// One script's HTTP request, from its headers to its answer: admitted within the instance's budget and
// open-request limit, its body read and sized up, each call checked by the policy, the allowed ones
// forwarded (rpc-forward.ts) and the answers put back in the request's order. A caller in this process
// that holds a body already (a wallet agent's endpoint) goes the same way from its body on (handleBody).
import type http from 'node:http';
import { forwardChunk, placeBatchReplies, type Allowed } from './rpc-forward.ts';
import { readBody, send } from './rpc-http.ts';
import { jsonDepth } from './json-depth.ts';
import { LIMIT_EXCEEDED } from './rpc-limits.ts';
import { checkCall, rpcError } from './rpc-policy.ts';
import { readHead, type Ticket } from './rpc-ticket.ts';

/** One request in progress: `answer` replies (once), `refused` counts refused calls on the route and the instance. */
interface Exchange {
  t: Ticket;
  answer(status: number, body: unknown): void;
  refused(n?: number): void;
}

/** A request's answer, for a caller in this process. */
export interface Answer {
  status: number;
  text: string;
}

/** A request's calls, once its body is read and within the limits. */
interface Calls {
  items: unknown[];
  batch: boolean;
}

function exchange(t: Ticket, answer: Exchange['answer']): Exchange {
  return {
    t,
    answer,
    refused: (n = 1) => {
      t.route.counts.refused += n;
      t.budget.usage.refused += n;
    },
  };
}

export async function handle(t: Ticket, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const x = exchange(t, (status, body) => send(res, status, body));
  if (!admit(x)) {
    req.resume();
    return;
  }
  const signal = endedWithClient(t, res);
  const raw = await readBody(req, res, t.route.limits, () => {
    t.budget.take();
    x.refused();
  });
  if (!raw) return;
  await answerBody(x, raw, signal);
}

/**
 * A request whose body a caller in this process holds already (a wallet agent's endpoint forwarding
 * the agent's reads): admitted, sized up, checked, counted and forwarded as one over HTTP would be.
 */
export async function handleBody(t: Ticket, raw: Buffer): Promise<Answer> {
  let out: Answer | undefined;
  const x = exchange(t, (status, body) => {
    out ??= { status, text: typeof body === 'string' ? body : JSON.stringify(body) };
  });
  if (!admit(x)) return out!;
  try {
    const max = t.route.limits.maxBodyBytes;
    if (raw.length > max) {
      t.budget.take();
      x.refused();
      x.answer(413, rpcError(null, LIMIT_EXCEEDED, `request body exceeds ${max} bytes`));
    } else await answerBody(x, raw, t.ended.signal);
  } finally {
    t.budget.closed();
  }
  return out ?? { status: 502, text: JSON.stringify(rpcError(null, -32603, 'no answer')) };
}

/** From a body read within its limits to the answer. */
async function answerBody(x: Exchange, raw: Buffer, signal: AbortSignal): Promise<void> {
  const { t } = x;
  const calls = parseCalls(x, raw);
  if (!calls) return;
  const idOf = (i: number) => (calls.items[i] as { id?: unknown } | null)?.id;
  const results: unknown[] = new Array(calls.items.length);
  const allowed = await checkCalls(x, calls.items, results, idOf);

  // In chunks no larger than the instance's slots: the node runs a batch's calls side by side.
  const { maxInFlight } = t.route.limits;
  let status = 200;
  for (let at = 0; at < allowed.length; at += maxInFlight) {
    const chunk = allowed.slice(at, at + maxInFlight);
    const out = await forwardChunk(t, chunk, calls.batch, signal, x.refused);
    if (!calls.batch) {
      if ('text' in out) x.answer(out.status, out.text);
      else x.answer(out.status, out.errors[0]);
      return;
    }
    if ('text' in out) placeBatchReplies(chunk, out, results, idOf);
    else {
      status = Math.max(status, out.status);
      for (const [k, a] of chunk.entries()) results[a.index] = out.errors[k];
    }
  }
  x.answer(calls.batch ? status : 200, calls.batch ? results : results[0]);
}

/** Refuses the whole request as one call. */
function refuseWhole(x: Exchange, code: number, message: string): void {
  x.t.budget.take();
  x.refused();
  x.answer(200, rpcError(null, code, message));
}

/** Refuses a request of an instance whose budget is spent or that has too many open; else counts it open. */
function admit(x: Exchange): boolean {
  const { budget, route } = x.t;
  const spent = budget.exhausted;
  if (spent || budget.open >= route.limits.maxOpenRequests) {
    refuseWhole(x, LIMIT_EXCEEDED, spent?.message ?? `more than ${route.limits.maxOpenRequests} requests of this instance open at once`);
    return false;
  }
  budget.opened();
  return true;
}

/** Aborted when the client goes away before its answer, or the script's ticket ends. */
function endedWithClient(t: Ticket, res: http.ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    t.budget.closed();
    if (!res.writableFinished) gone.abort(new Error('the client went away'));
  });
  return AbortSignal.any([gone.signal, t.ended.signal]);
}

/** Parses a body read within its size limit; answers one nested too deep, unparseable, or an empty or too long batch. */
function parseCalls(x: Exchange, raw: Buffer): Calls | undefined {
  const { budget, route } = x.t;
  const limits = route.limits;
  const depth = jsonDepth(raw, limits.maxJsonDepth);
  if (depth > limits.maxJsonDepth) {
    refuseWhole(x, LIMIT_EXCEEDED, `request JSON nested deeper than ${limits.maxJsonDepth} levels`);
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    refuseWhole(x, -32700, 'Parse error');
    return undefined;
  }
  const batch = Array.isArray(body);
  const items: unknown[] = Array.isArray(body) ? body : [body];
  budget.request(raw.length, depth, batch ? items.length : 0);
  if (batch && items.length === 0) {
    refuseWhole(x, -32600, 'Invalid Request: empty batch');
    return undefined;
  }
  if (items.length > limits.maxBatchLength) {
    // Refused whole, before any of its calls is looked at: one request, like an oversized body.
    refuseWhole(x, LIMIT_EXCEEDED, `batch of ${items.length} calls; at most ${limits.maxBatchLength} per batch`);
    return undefined;
  }
  return { items, batch };
}

/** Counts each call on the budget and checks it: refusals go into `results`, the allowed are returned. */
async function checkCalls(x: Exchange, items: unknown[], results: unknown[], idOf: (i: number) => unknown): Promise<Allowed[]> {
  const { t } = x;
  const allowed: Allowed[] = [];
  for (let i = 0; i < items.length; i++) {
    if (!t.budget.take()) {
      x.refused();
      results[i] = rpcError(idOf(i), LIMIT_EXCEEDED, t.budget.exhausted!.message);
      continue;
    }
    const checked = await checkCall(items[i], { limits: t.route.limits, head: () => (t.head ??= readHead(t)) });
    t.budget.traced(checked.trace);
    if ('refusal' in checked) {
      x.refused();
      results[i] = checked.refusal;
    } else allowed.push({ index: i, call: checked.call });
  }
  return allowed;
}
