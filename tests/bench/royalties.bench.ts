// `npm run bench:royalties`: the royalty money paths on the configured Postgres server
// (DATABASE_URL, else TEST_DATABASE_URL, else the local test server), in a fresh database dropped
// afterwards. The targets: a 100,000-line statement imported at ≥ 20,000 lines/s, the payouts
// of 1,000 contracts with up to 50 receivers each in ≤ 10 s, sums exact.
//
// 1. Statement import: `measureStatementImport` from ./statement-import, STATEMENT_LINES lines.
// 2. Payouts: `measurePayouts` (./royalty-payouts.ts says what it times and checks): BENCH_CONTRACTS
//    contracts, 0..BENCH_MAX_RECEIVERS receivers each from a pool of BENCH_RECEIVER_POOL users,
//    BENCH_RUN_CONCURRENCY runs in flight, BENCH_LEDGERS token ledgers sharing the store (default 1: the
//    one worker process that pays; 2 or more contend for the same accounts as several workers would).
//
// The last line of stdout is one JSON object: importLinesPerSec, payoutRunSeconds, sumsExact and the
// details. The exit code is 1 when the sums are not exact.
import { eventRegistry } from '../../domain/registry';
import type { PayoutExecutor } from '../../domain/royalties/ports';
import { postgresDb } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { logger } from '../../infra/logger/logger';
import { createPayoutExecutor } from '../../infra/royalties/payout-executor';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';
import { contractPayoutRunner, measurePayouts } from './royalty-payouts';
import { measureStatementImport } from './statement-import';
import { allProjections } from '../../projections/all';

const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const STATEMENT_LINES = intFromEnv('BENCH_STATEMENT_LINES', 100_000);
const CONTRACTS = intFromEnv('BENCH_CONTRACTS', 1_000);
const MAX_RECEIVERS = intFromEnv('BENCH_MAX_RECEIVERS', 50);
const RECEIVER_POOL = intFromEnv('BENCH_RECEIVER_POOL', 2_000);
const RUN_CONCURRENCY = intFromEnv('BENCH_RUN_CONCURRENCY', 32);
const LEDGERS = intFromEnv('BENCH_LEDGERS', 1);

async function main(): Promise<void> {
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_royalties' });
  const db = postgresDb(database.url, 24);
  try {
    await migrate(db, eventStoreMigrations);
    // The read models' tables (the payout names the creator from the users read model).
    for (const projection of allProjections) await db.query(projection.schema);
    const store = new PostgresEventStore(db, eventRegistry);

    const imported = await measureStatementImport(db, store, STATEMENT_LINES);

    // Each ledger is one process's; the runs take them in turn, so one account is written from several.
    const executors: PayoutExecutor[] = Array.from({ length: LEDGERS }, () => createPayoutExecutor({ eventStore: store, ledger: new TokenLedger(store), xrpl: null }));
    let turn = 0;
    const executor: PayoutExecutor = { pay: (...args) => executors[turn++ % executors.length]!.pay(...args) };
    const payouts = await measurePayouts({
      db,
      ledger: new TokenLedger(store),
      runner: contractPayoutRunner(store, db, executor),
      contracts: CONTRACTS,
      maxReceivers: MAX_RECEIVERS,
      receiverPool: RECEIVER_POOL,
      runConcurrency: RUN_CONCURRENCY,
    });

    process.stdout.write(
      `${JSON.stringify({
        importLinesPerSec: imported.importLinesPerSec,
        statementLines: STATEMENT_LINES,
        payoutRunSeconds: payouts.payoutRunSeconds,
        sumsExact: payouts.sumsExact,
        payoutPath: 'the contract workflow\'s activities in-process: run decided on the contract, each line paid (token credit) and marked paid, run completed',
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
