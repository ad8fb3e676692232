// A long-lived Deno process that runs each skill in a fresh Web Worker (its own V8 isolate, ended
// right after its job) and reports to the harness over a unix socket that no Worker may open.
//   argv: <socket path> <proxy port or -> <vendor dir> <spare count (0 for a solo host)>
//
// Socket protocol, one JSON object per line:
//   harness → host  { op: 'init', worker: <base64 of deno-worker.mjs> }   first
//   harness → host  { op: 'run', id, src, args, imports, timeoutMs, maxOutputBytes, maxFetches }
//   harness → host  { op: 'cancel', id, message }   ends a running job early, as a runtime_error
//   host → harness  { id, log: text }            a job's console output, in order
//   host → harness  { id, outcome }              how it ended, exactly once: { kind: 'ok', value? } or
//                                                { kind: 'schema_invalid' | 'runtime_error' | 'timeout', message, rule? }
//                                                (src/sandbox/outcome.ts; the harness checks it there)
//   host → harness  { op: 'live', n, ended? }    Workers started and not yet ended, on each change
// A Worker can write to this process' stdout/stderr and read its stdin, so none of them carries the
// protocol: stdin is /dev/null, stdout is discarded, stderr only feeds crash diagnostics.

const [sockPath, portArg, vendorDir, sparesArg] = Deno.args;
const SPARES = Number(sparesArg);
/** A job's Worker may send this many messages without its token before it counts as flooding. */
const MAX_STRAYS = 100;

// Fixed when each Worker is created: the proxy port only, the vendored bundles only, nothing else.
const permissions = {
  net: portArg === '-' ? false : [`127.0.0.1:${portArg}`],
  read: [vendorDir],
  env: false,
  run: false,
  write: false,
  ffi: false,
  sys: false,
  import: false,
};

const conn = await Deno.connect({ transport: 'unix', path: sockPath });
const writer = conn.writable.getWriter();
const encoder = new TextEncoder();
function send(msg) {
  writer.write(encoder.encode(`${JSON.stringify(msg)}\n`)).catch(() => Deno.exit(0));
}

let workerUrl = '';
let nextWid = 1;
/** Workers started and not yet ended. The harness compares it with the process' Worker threads. */
let alive = 0;
/** wid → what to do when that Worker fails outside its prologue's reach. */
const onWorkerError = new Map();

/**
 * Starts a skill Worker and hands it one end of a MessageChannel, over which this thread alone
 * talks to it. Note: `new Worker()` blocks this thread until the new isolate is up (~15 ms when
 * idle, more on a busy machine). Helper Workers cannot take that wait: Deno delivers messages to
 * and from a Worker's own Workers up to ~0.5 s late and its terminate() does not stop them.
 */
function newWorker(urls) {
  const wid = nextWid++;
  const worker = new Worker(workerUrl, { type: 'module', name: 'skill', deno: { permissions } });
  send({ op: 'live', n: ++alive });
  const { port1, port2 } = new MessageChannel();
  // A Worker's first request costs ~10 ms of HTTP client start-up: a spare makes it to the proxy
  // before any skill arrives (the router answers that path with nothing).
  const warm = portArg && portArg !== '-' ? `http://127.0.0.1:${portArg}/__warm` : undefined;
  worker.postMessage({ preload: urls, port: port2, warm }, [port2]);
  let strays = 0;
  worker.onmessage = () => {
    // The prologue never posts here; a skill that found a way may not flood.
    if (++strays > MAX_STRAYS) onWorkerError.get(wid)?.('the skill flooded the sandbox with messages');
  };
  worker.onerror = (e) => {
    e.preventDefault();
    onWorkerError.get(wid)?.(String(e.message ?? 'the skill failed'));
  };
  return { wid, worker, port: port1, urls };
}

function endWorker(w) {
  onWorkerError.delete(w.wid);
  w.port.onmessage = null;
  w.port.close();
  // Deno's terminate() does not stop a Worker busy in JavaScript (an endless loop keeps its thread
  // spinning); the harness sees that thread outlive this count and replaces the whole process.
  w.worker.terminate();
  send({ op: 'live', n: --alive, ended: true });
}

// -----------------------------------------------------------------------------------------------
// Spare Workers, started ahead with the libraries recent jobs imported already loaded, so the next
// job finds them loaded. A spare loads the union of the last few jobs' imports: with a model that
// always uses one library that is just that library, with a mixed stream any job finds a spare.

const RECENT = 4;
/** @type {string[][]} */
const recentImports = [];
/** @type {ReturnType<typeof newWorker>[]} */
const spares = [];

const covers = (have, want) => want.every((u) => have.includes(u));

function spareUrls() {
  return [...new Set(recentImports.flat())].sort();
}

function takeSpare(urls) {
  // The spare that loaded least beyond what this job needs.
  let best = -1;
  for (let i = 0; i < spares.length; i++) {
    if (covers(spares[i].urls, urls) && (best === -1 || spares[i].urls.length < spares[best].urls.length)) best = i;
  }
  return best === -1 ? undefined : spares.splice(best, 1)[0];
}

function refill() {
  const urls = spareUrls();
  // A spare that no longer covers what recent jobs import makes room for one that does.
  for (let i = spares.length - 1; i >= 0 && spares.length >= SPARES; i--) {
    if (!covers(spares[i].urls, urls)) endWorker(spares.splice(i, 1)[0]);
  }
  if (spares.length >= SPARES) return;
  const w = newWorker(urls);
  onWorkerError.set(w.wid, () => {
    const at = spares.indexOf(w);
    if (at !== -1) spares.splice(at, 1);
    endWorker(w);
  });
  spares.push(w);
}

// -----------------------------------------------------------------------------------------------
// Jobs

const KINDS = new Set(['ok', 'schema_invalid', 'runtime_error']);
const RULES = new Set(['no_export', 'wrong_signature']);

/** Only a well-formed outcome passes; anything else from a Worker is the skill's doing. */
function checkedOutcome(o) {
  if (!o || typeof o !== 'object' || !KINDS.has(o.kind)) return { kind: 'runtime_error', message: 'malformed result from the sandbox' };
  if (o.kind === 'ok') return typeof o.value === 'string' ? { kind: 'ok', value: o.value } : { kind: 'ok' };
  const message = typeof o.message === 'string' ? o.message.slice(0, 4096) : 'unknown error';
  if (o.kind === 'schema_invalid')
    return RULES.has(o.rule) ? { kind: 'schema_invalid', rule: o.rule, message } : { kind: 'runtime_error', message };
  return { kind: 'runtime_error', message };
}

/** Jobs started and not yet finished. */
let running = 0;
/** id → how to end that job early (see 'cancel'). */
const cancels = new Map();

function startJob(job) {
  running++;
  recentImports.push(job.imports);
  if (recentImports.length > RECENT) recentImports.shift();
  const w = takeSpare(job.imports) ?? newWorker(job.imports);
  const token = crypto.randomUUID();
  // Log bytes a well-behaved prologue can send: its own cap, plus slack for batching.
  const byteBudget = job.maxOutputBytes + 64 * 1024;
  let bytes = 0;
  let strays = 0;
  let finished = false;

  const finish = (outcome) => {
    if (finished) return;
    finished = true;
    cancels.delete(job.id);
    clearTimeout(timer);
    // Whatever the skill left running (timers, fetches, pending promises) ends with its isolate.
    endWorker(w);
    send({ id: job.id, outcome });
    running--;
    // Spares pay off between jobs, not in a burst: then each job starts its own Worker with just
    // what it imports, and a spare's start (which blocks this thread) would only delay the others.
    // The result is already on its way when it starts.
    if (SPARES > 0 && running <= 1) setTimeout(refill, 0);
  };
  const timer = setTimeout(() => finish({ kind: 'timeout', message: `timed out after ${job.timeoutMs} ms` }), job.timeoutMs);
  cancels.set(job.id, (message) => finish({ kind: 'runtime_error', message: String(message).slice(0, 4096) }));
  const flooded = () => {
    if (++strays > MAX_STRAYS) finish({ kind: 'runtime_error', message: 'the skill flooded the sandbox with messages' });
  };

  w.port.onmessage = (e) => {
    if (finished) return;
    const m = e.data;
    if (!m || typeof m !== 'object' || m.token !== token) {
      // Not from the prologue: the skill got hold of the port. It forges nothing, but may not flood.
      flooded();
      return;
    }
    if (typeof m.log === 'string') {
      bytes += m.log.length;
      if (bytes > byteBudget) {
        finish({ kind: 'runtime_error', message: `output exceeded ${job.maxOutputBytes} bytes (stdout+stderr)` });
        return;
      }
      send({ id: job.id, log: m.log });
    } else if ('outcome' in m) {
      finish(checkedOutcome(m.outcome));
    }
  };
  w.port.onmessageerror = flooded;
  // An error the prologue could not catch (it reports everything it can itself).
  onWorkerError.set(w.wid, (message) => finish({ kind: 'runtime_error', message }));
  w.port.postMessage({ token, src: job.src, args: job.args, maxOutputBytes: job.maxOutputBytes, maxFetches: job.maxFetches });
}

// -----------------------------------------------------------------------------------------------
// Reading the harness' lines

function onLine(line) {
  const msg = JSON.parse(line);
  if (msg.op === 'init') {
    workerUrl = `data:application/javascript;base64,${msg.worker}`;
  } else if (msg.op === 'run') {
    startJob(msg);
  } else if (msg.op === 'cancel') {
    cancels.get(msg.id)?.(msg.message);
  }
}

const decoder = new TextDecoder();
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
let carry = '';
try {
  for await (const chunk of conn.readable) {
    carry += decoder.decode(chunk, { stream: true });
    let nl;
    while ((nl = carry.indexOf('\n')) !== -1) {
      const line = carry.slice(0, nl);
      carry = carry.slice(nl + 1);
      if (!line) continue;
      onLine(line);
      // One job per task, so what it sent (its Worker count above all) goes out before the next
      // job's Worker creation blocks this thread again.
      await nextTask();
    }
  }
} finally {
  // The harness is gone (or closed us): nothing is left to report to.
  Deno.exit(0);
}
