import { defineConfig } from 'vitest/config';

// Integration and component tests. Browser journeys (test/e2e) and the fault suite (test/faults)
// have their own configs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'test/faults/**', 'node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: [],
    // One migrated database per run, copied for each file (test/support/database-template.ts).
    globalSetup: ['test/support/database-template.ts'],
  },
});
