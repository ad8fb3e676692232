// Prologue of every job Worker: trusted code that runs first in the skill's own isolate, loads the
// libraries ahead, then receives one job, runs the skill and reports to the host.
//
// The host sends the source of this file bundled with its parts (src/sandbox/worker-source.ts); it
// runs as a data: module, so the Worker needs no read access beyond the vendored bundles. The parts
// run first, in this order: deno-worker-lockdown.mjs (captures what reporting needs, removes what a
// skill must not reach), deno-worker-fetches.mjs (fetches at once), deno-worker-report.mjs (logs and
// the outcome). Messages, in order:
//   host → worker  { preload: [vendor module URL...], port, warm? }   right after the Worker is created
// then on `port`, the other end of which only the host's main thread holds:
//   host → worker  { token, src, args, maxOutputBytes, maxFetches }    the job (src: the skill as a data: URL)
//   worker → host  { token, log } ... and one { token, outcome }       (deno-worker-report.mjs)
import { G, getLeaks, setIntervalNative, setLeakTracing, stringify, unrefTimer } from './deno-worker-lockdown.mjs';
import { limitFetches } from './deno-worker-fetches.mjs';
import { attachPort, describeError, fail, report, reported, reportValue, startReporting } from './deno-worker-report.mjs';

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
    if (reported() || stallBaseline === undefined) return;
    let busy = false;
    for (const key of pendingKeys()) if (!stallBaseline.has(key)) busy = true;
    quietTicks = busy ? 0 : quietTicks + 1;
    if (quietTicks >= 4) {
      report({
        kind: 'runtime_error',
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
  startReporting(job.token, job.maxOutputBytes);
  limitFetches(job.maxFetches);
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
    return report({ kind: 'schema_invalid', rule: 'no_export', message: 'the module does not export executeSkill' });
  }
  const fn = mod.executeSkill;
  if (typeof fn !== 'function') {
    const what = fn === null ? 'null' : typeof fn;
    return report({
      kind: 'schema_invalid',
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
    return report({ kind: 'runtime_error', message: `result is not serializable: ${describeError(err)}` });
  }
  reportValue(json);
}

G.onmessage = (event) => {
  G.onmessage = null;
  const { preload, port, warm } = event.data;
  attachPort(port);
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
