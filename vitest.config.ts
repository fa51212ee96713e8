import { defineConfig } from 'vitest/config';

// Integration and component tests. Browser journeys (test/e2e) have their own config.
export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: [],
  },
});
