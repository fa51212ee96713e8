import { defineConfig } from 'vitest/config';

// Integration and component tests. Browser journeys (test/e2e) and the fault suite (test/faults)
// have their own configs.
//
// Two projects. The server's tests share each worker's loaded modules (isolate: false): every
// file builds its own app, database and data folder (test/support/app.ts), so nothing of one file
// is left for the next, and loading the whole server once per worker instead of once per file
// halves the suite's time. The client's component tests mock modules (vi.mock), which must not
// reach another file, so they keep a fresh module graph each.
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One migrated database per run, copied for each file (test/support/database-template.ts).
    globalSetup: ['test/support/database-template.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/client/**', 'test/e2e/**', 'test/faults/**', 'node_modules/**'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['test/client/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
