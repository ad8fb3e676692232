#!/usr/bin/env node
// The `questbench` command. The installed package runs its compiled CLI; this repository's checkout
// (sources, no build) runs the TypeScript CLI through tsx.
import { existsSync } from 'node:fs';

const source = new URL('../src/results/cli.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL('../dist/src/results/cli.js', import.meta.url).href));
}
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  console.error(`questbench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
