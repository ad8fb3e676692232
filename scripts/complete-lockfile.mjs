// Adds lockfile entries for optional platform packages (anvil, deno, ...) that the registry in use
// could not resolve, so `npm ci` accepts the lock on any machine. npm installs only the entry matching
// the host's os/cpu, so the other entries are never fetched here. Run after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = { darwin: 'darwin', linux: 'linux', win32: 'win32', windows: 'win32' };
const CPU = { amd64: 'x64', x64: 'x64', arm64: 'arm64', aarch64: 'arm64' };
const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];
for (const meta of Object.values(lock.packages)) {
  for (const [dep, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key]) continue;
    const short = dep.split('/').at(-1);
    const parts = short.replace(/-(glibc|musl)$/, '').split('-');
    const entry = { version: range.replace(/^[\^~=]/, ''), optional: true };
    const cpu = parts.map((p) => CPU[p]).find(Boolean);
    const os = parts.map((p) => OS[p]).find(Boolean);
    if (cpu) entry.cpu = [cpu];
    if (os) entry.os = [os];
    if (short.endsWith('-glibc')) entry.libc = ['glibc'];
    if (short.endsWith('-musl')) entry.libc = ['musl'];
    lock.packages[key] = entry;
    added.push(dep);
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.join(', ')}` : 'lockfile already complete');
