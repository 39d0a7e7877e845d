// `npm run projections:rebuild`: drops every read model and replays the whole event store into it
// with the live projector's own handlers. Run it with the app stopped: a live projector would
// write into the tables while they are being rebuilt, and embedded PGlite must not be opened by
// two processes at once (it has no lock of its own; this script refuses while the data directory
// looks open). `--force` skips that check, for a postmaster.pid left behind by a crashed app.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../infra/config';
import { logger } from '../infra/logger/logger';
import { openPlatform, type Platform } from '../infra/platform';
import { allProjections } from '../projections/all';
import { rebuildProjections } from '../projections/projector';

async function main(): Promise<number> {
  const config = loadConfig();
  const force = process.argv.includes('--force');

  if (config.databaseUrl) {
    logger.warn('rebuilding read models in the Postgres database at DATABASE_URL: make sure no GOOSE app (projector) is running against it');
  } else {
    const dataDir = path.join(config.dataDir, 'pglite');
    // PGlite writes postmaster.pid while a process has the data directory open and removes it on close.
    const pidFile = path.join(dataDir, 'postmaster.pid');
    if (existsSync(pidFile) && !force) {
      logger.error(
        { dataDir, pidFile },
        'the embedded PGlite data directory is in use (or was not closed cleanly): stop the app (npm start) and run the rebuild again; ' +
          'if no GOOSE process is running, the app crashed earlier: run `npm run projections:rebuild -- --force`',
      );
      return 1;
    }
  }

  let platform: Platform;
  try {
    platform = await openPlatform(config, []);
  } catch (error) {
    logger.error({ err: error }, config.databaseUrl ? 'could not open the database' : 'could not open the embedded PGlite data directory: is the app still running? stop it first');
    return 1;
  }

  try {
    const started = performance.now();
    logger.info({ projections: allProjections.map((p) => p.name), eventStore: config.eventStoreUrl ? 'EventStoreDB' : 'postgres' }, 'rebuilding read models');
    const replayed = await rebuildProjections(platform.db, platform.eventStore, allProjections);
    const rows: Record<string, number> = {};
    for (const table of allProjections.flatMap((p) => p.tables)) {
      const { rows: counted } = await platform.db.query<{ count: number }>(`SELECT count(*)::integer AS count FROM ${table}`);
      rows[table] = counted[0]?.count ?? 0;
    }
    logger.info({ eventsReplayed: replayed, rows, durationMs: Math.round(performance.now() - started) }, 'read models rebuilt');
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'rebuild failed; the read models may be partly filled: run it again');
    return 1;
  } finally {
    await platform.close();
  }
}

process.exitCode = await main();
