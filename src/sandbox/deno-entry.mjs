// Runs inside Deno. Loads one skill module, calls its executeSkill and reports the outcome as a
// single marker line on stdout, then exits at once.
//   argv: <skill module file URL> <JSON [providerUrl, agentAddress, deployedContracts]>
//   argv: --warm <module URL>...   (only imports the modules, to fill V8's code cache)
//   argv: --standby <module URL>... (see below)

// Set from stdin before any skill code loads (see the bottom of this file).
let MARKER = '';
const encoder = new TextEncoder();
// Captured before the skill loads, so a skill that patches these globals cannot break reporting.
const stdout = Deno.stdout;
const writeSync = Deno.stdout.writeSync;
const exit = Deno.exit;
const stringify = JSON.stringify;
let reported = false;

function report(payload, rawValueJson) {
  if (reported) return;
  reported = true;
  let body = stringify(payload);
  // The value is spliced in as raw JSON so it is not escaped into a string a second time.
  if (rawValueJson !== undefined) body = `${body.slice(0, -1)},"value":${rawValueJson}}`;
  const bytes = encoder.encode(`${MARKER}${body}\n`);
  // writeSync may write partially on a full pipe; loop until everything is out.
  for (let off = 0; off < bytes.length; ) off += writeSync.call(stdout, bytes.subarray(off));
  // Exit now: keep-alive sockets and timers (ethers polls) would otherwise hold the process open.
  exit(0);
}

function describeError(err) {
  try {
    if (err instanceof Error) return `${err.name || 'Error'}: ${err.message}`;
    return `non-Error thrown: ${typeof err === 'string' ? err : stringify(err)}`;
  } catch {
    return 'non-Error thrown (not printable)';
  }
}

function fail(err) {
  let stack;
  try {
    if (err instanceof Error && typeof err.stack === 'string') stack = err.stack;
  } catch {
    // a hostile getter; the message is enough
  }
  report({ status: 'runtime_error', message: describeError(err), stack });
}

globalThis.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  fail(event.reason);
});
globalThis.addEventListener('error', (event) => {
  event.preventDefault();
  fail(event.error ?? event.message);
});

function replacer(_key, value) {
  if (typeof value === 'bigint') return value.toString(10);
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  return value;
}

async function runSkill(specifier, argsJson) {
  const [providerUrl, agentAddress, deployedContracts] = JSON.parse(argsJson);
  let mod;
  try {
    mod = await import(specifier);
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
  // json is undefined when the result itself is undefined: the value key is then absent.
  report({ status: 'ok' }, json);
}

//   argv: --standby <vendor module URL>...   (a pre-started process: loads the libraries, then waits
//         on stdin for "<token>\n<job JSON>" with the skill's module URL and its arguments)
const [first, ...rest] = Deno.args;
if (first === '--standby') {
  // Load the libraries while nobody waits; a failure here resurfaces when the skill imports them.
  for (const url of rest) await import(url).catch(() => {});
}
// The run's token (and, for a standby, the job) arrive on stdin, read to EOF before the skill loads:
// the skill can neither read the token nor print a result line the harness would accept.
const [token = '', job = ''] = (await new Response(Deno.stdin.readable).text()).split('\n');
MARKER = `\u0000QUEST_RESULT:${token.trim()}\u0000`;
if (first === '--warm') {
  for (const url of rest) await import(url);
  report({ status: 'ok' });
} else if (first === '--standby') {
  const { specifier, args } = JSON.parse(job);
  await runSkill(specifier, JSON.stringify(args));
} else {
  await runSkill(first, rest[0]);
}
