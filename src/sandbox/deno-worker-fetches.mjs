// Part of the Worker prologue (deno-worker.mjs): requests at once. Thousands of fetches started
// together cost this isolate seconds of CPU in connection churn, and the proxy takes only a few at a
// time from one instance anyway. Past the job's limit a fetch waits its turn here (a slot passes
// straight to the next in line).
import { G, uncurry } from './deno-worker-lockdown.mjs';

const nativeFetch = G.fetch;
const promiseThen = uncurry(Promise.prototype.then);
let maxFetches = Infinity;
let fetching = 0;
const fetchLine = [];

/** The job's limit on fetches open at once. */
export function limitFetches(n) {
  maxFetches = n;
}

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
