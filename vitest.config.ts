import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; cross-cutting integration tests live in tests/integration.
// Browser journeys run under Playwright (tests/e2e), not here.
export default defineConfig({
  test: {
    include: ['{domain,workflows,projections,api,infra,ops,tests/integration,tests/corpus}/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time: many suites mostly wait (Temporal timers, killed workers, servers starting),
    // and each suite has its own database, data folder and ports.
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
  },
});
