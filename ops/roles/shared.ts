// What every role opens the same way: the configuration, the database (migrated: whichever role
// starts first migrates, the others find it done), the Temporal client, the token ledger, and the
// ordered list of steps that stop the process. A split role reaches shared servers only
// (DATABASE_URL, TEMPORAL_ADDRESS); `all` may start the embedded ones.
import { Client, Connection } from '@temporalio/client';
import type { Config } from '../../infra/config';
import { sessionMigrations } from '../../infra/auth/session-store';
import { pendingEmailMigrations } from '../../infra/account/pending-emails';
import { apiUsageMigrations } from '../../infra/developer/usage-store';
import { failureWindowMigrations } from '../../infra/throttle/failure-windows';
import { signInNonceMigrations } from '../../infra/auth/sign-in-nonces';
import { logger } from '../../infra/logger/logger';
import { lifecycleMigrations, openLifecycleServices, openPlatform, type LifecycleServices, type Platform } from '../../infra/platform';
import { resolveTemporal, type ResolvedTemporal } from '../../infra/temporal/dev-server';
import { openStorage } from '../../infra/storage/open-storage';
import type { ContentStorage } from '../../infra/storage/storage';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { openWalletServices, type WalletServices } from '../../infra/wallets/services';
import { openLicenseEscrow } from '../../infra/licensing/xrpl-license-escrow';
import { readModelChangeMigrations } from '../../projections/read-model-feed';
import type { Role } from './role';

/** Every migration a role may need; each is applied once per database, whichever role starts first. */
export const PLATFORM_MIGRATIONS = [...sessionMigrations, ...pendingEmailMigrations, ...signInNonceMigrations, ...lifecycleMigrations, ...apiUsageMigrations, ...failureWindowMigrations, ...readModelChangeMigrations];

const DEFAULT_STOP_TIMEOUT_MS = 10_000;

interface StopStep {
  name: string;
  stop: () => Promise<unknown>;
  timeoutMs: number;
}

/** The steps that stop a process, run in the reverse of the order they were added (the last opened stops first). */
export class Stops {
  private readonly steps: StopStep[] = [];

  add(name: string, stop: () => Promise<unknown>, timeoutMs = DEFAULT_STOP_TIMEOUT_MS): void {
    this.steps.push({ name, stop, timeoutMs });
  }

  async run(): Promise<void> {
    for (const { name, stop, timeoutMs } of this.steps.splice(0).reverse()) {
      // A part whose outside service went away (a ledger, Stripe) must not keep the process from ending.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          logger.warn({ step: name, afterMs: timeoutMs }, 'a shutdown step did not finish in time: going on without it');
          resolve();
        }, timeoutMs);
      });
      await Promise.race([stop().catch((error: unknown) => logger.error({ err: error, step: name }, 'error during shutdown')), timedOut]);
      clearTimeout(timer);
    }
  }
}

/**
 * The file store the API and the worker share: the data folder on one machine, or the object store
 * that STORAGE_S3_* name (each process keeping working copies under its data folder). The one place
 * a role opens it.
 */
export async function openFileStore(config: Pick<Config, 'dataDir' | 'storage'>): Promise<ContentStorage> {
  const storage = await openStorage(config.dataDir, config.storage);
  await storage.init();
  return storage;
}

export interface RoleContext {
  role: Role;
  config: Config;
  stops: Stops;
  platform: Platform;
  temporal: ResolvedTemporal;
  client: Client;
  tokenLedger: TokenLedger;
}

/** Opens what every role uses; a split role's settings were checked before (missingForRole). */
export async function openRoleContext(role: Role, config: Config, stops: Stops): Promise<RoleContext> {
  // Only the all-in-one process may start the embedded dev server (a split role has TEMPORAL_ADDRESS).
  const temporal = await resolveTemporal(config);
  stops.add('temporal dev server', () => temporal.stop());
  const platform = await openPlatform(config, PLATFORM_MIGRATIONS);
  stops.add('database', () => platform.close());
  const connection = await Connection.connect({ address: temporal.address });
  stops.add('temporal client', () => connection.close());
  const client = new Client({ connection, namespace: config.temporalNamespace });
  return { role, config, stops, platform, temporal, client, tokenLedger: new TokenLedger(platform.eventStore) };
}

export interface ServingServices extends LifecycleServices {
  wallets: WalletServices;
  licenseEscrow: Awaited<ReturnType<typeof openLicenseEscrow>>;
}

/** The ledger, signing key, wallets and license escrow: what the API and the worker act through. */
export async function openServingServices(context: RoleContext): Promise<ServingServices> {
  const { config, platform, stops } = context;
  const services = await openLifecycleServices(config.dataDir);
  stops.add('XRP ledger', () => services.ledger.close());
  const wallets = await openWalletServices(config.dataDir, config.wallets);
  stops.add('wallet treasury', async () => wallets.treasury?.close());
  const licenseEscrow = await openLicenseEscrow({ eventStore: platform.eventStore, wallets, dataDir: config.dataDir, url: services.ledger.url });
  return { ...services, wallets, licenseEscrow };
}
