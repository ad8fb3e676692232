// Prologue of every job Worker: trusted code that runs first in the skill's own isolate, loads the
// libraries ahead, then receives one job, runs the skill and reports to the host.
//
// The host sends the source of this file; it runs as a data: module, so the Worker needs no read
// access beyond the vendored bundles. Messages, in order:
//   host → worker  { preload: [vendor module URL...], port }   right after the Worker is created
// then on `port`, the other end of which only the host's main thread holds:
//   host → worker  { token, src, args, maxOutputBytes, maxFetches }    the job (src: the skill as a data: URL)
//   worker → host  { t: token, k: 'log', d: text } ...     console output, batched
//   worker → host  { t: token, k: 'done', p: payload }     exactly one, then the host ends us
//
// Everything the reporting path uses after the skill has loaded is captured here first, so a skill
// that patches globals or prototypes cannot break or steer it; the token lives only in this closure.

const G = globalThis;
const internal = Deno[Deno.internal];
const core = internal.core;
const ConsoleClass = internal.Console;
const portPost = Function.prototype.call.bind(MessagePort.prototype.postMessage);
let jobPort;
const post = (msg) => portPost(jobPort, msg);
const closeWorker = G.close.bind(G);
const stringify = JSON.stringify;
const uncurry = (fn) => Function.prototype.call.bind(fn);
const charCodeAt = uncurry(String.prototype.charCodeAt);
const strReplace = uncurry(String.prototype.replace);
const preventDefault = uncurry(Event.prototype.preventDefault);
const decodeBytes = uncurry(TextDecoder.prototype.decode);
const decoder = new TextDecoder();
const ErrorCtor = Error;
const isPrototypeOf = uncurry(Object.prototype.isPrototypeOf);
const setIntervalNative = G.setInterval;
const unrefTimer = Deno.unrefTimer;
const getLeaks = core.getAllLeakTraces;
const setLeakTracing = core.setLeakTracingEnabled;
const StringCtor = String;
const SKILL_URL = /data:text\/javascript;base64,[A-Za-z0-9+/=.]*/g;
const OWN_URL = /data:application\/javascript;base64,[A-Za-z0-9+/=.]*/g;

// -----------------------------------------------------------------------------------------------
// What a skill must not reach: the channels to the host, the runtime's internals, and the few
// process-wide facilities a Worker shares with its siblings (nested Workers outlive terminate(),
// BroadcastChannel crosses Workers, cwd and signal handlers belong to the whole process, caches
// persist on disk). node:worker_threads can still start a Worker; the harness sees its thread.

delete Deno[Deno.internal];
delete G.postMessage;
delete G.Worker;
delete G.caches;
const refuse = (what) =>
  function () {
    throw new Deno.errors.NotCapable(`${what} is not available in the sandbox`);
  };
G.BroadcastChannel.prototype.postMessage = refuse('BroadcastChannel');
Deno.chdir = refuse('Deno.chdir');
Deno.addSignalListener = refuse('Deno.addSignalListener');

// -----------------------------------------------------------------------------------------------
// Requests at once: thousands of fetches started together cost this isolate seconds of CPU in
// connection churn, and the proxy takes only a few at a time from one instance anyway. Past the job's
// limit a fetch waits its turn here (a slot passes straight to the next in line).

const nativeFetch = G.fetch;
const promiseThen = uncurry(Promise.prototype.then);
let maxFetches = Infinity;
let fetching = 0;
const fetchLine = [];
function releaseFetch() {
  const next = fetchLine.shift();
  if (next) next();
  else fetching--;
}
function startFetch(input, init) {
  let p;
  try {
    p = nativeFetch(input, init);
  } catch (err) {
    releaseFetch();
    throw err;
  }
  return promiseThen(
    p,
    (r) => {
      releaseFetch();
      return r;
    },
    (err) => {
      releaseFetch();
      throw err;
    },
  );
}
G.fetch = function fetch(input, init) {
  if (fetching < maxFetches) {
    fetching++;
    return startFetch(input, init);
  }
  return new Promise((resolve) => fetchLine.push(resolve)).then(() => startFetch(input, init));
};

// -----------------------------------------------------------------------------------------------
// Reporting

let token = '';
let done = false;
let maxOutputBytes = 1024 * 1024;
let outputBytes = 0;
let pending = '';
let posts = 0;
// The first few chunks go out at once (so a line printed just before an endless loop is kept);
// after that output is batched, so a flood of tiny writes cannot become a flood of messages.
const EAGER_POSTS = 64;
const BATCH_CHARS = 16 * 1024;

function flush() {
  if (pending === '' || done) return;
  const d = pending;
  pending = '';
  posts++;
  post({ t: token, k: 'log', d });
}

function report(payload) {
  if (done) return;
  flush();
  done = true;
  post({ t: token, k: 'done', p: payload });
}

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
}

function capture(text) {
  if (done) return;
  outputBytes += utf8Length(text);
  pending += text;
  if (outputBytes > maxOutputBytes) {
    report({ status: 'runtime_error', message: `output exceeded ${maxOutputBytes} bytes (stdout+stderr)` });
    return;
  }
  if (posts < EAGER_POSTS || pending.length >= BATCH_CHARS) flush();
}

const skillConsole = new ConsoleClass((msg) => capture(StringCtor(msg)));
G.console = skillConsole;
// Direct writes to the process' stdout/stderr would bypass the per-job log; route them here too.
const stdioSink = () => ({
  write: (bytes) => Promise.resolve(stdioWrite(bytes)),
  writeSync: (bytes) => stdioWrite(bytes),
  isTerminal: () => false,
  close() {},
});
function stdioWrite(bytes) {
  capture(decodeBytes(decoder, bytes, { stream: false }));
  return bytes.byteLength;
}
Object.defineProperty(Deno, 'stdout', { value: stdioSink(), configurable: true });
Object.defineProperty(Deno, 'stderr', { value: stdioSink(), configurable: true });

function cleanStack(text) {
  return strReplace(strReplace(text, SKILL_URL, 'skill.ts'), OWN_URL, 'sandbox');
}

function describeError(err) {
  try {
    if (isPrototypeOf(ErrorCtor.prototype, err)) return cleanStack(`${err.name || 'Error'}: ${err.message}`);
    return `non-Error thrown: ${typeof err === 'string' ? err : stringify(err)}`;
  } catch {
    return 'non-Error thrown (not printable)';
  }
}

function fail(err) {
  let stack;
  try {
    if (isPrototypeOf(ErrorCtor.prototype, err) && typeof err.stack === 'string') stack = cleanStack(err.stack);
  } catch {
    // a hostile getter; the message is enough
  }
  if (stack !== undefined) capture(`${stack}\n`);
  report({ status: 'runtime_error', message: describeError(err) });
}

G.addEventListener('unhandledrejection', (event) => {
  preventDefault(event);
  fail(event.reason);
});
G.addEventListener('error', (event) => {
  preventDefault(event);
  fail(event.error ?? event.message);
});

// Ending the Worker early would leave the host waiting for the timeout; report it instead.
const exited = (code) =>
  report({ status: 'runtime_error', message: `the skill exited with code ${code ?? 0} without returning a result` });
Deno.exit = (code) => {
  exited(code);
  closeWorker();
};
G.close = () => {
  exited(0);
  closeWorker();
};
// `process` is loaded on first use (it costs ~40 ms), so its exit is patched then.
const processGetter = Object.getOwnPropertyDescriptor(G, 'process')?.get;
if (processGetter) {
  Object.defineProperty(G, 'process', {
    configurable: true,
    enumerable: false,
    get() {
      const p = processGetter.call(G);
      Object.defineProperty(G, 'process', { value: p, writable: true, configurable: true, enumerable: false });
      p.exit = Deno.exit;
      p.reallyExit = Deno.exit;
      return p;
    },
  });
}

// -----------------------------------------------------------------------------------------------
// The job

function replacer(_key, value) {
  if (typeof value === 'bigint') return value.toString(10);
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

/**
 * A skill whose promise can never settle would otherwise hold its slot until the timeout. With
 * leak tracing on, the runtime lists every pending op and timer; when nothing but what was pending
 * before the skill loaded (the Worker's own message listener) has been pending for a while, nothing
 * can settle the skill's promise any more. The check's own timer is started before tracing is on.
 */
let stallBaseline;
function startStallWatch() {
  let quietTicks = 0;
  const id = setIntervalNative(() => {
    if (done || stallBaseline === undefined) return;
    let busy = false;
    for (const key of pendingKeys()) if (!stallBaseline.has(key)) busy = true;
    quietTicks = busy ? 0 : quietTicks + 1;
    if (quietTicks >= 4) {
      report({
        status: 'runtime_error',
        message: 'the skill never finished: it awaited a promise that can never settle (nothing else was pending)',
      });
    }
  }, 250);
  unrefTimer(id);
}

function pendingKeys() {
  const keys = new Set();
  for (const [, entries] of getLeaks()) for (const [key] of entries) keys.add(key);
  return keys;
}

let preloaded = Promise.resolve();

async function runJob(job) {
  token = job.token;
  maxOutputBytes = job.maxOutputBytes;
  maxFetches = job.maxFetches;
  const [providerUrl, agentAddress, deployedContracts] = job.args;
  // Libraries that fail to load here resurface, with the skill's own stack, when it imports them.
  await preloaded;
  startStallWatch();
  setLeakTracing(true);
  // The job port's receive loop re-arms a few microtasks after this message: that op is the
  // baseline, not the skill's work. (Missing it only turns a stall into a timeout.)
  let baseline = pendingKeys();
  for (let i = 0; i < 16 && baseline.size === 0; i++) {
    await null;
    baseline = pendingKeys();
  }
  let mod;
  try {
    mod = await import(job.src);
  } catch (err) {
    return fail(err);
  }
  if (!('executeSkill' in mod)) {
    return report({ status: 'schema_invalid', rule: 'no_export', message: 'the module does not export executeSkill' });
  }
  const fn = mod.executeSkill;
  if (typeof fn !== 'function') {
    const what = fn === null ? 'null' : typeof fn;
    return report({
      status: 'schema_invalid',
      rule: 'wrong_signature',
      message: `executeSkill is exported but is ${what === 'object' ? 'an' : 'a'} ${what}, not a function`,
    });
  }
  stallBaseline = baseline;
  let value;
  try {
    value = await fn(providerUrl, agentAddress, deployedContracts);
  } catch (err) {
    return fail(err);
  }
  let json;
  try {
    json = stringify(value, replacer);
  } catch (err) {
    return report({ status: 'runtime_error', message: `result is not serializable: ${describeError(err)}` });
  }
  // The serialized value counts against the output limit like the rest of what the skill emits.
  if (json !== undefined && outputBytes + utf8Length(json) > maxOutputBytes) {
    return report({ status: 'runtime_error', message: `output exceeded ${maxOutputBytes} bytes (stdout+stderr)` });
  }
  // json is undefined when the result itself is undefined: the value is then absent.
  report({ status: 'ok', value: json });
}

G.onmessage = (event) => {
  G.onmessage = null;
  const { preload, port, warm } = event.data;
  jobPort = port;
  port.onmessage = (e) => {
    port.onmessage = null;
    runJob(e.data).catch((err) => fail(err));
  };
  const warmed = warm
    ? fetch(warm, { method: 'POST', body: '[]' }).then(
        (r) => r.arrayBuffer(),
        () => {},
      )
    : undefined;
  preloaded = Promise.all([...preload.map((url) => import(url)), warmed]).then(
    () => {},
    () => {},
  );
};
