// A long-lived Deno process that runs each skill in a fresh Web Worker (its own V8 isolate, ended
// right after its job) and reports to the harness over a unix socket that no Worker may open.
//   argv: <socket path> <shared|solo> <proxy port or -> <vendor dir> <spare count>
//
// Socket protocol, one JSON object per line:
//   harness → host  { op: 'init', worker: <base64 of deno-worker.mjs> }   first
//   harness → host  { op: 'run', id, src, args, imports, timeoutMs, maxOutputBytes }
//   host → harness  { id, log: text }            a job's console output, in order
//   host → harness  { id, done: payload }        its outcome, exactly once
//   host → harness  { op: 'live', n, ended? }    Workers started and not yet ended, on each change
// A Worker can write to this process' stdout/stderr and read its stdin, so none of them carries the
// protocol: stdin is /dev/null, stdout is discarded, stderr only feeds crash diagnostics.

const [sockPath, mode, portArg, vendorDir, sparesArg] = Deno.args;
const SOLO = mode === 'solo';
const SPARES = SOLO ? 0 : Number(sparesArg);
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
  worker.postMessage({ preload: urls, port: port2 }, [port2]);
  let strays = 0;
  worker.onmessage = () => {
    // The prologue never posts here; a skill that found a way may not flood.
    if (++strays > MAX_STRAYS) onWorkerError.get(wid)?.('the skill flooded the sandbox with messages');
  };
  worker.onerror = (e) => {
    e.preventDefault();
    onWorkerError.get(wid)?.(String(e.message ?? 'the skill failed'));
  };
  return { wid, worker, port: port1, urls, key: urls.join('\n') };
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
// Spare Workers, created ahead with the libraries the last job of their kind imported, so the next
// such job starts with them loaded. Keyed by the sorted list of vendor URLs.

/** @type {ReturnType<typeof newWorker>[]} */
const spares = [];

function addSpare(urls) {
  const w = newWorker(urls);
  onWorkerError.set(w.wid, () => {
    const at = spares.indexOf(w);
    if (at !== -1) spares.splice(at, 1);
    endWorker(w);
  });
  spares.push(w);
}

function takeSpare(urls, key) {
  let best = -1;
  for (let i = 0; i < spares.length; i++) {
    const s = spares[i];
    if (s.key === key) {
      best = i;
      break;
    }
    // A spare with more libraries loaded than needed is as good, only its extra work was spent.
    if (best === -1 && urls.every((u) => s.urls.includes(u))) best = i;
  }
  if (best === -1) return undefined;
  return spares.splice(best, 1)[0];
}

function refill(urls, key) {
  if (SPARES === 0) return;
  if (spares.length >= SPARES) {
    // Make room for the kind just used; the oldest spare of another kind goes.
    const other = spares.findIndex((s) => s.key !== key);
    if (other === -1) return;
    endWorker(spares.splice(other, 1)[0]);
  }
  addSpare(urls);
}

// -----------------------------------------------------------------------------------------------
// Jobs

const STATUSES = new Set(['ok', 'schema_invalid', 'runtime_error']);
const RULES = new Set(['no_export', 'wrong_signature']);

/** Only a well-formed payload passes; anything else from a Worker is the skill's doing. */
function checkedPayload(p) {
  if (!p || typeof p !== 'object' || !STATUSES.has(p.status)) return { status: 'runtime_error', message: 'malformed result from the sandbox' };
  if (p.status === 'ok') return typeof p.value === 'string' ? { status: 'ok', value: p.value } : { status: 'ok' };
  const message = typeof p.message === 'string' ? p.message.slice(0, 4096) : 'unknown error';
  if (p.status === 'schema_invalid') return RULES.has(p.rule) ? { status: 'schema_invalid', rule: p.rule, message } : { status: 'runtime_error', message };
  return { status: 'runtime_error', message };
}

function startJob(job) {
  const key = job.imports.join('\n');
  const w = takeSpare(job.imports, key) ?? newWorker(job.imports);
  const token = crypto.randomUUID();
  // Log bytes a well-behaved prologue can send: its own cap, plus slack for batching.
  const byteBudget = job.maxOutputBytes + 64 * 1024;
  let bytes = 0;
  let strays = 0;
  let finished = false;

  const finish = (payload) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    // Whatever the skill left running (timers, fetches, pending promises) ends with its isolate.
    endWorker(w);
    send({ id: job.id, done: payload });
    // Creating the replacement blocks this thread for a while; the result is already on its way.
    setTimeout(() => refill(job.imports, key), 0);
  };
  const timer = setTimeout(() => finish({ status: 'timeout', message: `timed out after ${job.timeoutMs} ms` }), job.timeoutMs);
  const flooded = () => {
    if (++strays > MAX_STRAYS) finish({ status: 'runtime_error', message: 'the skill flooded the sandbox with messages' });
  };

  w.port.onmessage = (e) => {
    if (finished) return;
    const m = e.data;
    if (!m || typeof m !== 'object' || m.t !== token) {
      // Not from the prologue: the skill got hold of the port. It forges nothing, but may not flood.
      flooded();
      return;
    }
    if (m.k === 'log' && typeof m.d === 'string') {
      bytes += m.d.length;
      if (bytes > byteBudget) {
        finish({ status: 'runtime_error', message: `output exceeded ${job.maxOutputBytes} bytes (stdout+stderr)` });
        return;
      }
      send({ id: job.id, log: m.d });
    } else if (m.k === 'done') {
      finish(checkedPayload(m.p));
    }
  };
  w.port.onmessageerror = flooded;
  // An error the prologue could not catch (it reports everything it can itself).
  onWorkerError.set(w.wid, (message) => finish({ status: 'runtime_error', message }));
  w.port.postMessage({ token, src: job.src, args: job.args, maxOutputBytes: job.maxOutputBytes });
}

// -----------------------------------------------------------------------------------------------
// Reading the harness' lines

function onLine(line) {
  const msg = JSON.parse(line);
  if (msg.op === 'init') {
    workerUrl = `data:application/javascript;base64,${msg.worker}`;
    send({ op: 'ready' });
  } else if (msg.op === 'run') {
    startJob(msg);
  }
}

const decoder = new TextDecoder();
let carry = '';
try {
  for await (const chunk of conn.readable) {
    carry += decoder.decode(chunk, { stream: true });
    let nl;
    while ((nl = carry.indexOf('\n')) !== -1) {
      const line = carry.slice(0, nl);
      carry = carry.slice(nl + 1);
      if (line) onLine(line);
    }
  }
} finally {
  // The harness is gone (or closed us): nothing is left to report to.
  Deno.exit(0);
}
