import { defineConfig } from 'vitest/config';

// The fault and load suite (test/faults): real server processes, real databases, bounded in time,
// traffic only to this machine. One file at a time. `npm test` runs the load-heavy files alone and
// the rest beside the browser journeys (scripts/test.mjs, FAULTS_ALONE).
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['test/faults/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    passWithNoTests: true,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
