// First part of the Worker prologue (deno-worker.mjs): runs before anything else in the skill's
// isolate. It captures everything the reporting path uses after the skill has loaded, so a skill that
// patches globals or prototypes cannot break or steer it, then removes what a skill must not reach.

export const G = globalThis;
const internal = Deno[Deno.internal];
const core = internal.core;
export const ConsoleClass = internal.Console;
const portPostMessage = Function.prototype.call.bind(MessagePort.prototype.postMessage);
export const closeWorker = G.close.bind(G);
export const stringify = JSON.stringify;
export const uncurry = (fn) => Function.prototype.call.bind(fn);
export const charCodeAt = uncurry(String.prototype.charCodeAt);
export const strReplace = uncurry(String.prototype.replace);
export const preventDefault = uncurry(Event.prototype.preventDefault);
export const decodeBytes = uncurry(TextDecoder.prototype.decode);
export const ErrorCtor = Error;
export const isPrototypeOf = uncurry(Object.prototype.isPrototypeOf);
export const setIntervalNative = G.setInterval;
export const unrefTimer = Deno.unrefTimer;
export const getLeaks = core.getAllLeakTraces;
export const setLeakTracing = core.setLeakTracingEnabled;
export const StringCtor = String;
export const portPost = (port, msg) => portPostMessage(port, msg);

// -----------------------------------------------------------------------------------------------
// What a skill must not reach: the channels to the host, the runtime's internals, and the few
// process-wide facilities a Worker shares with its siblings (nested Workers outlive terminate(),
// BroadcastChannel crosses Workers, cwd and signal handlers belong to the whole process, caches
// persist on disk). node:worker_threads can still start a Worker; the harness sees its thread.

delete Deno[Deno.internal];
delete G.postMessage;
delete G.Worker;
delete G.caches;
const refuse = (what) => () => {
  throw new Deno.errors.NotCapable(`${what} is not available in the sandbox`);
};
G.BroadcastChannel.prototype.postMessage = refuse('BroadcastChannel');
Deno.chdir = refuse('Deno.chdir');
Deno.addSignalListener = refuse('Deno.addSignalListener');
