import './src/polyfills.ts';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { questbench } from './src/plugin/index.ts';
import QuestbenchReporter from './reporters/questbench.ts';
import { sourceAliases } from './src/source-aliases.ts';

// The harness's own tests import task validators, which name the package ('evm-questbench/validators'):
// here that resolves to the sources (the benchmark projects get the same from the plugin).
const resolve = { alias: sourceAliases() };

const benchmark: TestProjectConfiguration[] = [
  { plugins: [questbench()], test: { name: 'atomic', include: ['tasks/atomic/**/*.json'] } },
  { plugins: [questbench()], test: { name: 'composite', include: ['tasks/composite/**/*.json'] } },
  { plugins: [questbench()], test: { name: 'hard', include: ['tasks/hard/**/*.json'] } },
];

const harness: TestProjectConfiguration[] = [
  // Pure logic (schemas, instantiation, checks, statistics, protocol parsing, configuration): seconds.
  { resolve, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], setupFiles: ['src/polyfills.ts'] } },
  {
    // Everything that starts anvil, the Deno sandbox or Vitest itself: minutes.
    resolve,
    test: {
      name: 'integration',
      include: ['test/**/*.test.ts'],
      exclude: ['test/unit/**', 'test/browser/**'],
      setupFiles: ['src/polyfills.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  {
    // Needs Chromium (Debian package "chromium"); `npm run test:browser`, run by .ci/run after installing it.
    resolve,
    test: { name: 'browser', include: ['test/browser/**/*.test.ts'], setupFiles: ['src/polyfills.ts'], testTimeout: 120_000 },
  },
];

// `npx vitest run` is a benchmark run (atomic + composite); the harness's own tests join only when a
// project is named (`npm test` = --project unit), so a model evaluation never runs them by accident.
const named = process.argv.some((a) => a === '--project' || a.startsWith('--project='));

export default defineConfig({
  test: {
    reporters: [new QuestbenchReporter(), 'default'],
    projects: named ? [...benchmark, ...harness] : benchmark,
  },
});
