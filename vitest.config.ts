import './src/polyfills.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          setupFiles: ['src/polyfills.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
