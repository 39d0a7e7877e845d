import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; cross-cutting integration tests live in tests/integration.
// Browser journeys run under Playwright (tests/e2e), not here.
export default defineConfig({
  test: {
    include: ['{domain,workflows,projections,api,infra,ops,tests/integration,tests/corpus}/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
  },
});
