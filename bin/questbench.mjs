#!/usr/bin/env node
// The `questbench` command. The installed package runs its compiled CLI; this repository's checkout
// (sources, no build) runs the TypeScript CLI through tsx.
import { existsSync } from 'node:fs';

// `questbench types` writes a project's task parameter types; every other command is the results CLI.
const entry = process.argv[2] === 'types' ? 'tasks/params-types' : 'results/cli';
const args = process.argv.slice(entry === 'results/cli' ? 2 : 3);
const source = new URL(`../src/${entry}.ts`, import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL(`../dist/src/${entry}.js`, import.meta.url).href));
}
try {
  process.exitCode = await main(args);
} catch (e) {
  // A QuestError (an error the user can fix) says what to do after what is wrong.
  const text = e instanceof Error ? (typeof e.explain === 'function' ? e.explain() : e.message) : String(e);
  console.error(`questbench: ${text}`);
  process.exitCode = 1;
}
