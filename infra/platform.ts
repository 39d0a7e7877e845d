// Opens the database and the event store the configuration asks for: a real Postgres when
// DATABASE_URL is set (else embedded PGlite under data/), EventStoreDB when EVENTSTORE_URL is set.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { eventRegistry } from '../domain/registry';
import type { Config } from './config';
import { pgliteDb, postgresDb, type Db } from './db/db';
import { migrate, type Migration } from './db/migrate';
import type { EventStore } from './eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from './eventstore/postgres-event-store';
import { logger } from './logger/logger';
import { loadCertificateSigningKey, type CertificateSigningKey } from './certificate/signing-key';
import { acoustidMigrations } from './acoustid/catalogue';
import { contentOracleMigrations } from './similarity/content-oracle';
import { openXrplLedger, type XrplLedger } from './xrpl/ledger';

export interface Platform {
  db: Db;
  eventStore: EventStore;
  close(): Promise<void>;
}

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  if (config.databaseUrl) return postgresDb(config.databaseUrl);
  const dir = path.join(config.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  return pgliteDb(dir);
}

export async function openEventStore(config: Pick<Config, 'eventStoreUrl'>, db: Db): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstore/eventstoredb-event-store');
    return new EventStoreDbEventStore(config.eventStoreUrl, eventRegistry);
  }
  return new PostgresEventStore(db, eventRegistry);
}

/** Opens the platform and applies every migration (event store first, then the given ones). */
export async function openPlatform(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'eventStoreUrl'>,
  migrations: readonly Migration[],
): Promise<Platform> {
  const db = await openDb(config);
  const applied = await migrate(db, [...eventStoreMigrations, ...migrations]);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  const eventStore = await openEventStore(config, db);
  return {
    db,
    eventStore,
    async close() {
      await eventStore.close();
      await db.close();
    },
  };
}

/** The copyright registry's tables, which the lifecycle's copyright check reads and fills, and AcoustID's request budget and answers. */
export const lifecycleMigrations: readonly Migration[] = [...contentOracleMigrations, ...acoustidMigrations];

export interface LifecycleServices {
  ledger: XrplLedger;
  signingKey: CertificateSigningKey;
}

/** The XRP Ledger (XRPL_URL, or signing only) and the certificate signing key, both kept under dataDir. */
export async function openLifecycleServices(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<LifecycleServices> {
  const ledger = await openXrplLedger({ dataDir, env });
  const signingKey = await loadCertificateSigningKey(dataDir, env);
  logger.info({ xrpl: ledger.url ? `${ledger.network} (XRPL_URL)` : 'signing only: no XRPL_URL', account: ledger.account, certificateKey: signingKey.keyId }, 'lifecycle services ready');
  return { ledger, signingKey };
}
