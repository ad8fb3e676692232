import './src/polyfills.ts';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
import { questbench } from './src/plugin/index.ts';
import QuestbenchReporter from './reporters/questbench.ts';

const benchmark: TestProjectConfiguration[] = [
  { plugins: [questbench()], test: { name: 'atomic', include: ['tasks/atomic/**/*.json'] } },
  { plugins: [questbench()], test: { name: 'composite', include: ['tasks/composite/**/*.json'] } },
];

const harness: TestProjectConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['test/**/*.test.ts'],
      exclude: ['test/browser/**'],
      setupFiles: ['src/polyfills.ts'],
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  },
  {
    // Needs Chromium (Debian package "chromium"); `npm run test:browser`, run by .ci/run after installing it.
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
