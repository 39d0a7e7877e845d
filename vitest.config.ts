import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/support/slow-first-sequencer';

// Unit tests sit beside the code; cross-cutting integration tests live in tests/integration.
// Browser journeys run under Playwright (tests/e2e), not here.
//
// Six projects, by what a suite's files share safely:
// - "pure": suites that touch no database, server, process or file of their own (the domain's
//   deciders and contracts, the web's screens rendered to markup) share threads and their module
//   cache (no isolation), which saves most of their import time.
// - "api": the route suites each build the whole app (importing it costs seconds per file), on their
//   own in-memory database and data folder; they share one module cache per worker process, and
//   restore what process state they change (OPS_TOKEN).
// - "services": the infrastructure's and projections' suites (audio, storage, ledgers, read models,
//   real Postgres, the operator CLIs): each on its own database and folders, none changing process
//   state, so they share one module cache per worker process like the route suites.
// - "integration": the workflows on Temporal, the killed-worker fault tests and the corpus. They share
//   one module cache per worker process too (importing the Temporal SDK and the platform once per
//   process, not per file, saved about a third of their CPU): every suite installs the Temporal
//   runtime the same way (installTemporalRuntime, whose later calls are no-ops), and each has its own
//   database, Temporal server, task queue and folders. The global setup bundles the workflows once for
//   them all (WORKFLOW_BUNDLE_PATH).
// - "process-state": suites that change process state (a CLI suite that sets the environment), each
//   from a fresh process.
const pure = ['domain/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'content/**/*.test.ts'];
/** Pure suites that replace a module with vi.mock: in a shared module cache the real one may already be loaded. */
const pureWithModuleMocks = ['web/src/features/payments/components/payment-checkout.test.tsx'];
const api = ['api/**/*.test.ts'];
/** Suites that change process state (the environment), so they run in a fresh process. */
const changesProcessState = ['ops/cli/track-ops.test.ts', 'infra/toolchain/toolchain.test.ts'];
const services = ['{projections,infra,ops}/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at a time across the projects: many suites mostly wait (Temporal timers, killed
    // workers, servers starting), and each suite has its own database, data folder and ports.
    fileParallelism: true,
    maxWorkers: 2,
    reporters: ['default', './tests/support/plain-summary-reporter.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'pure', include: pure, exclude: pureWithModuleMocks, pool: 'threads', isolate: false } },
      { extends: true, test: { name: 'pure-mocked', include: pureWithModuleMocks, pool: 'threads' } },
      { extends: true, test: { name: 'api', include: api, pool: 'forks', isolate: false } },
      { extends: true, test: { name: 'services', include: services, exclude: changesProcessState, pool: 'forks', isolate: false } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{workflows,tests/integration,tests/corpus}/**/*.test.ts'],
          pool: 'forks',
          isolate: false,
          // On CI a failed test here runs once more: the suites wait on Temporal servers and killed workers, and
          // a two-core machine under the other lanes' load has made one miss a deadline now and then. The
          // reporter names any test that needed it.
          retry: process.env.CI ? 1 : 0,
          // The workflows bundled once for the run, not by every suite and worker process.
          globalSetup: ['./tests/support/workflow-bundle.global-setup.ts'],
        },
      },
      // Each in a fresh process of its own (Vitest's default isolation); the replays load the bundle too.
      { extends: true, test: { name: 'process-state', include: changesProcessState, pool: 'forks', globalSetup: ['./tests/support/workflow-bundle.global-setup.ts'] } },
    ],
  },
});
