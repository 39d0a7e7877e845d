// An API process as a DATABASE_URL deployment runs it without a projector: the whole app on a real
// Postgres database, hearing the read models' changes through the Postgres read-model feed, and
// listening on a loopback port for real browsers' websockets. Several on one database are the
// API processes of one deployment. Workflows are not part of it: any workflow client called fails.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/app';
import { eventRegistry } from '../../domain/registry';
import { SessionStore, sessionMigrations } from '../../infra/auth/session-store';
import { loadCertificateSigningKey } from '../../infra/certificate/signing-key';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { parseWalletConfig } from '../../infra/wallets/config';
import { openWalletServices } from '../../infra/wallets/services';
import { openXrplLedger } from '../../infra/xrpl/ledger';
import { openPostgresReadModelFeed, type PostgresReadModelFeed } from '../../projections/postgres-read-model-feed';

export interface PostgresApiApp {
  app: FastifyInstance;
  db: Db;
  feed: PostgresReadModelFeed;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A session cookie for `userId` (no account needed: the websocket only asks who is signed in). */
  sessionCookie(userId: string): Promise<string>;
  close(): Promise<void>;
}

/** Workflows are outside an API process's test: a call to one fails, saying so. */
function noWorkflows<T extends object>(name: string): T {
  return new Proxy({} as T, { get: (_target, method) => () => Promise.reject(new Error(`${name}.${String(method)} is not part of this test`)) });
}

/** `port`: 0 (the default) lets the system choose a free one. `routes`: adds a test's own routes before the app listens. */
export async function startPostgresApiApp({
  databaseUrl,
  dataDir,
  port = 0,
  routes,
}: {
  databaseUrl: string;
  dataDir: string;
  port?: number;
  routes?: (app: FastifyInstance) => unknown;
}): Promise<PostgresApiApp> {
  const db = postgresDb(databaseUrl, 4);
  await migrate(db, [...eventStoreMigrations, ...sessionMigrations]);
  const eventStore = new PostgresEventStore(db, eventRegistry);
  const feed = await openPostgresReadModelFeed(db);
  const storage = new FileStorage(dataDir);
  await storage.init();
  const app = await buildApp({
    db,
    eventStore,
    projector: feed,
    storage,
    lifecycle: noWorkflows('lifecycle'),
    tokenLedger: new TokenLedger(eventStore),
    ledger: await openXrplLedger({ dataDir, env: {} }),
    signingKey: await loadCertificateSigningKey(dataDir, {}),
    wallets: await openWalletServices(dataDir, parseWalletConfig({})),
    licensePurchases: noWorkflows('licensePurchases'),
    royaltyPorts: { contracts: noWorkflows('contracts') },
  });
  routes?.(app);
  await app.listen({ port, host: '127.0.0.1' });
  const sessions = new SessionStore(db);
  return {
    app,
    db,
    feed,
    origin: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    async sessionCookie(userId) {
      return `goose_session=${(await sessions.create(userId)).token}`;
    },
    async close() {
      await app.close();
      await feed.close();
      await eventStore.close();
      await db.close();
    },
  };
}
