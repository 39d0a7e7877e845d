// `npm run bench:royalties`: the royalty money paths on the configured Postgres server
// (DATABASE_URL, else TEST_DATABASE_URL, else the local test server), in a fresh database dropped
// afterwards. Issue 14's targets: a 100,000-line statement imported at ≥ 20,000 lines/s, the payouts
// of 1,000 contracts with up to 50 receivers each in ≤ 10 s, sums exact.
//
// 1. Statement import: `measureStatementImport` from ./statement-import (the statements half),
//    STATEMENT_LINES lines; reported as null, with a note, while that module is not in the tree.
// 2. Payouts: `measurePayouts` (./royalty-payouts.ts says what it times and checks): BENCH_CONTRACTS
//    contracts, 0..BENCH_MAX_RECEIVERS receivers each from a pool of BENCH_RECEIVER_POOL users,
//    BENCH_RUN_CONCURRENCY runs in flight, BENCH_LEDGERS token ledgers sharing the store (default 1: the
//    one worker process that pays; 2 or more contend for the same accounts as several workers would).
//
// The last line of stdout is one JSON object: importLinesPerSec, payoutRunSeconds, sumsExact and the
// details. The exit code is 1 when the sums are not exact.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eventRegistry } from '../../domain/registry';
import type { PayoutExecutor } from '../../domain/royalties/ports';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import type { EventStore } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { logger } from '../../infra/logger/logger';
import { createPayoutExecutor } from '../../infra/royalties/payout-executor';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';
import { directPayoutRunner, measurePayouts } from './royalty-payouts';

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const STATEMENT_LINES = intFromEnv('BENCH_STATEMENT_LINES', 100_000);
const CONTRACTS = intFromEnv('BENCH_CONTRACTS', 1_000);
const MAX_RECEIVERS = intFromEnv('BENCH_MAX_RECEIVERS', 50);
const RECEIVER_POOL = intFromEnv('BENCH_RECEIVER_POOL', 2_000);
const RUN_CONCURRENCY = intFromEnv('BENCH_RUN_CONCURRENCY', 32);
const LEDGERS = intFromEnv('BENCH_LEDGERS', 1);

type MeasureStatementImport = (db: Db, eventStore: EventStore, lines: number) => Promise<{ importLinesPerSec: number }>;

/** The statements half, when its module is in the tree. */
async function loadStatementImport(): Promise<MeasureStatementImport | null> {
  const file = fileURLToPath(new URL('./statement-import.ts', import.meta.url));
  if (!existsSync(file)) return null;
  const module = (await import(file)) as { measureStatementImport?: MeasureStatementImport };
  return module.measureStatementImport ?? null;
}

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_royalties' });
  const db = postgresDb(database.url, 24);
  try {
    await migrate(db, eventStoreMigrations);
    const store = new PostgresEventStore(db, eventRegistry);

    const measureStatementImport = await loadStatementImport();
    const imported = measureStatementImport ? await measureStatementImport(db, store, STATEMENT_LINES) : null;

    // Each ledger is one process's; the runs take them in turn, so one account is written from several.
    const executors: PayoutExecutor[] = Array.from({ length: LEDGERS }, () => createPayoutExecutor({ eventStore: store, ledger: new TokenLedger(store), xrpl: null }));
    let turn = 0;
    const executor: PayoutExecutor = { pay: (...args) => executors[turn++ % executors.length]!.pay(...args) };
    const payouts = await measurePayouts({
      db,
      ledger: new TokenLedger(store),
      runner: directPayoutRunner(executor),
      contracts: CONTRACTS,
      maxReceivers: MAX_RECEIVERS,
      receiverPool: RECEIVER_POOL,
      runConcurrency: RUN_CONCURRENCY,
    });

    process.stdout.write(
      `${JSON.stringify({
        importLinesPerSec: imported?.importLinesPerSec ?? null,
        ...(imported ? { statementLines: STATEMENT_LINES } : { importNote: 'tests/bench/statement-import.ts is not in this tree: the statement import was not measured' }),
        payoutRunSeconds: payouts.payoutRunSeconds,
        sumsExact: payouts.sumsExact,
        payoutPath: 'split + PayoutExecutor (token-ledger credits); the contract decider is not on this path yet',
        contracts: payouts.contracts,
        payoutLines: payouts.lines,
        receivers: payouts.receivers,
        payoutLinesPerSec: payouts.linesPerSec,
        paidCents: payouts.paidCents,
        discrepancies: payouts.discrepancies,
        runConcurrency: RUN_CONCURRENCY,
        ledgers: LEDGERS,
        receiverPool: RECEIVER_POOL,
        postgres: database.label,
      })}\n`,
    );
    if (!payouts.sumsExact) process.exitCode = 1;
  } finally {
    await db.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  logger.error({ err: error }, 'royalties benchmark failed');
  process.exit(1);
});
