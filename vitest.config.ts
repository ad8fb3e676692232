import './src/polyfills.ts';
import { defineConfig } from 'vitest/config';
import { questbench } from './src/plugin/index.ts';
import QuestbenchReporter from './reporters/questbench.ts';

export default defineConfig({
  test: {
    reporters: [new QuestbenchReporter(), 'default'],
    projects: [
      { plugins: [questbench()], test: { name: 'atomic', include: ['tasks/atomic/**/*.json'] } },
      { plugins: [questbench()], test: { name: 'composite', include: ['tasks/composite/**/*.json'] } },
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
    ],
  },
});
