// The whole platform (ops/start.ts) on Temporal's time-skipping test server, for the journey that must
// see what happens weeks later (a dispute's deadline reminders, from the case workflow's durable
// timers). The journeys' shared server runs on the Temporal CLI's dev server, which cannot skip time;
// this one is started by the spec that needs it and by no other. Time stands still on this server
// until `skip` moves it: the server then fires every timer due in between, as weeks passing would.
import net from 'node:net';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { startPlatformProcess } from '../support/platform-process';
import { E2E_STRIPE_WEBHOOK_SECRET } from './e2e-env';

export interface TimeSkippingPlatform {
  baseUrl: string;
  dataDir: string;
  /** Moves the Temporal server's clock forward by `duration` (e.g. '23 days'), firing the timers due. */
  skip(duration: string): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTimeSkippingPlatform(testServer: string): Promise<TimeSkippingPlatform> {
  const temporal = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer } } });
  try {
    const platform = await startPlatformProcess({
      port: await freePort(),
      env: {
        TEMPORAL_ADDRESS: temporal.address,
        // As the shared journeys' server (playwright.config.ts): payments on, Stripe itself never called.
        STRIPE_SECRET_KEY: 'sk_test_goose_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_goose_e2e',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
    return {
      baseUrl: platform.baseUrl,
      dataDir: platform.dataDir,
      skip: (duration) => temporal.sleep(duration as Parameters<typeof temporal.sleep>[0]),
      stop: async () => {
        await platform.stop();
        await temporal.teardown();
      },
    };
  } catch (error) {
    await temporal.teardown();
    throw error;
  }
}
