// Part of the Worker prologue (deno-worker.mjs): reporting to the host. The skill's console and
// direct stdout/stderr writes become log messages (batched, within the output limit), and how the job
// ended becomes its one outcome message. Errors nobody caught, and the skill ending its own Worker,
// are reported too. Messages on the job port, which only the host's main thread holds the other end of:
//   worker → host  { token, log: text } ...      console output, batched
//   worker → host  { token, outcome }            exactly one (src/sandbox/outcome.ts), then the host ends us
import {
  charCodeAt,
  closeWorker,
  ConsoleClass,
  decodeBytes,
  ErrorCtor,
  G,
  isPrototypeOf,
  portPost,
  preventDefault,
  stringify,
  StringCtor,
  strReplace,
} from './deno-worker-lockdown.mjs';

const decoder = new TextDecoder();
const SKILL_URL = /data:text\/javascript;base64,[A-Za-z0-9+/=.]*/g;
const OWN_URL = /data:application\/javascript;base64,[A-Za-z0-9+/=.]*/g;

let jobPort;
// The token lives only in this module's closure.
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

/** The port to the host, known before the job arrives. */
export function attachPort(port) {
  jobPort = port;
}

/** The job's token and output limit. */
export function startReporting(jobToken, limit) {
  token = jobToken;
  maxOutputBytes = limit;
}

/** True once the outcome is reported. */
export const reported = () => done;

function flush() {
  if (pending === '' || done) return;
  const d = pending;
  pending = '';
  posts++;
  portPost(jobPort, { token, log: d });
}

/** Reports how the job ended; only the first call counts. */
export function report(outcome) {
  if (done) return;
  flush();
  done = true;
  portPost(jobPort, { token, outcome });
}

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt(s, i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return n;
}

const outputExceeded = () => report({ kind: 'runtime_error', message: `output exceeded ${maxOutputBytes} bytes (stdout+stderr)` });

function capture(text) {
  if (done) return;
  outputBytes += utf8Length(text);
  pending += text;
  if (outputBytes > maxOutputBytes) {
    outputExceeded();
    return;
  }
  if (posts < EAGER_POSTS || pending.length >= BATCH_CHARS) flush();
}

/**
 * Reports the skill's result, as JSON text (undefined when the result itself is undefined: the value is
 * then absent). It counts against the output limit like the rest of what the skill emits.
 */
export function reportValue(json) {
  if (json !== undefined && outputBytes + utf8Length(json) > maxOutputBytes) return outputExceeded();
  report({ kind: 'ok', value: json });
}

G.console = new ConsoleClass((msg) => capture(StringCtor(msg)));
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

export function describeError(err) {
  try {
    if (isPrototypeOf(ErrorCtor.prototype, err)) return cleanStack(`${err.name || 'Error'}: ${err.message}`);
    return `non-Error thrown: ${typeof err === 'string' ? err : stringify(err)}`;
  } catch {
    return 'non-Error thrown (not printable)';
  }
}

/** Reports what the skill threw, its stack in the log. */
export function fail(err) {
  let stack;
  try {
    if (isPrototypeOf(ErrorCtor.prototype, err) && typeof err.stack === 'string') stack = cleanStack(err.stack);
  } catch {
    // a hostile getter; the message is enough
  }
  if (stack !== undefined) capture(`${stack}\n`);
  report({ kind: 'runtime_error', message: describeError(err) });
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
const exited = (code) => report({ kind: 'runtime_error', message: `the skill exited with code ${code ?? 0} without returning a result` });
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
