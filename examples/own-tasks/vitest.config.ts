import { defineConfig } from 'vitest/config';
import { questbench } from 'evm-questbench';

// Every tasks/atomic/**/*.json and tasks/composite/**/*.json of this project becomes a test.
// questbench({ tasks: 'all' }) adds the package's 107 built-in tasks; QUEST_TASKS=builtin runs only those.
export default defineConfig({
  plugins: [questbench()],
});
