// Browser journeys against the whole platform: `node --import tsx ops/start.ts` serves the built web app
// (web/dist) and the API on one port with a fresh data directory. Uses Debian's Chromium; never
// downloads a browser. E2E_BASE_URL points the journeys at an already running app instead.
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e-env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// E2E_PORT lets two checkouts run their journeys on one machine at once.
const PORT = Number(process.env.E2E_PORT ?? 3199);
// Debian's headless shell (package chromium-headless-shell) is Chromium without the windowing and
// GPU process of the full browser: the journeys cost it about half the CPU per page load. The full
// browser stays the fallback, and is the one to use for --headed runs (E2E_CHROMIUM=/usr/bin/chromium).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${PORT}`;

// Created once: workers load this file again but inherit the variable.
process.env.GOOSE_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'goose-e2e-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repoRoot, 'test-results'),
  fullyParallel: false,
  workers: 1,
  // On CI a failed journey runs once more, from a fresh browser and a new user, and Playwright
  // reports it as flaky: a journey waits on the whole platform beside the other lanes on two cores.
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    // A failed journey keeps its trace: each action's DOM snapshot and the sources. Not the screencast
    // (screenshots: true), which had Chromium encode frames all through every passing journey too:
    // about a third of the browser's CPU. The failure screenshot below shows the final screen.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The phone project runs only the phone journeys (phone-*.spec.ts), which the desktop one skips:
  // each journey runs once, at the size it is written for.
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: '**/phone-*.spec.ts' },
    {
      name: 'phone',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: '**/phone-*.spec.ts',
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'node --import tsx ops/start.ts',
        cwd: repoRoot,
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.GOOSE_E2E_DATA_DIR,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          // Payments on, so a journey can deliver a signed payment webhook; the journeys never call
          // Stripe itself (the API base points at a closed local port, so nothing leaves the machine).
          STRIPE_SECRET_KEY: 'sk_test_goose_e2e',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_goose_e2e',
          STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: 'http://127.0.0.1:9',
        },
        url: `http://127.0.0.1:${PORT}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
