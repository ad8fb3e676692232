#!/usr/bin/env node
// The `questbench` command: loads the TypeScript CLI through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/results/cli.ts');
try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`questbench: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
