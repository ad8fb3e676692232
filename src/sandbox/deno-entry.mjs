// Runs inside Deno. Loads one skill module, calls its executeSkill and reports the result as a
// single marker line on stdout. argv: <skill module file URL> <JSON [providerUrl, agentAddress, deployedContracts]>
// A bare argv of "--warm <module URL>..." only imports the given modules (fills the V8 code cache).

const MARKER = '\u0000QUEST_RESULT\u0000';
const encoder = new TextEncoder();
let reported = false;

function report(payload, rawValueJson) {
  if (reported) return;
  reported = true;
  let body = JSON.stringify(payload);
  // The value is spliced in as raw JSON so it is not escaped into a string a second time.
  if (rawValueJson !== undefined) body = `${body.slice(0, -1)},"value":${rawValueJson}}`;
  const bytes = encoder.encode(`${MARKER}${body}\n`);
  // writeSync may write partially on a full pipe; loop until everything is out.
  for (let off = 0; off < bytes.length; ) off += Deno.stdout.writeSync(bytes.subarray(off));
  // Exit now: open keep-alive sockets and pending timers (ethers polls) would otherwise delay exit.
  Deno.exit(0);
}

function describeError(err) {
  if (err instanceof Error) {
    const name = err.name && err.name !== 'Error' ? err.name : 'Error';
    return `${name}: ${err.message}`;
  }
  try {
    return `non-Error thrown: ${typeof err === 'string' ? err : JSON.stringify(err)}`;
  } catch {
    return `non-Error thrown: ${String(err)}`;
  }
}

function fail(err) {
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : undefined;
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

const [first, ...rest] = Deno.args;

if (first === '--warm') {
  for (const url of rest) await import(url);
  report({ status: 'ok' });
} else {
  let mod;
  try {
    mod = await import(first);
  } catch (err) {
    fail(err);
  }
  if (!reported) {
    if (!('executeSkill' in mod)) {
      report({ status: 'schema_invalid', rule: 'no_export', message: 'the module does not export executeSkill' });
    } else if (typeof mod.executeSkill !== 'function') {
      report({
        status: 'schema_invalid',
        rule: 'wrong_signature',
        message: `executeSkill is exported but is a ${mod.executeSkill === null ? 'null' : typeof mod.executeSkill}, not a function`,
      });
    } else {
      const [providerUrl, agentAddress, deployedContracts] = JSON.parse(rest[0]);
      let value;
      try {
        value = await mod.executeSkill(providerUrl, agentAddress, deployedContracts);
      } catch (err) {
        fail(err);
      }
      if (!reported) {
        let json;
        try {
          json = JSON.stringify(value, replacer);
        } catch (err) {
          report({ status: 'runtime_error', message: `result is not serializable: ${describeError(err)}` });
        }
        if (!reported) {
          // json is undefined when the result itself is undefined (or a function): the value key is then absent.
          report({ status: 'ok' }, json);
        }
      }
    }
  }
}
