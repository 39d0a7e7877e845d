// The statement import half of `npm run bench:royalties` (import a 100,000-line
// statement at ≥ 20,000 lines/s, through the payable path, funds and reconciliation
// included), also runnable alone: `npm run bench:statements` on the
// configured Postgres server (DATABASE_URL, else TEST_DATABASE_URL, else the local test server) in
// a fresh database it drops afterwards; BENCH_STATEMENT_LINES (100,000) and BENCH_STATEMENT_RELEASES
// (1,000) size it.
//
// What is timed is the whole payable path as the operator's import route runs it, from the CSV's
// bytes to committed read models: reading the CSV and its checksum, matching every identifier in
// one lookup, recording the lines with their source through the statement-lines decider (one append
// per period and bucket), claiming each batch's money per content item on the partner's period,
// summing the import up, then the partner's funds recorded for the period, which release every
// claim through the reconciliation to an in-memory earnings sink (the real sink appends to contract
// streams; it is not in this figure), and the statements projection applying it all (as before
// statements needed funds). The reconciliation read model (claimed, funded, released per partner and period) is
// built after the clock by its own projector and checked against the sums; each projection reads
// the whole store on its own, so timing it too would count the statement's events read twice. The same lines are then imported again from a file with other bytes: every line must come
// back a duplicate, nothing more may be claimed and no read model row added; and the same bytes
// again must be refused as already imported, or the run fails. The last line of stdout is one JSON object.
import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { STORES } from '../../domain/distribution/catalogue';
import { eventRegistry } from '../../domain/registry';
import type { RecordedEarnings, RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { postgresReleaseLookup } from '../../infra/distribution/release-lookup';
import { readStatementCsv } from '../../infra/distribution/statement-csv';
import { payableStatementImporter } from '../../infra/distribution/statement-import';
import type { EventStore } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { logger } from '../../infra/logger/logger';
import { Projector } from '../../projections/projector';
import { reconciliationProjection } from '../../projections/reconciliation/projection';
import { listPartnerPeriods } from '../../projections/reconciliation/queries';
import { statementsProjection } from '../../projections/statements/projection';
import { recordPartnerFunds } from '../../infra/royalties/reconciliation';
import { insertStandInRelease } from '../support/distributions-stand-in';
import { createTestDatabase } from '../support/postgres';
import { intFromEnv } from './bench-env';

export interface StatementImportMeasure {
  importLinesPerSec: number;
  importSeconds: number;
  lines: number;
  matched: number;
  unmatched: number;
  /** Lines the second import of the same statement found already imported: all of them. */
  duplicatesOnReimport: number;
  /** Calls the reconciliation made to the earnings sink (one per released batch and content item). */
  earningsRecords: number;
  /** The sum the sink received equals the matched lines' amounts, all of it funded and released. */
  earningsExact: boolean;
  /** The same bytes imported a third time were refused as already imported. */
  sameFileRefused: boolean;
  /** The reconciliation read model shows the period claimed, funded and released in full. */
  reconciliationExact: boolean;
}

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'JP', 'BR', 'CA', 'AU', 'MX', 'SE'];

/** A statement of `lines` lines over `identifiers` (one line in fifty names no release), with its matched total. */
export function statementCsv(lines: number, identifiers: readonly string[]): { csv: string; matchedCents: number } {
  const rows = ['period,store,country,identifier,units,amount'];
  let matchedCents = 0;
  for (let i = 0; i < lines; i++) {
    const unmatched = i % 50 === 49;
    const identifier = unmatched ? `UNKNOWN${i % 997}` : identifiers[i % identifiers.length]!;
    const amount = (i * 7919) % 5000;
    if (!unmatched) matchedCents += amount;
    rows.push(`2026-10,${STORES[i % STORES.length]!.id},${COUNTRIES[Math.floor(i / identifiers.length) % COUNTRIES.length]},${identifier},${(i * 31) % 10_000},${amount}`);
  }
  return { csv: rows.join('\n'), matchedCents };
}

async function* chunked(bytes: Buffer) {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

/**
 * Imports a `lines`-line partner statement naming `releases` releases of ten creators (stand-in rows
 * in the `distributions` table: tests/support/distributions-stand-in.ts), funds it, and answers the
 * rate. Runs its own projector over the statements and reconciliation projections, stopped before it returns.
 */
export async function measureStatementImport(db: Db, eventStore: EventStore, lines: number, { releases = 1_000 } = {}): Promise<StatementImportMeasure> {
  const owners = Array.from({ length: 10 }, () => randomUUID());
  const partnerId = `bench-${randomUUID().slice(0, 8)}`;
  const identifiers: string[] = [];
  for (let i = 0; i < releases; i++) {
    const isrc = `QZGSE26${String(i).padStart(5, '0')}`;
    await insertStandInRelease(db, { ownerId: owners[i % owners.length]!, isrc, songName: `Bench track ${i}` });
    identifiers.push(isrc);
  }
  const { csv, matchedCents } = statementCsv(lines, identifiers);
  const bytes = Buffer.from(csv);
  let earnedCents = 0;
  let earningsRecords = 0;
  const references = new Set<string>();
  const sink: RoyaltyEarningsSink = {
    async record(earnings): Promise<RecordedEarnings> {
      earningsRecords++;
      if (!references.has(earnings.reference)) {
        references.add(earnings.reference);
        earnedCents += earnings.amountCents;
      }
      return { contractId: `contract-${earnings.contentId}` };
    },
  };
  const deps = { eventStore, releases: postgresReleaseLookup(db), earnings: sink };
  const importPayable = payableStatementImporter(deps);
  const importFile = async (file: Buffer, fileName: string) =>
    importPayable({
      source: { partnerId, channel: 'operator_import', fileName, checksum: createHash('sha256').update(file).digest('hex'), importedBy: 'operator:bench' },
      lines: await readStatementCsv(chunked(file)),
      correlationId: 'bench',
    });
  const projector = new Projector(db, eventStore, [statementsProjection]);
  await projector.start();
  try {
    const started = performance.now();
    const first = await importFile(bytes, 'bench.csv');
    const funded = await recordPartnerFunds({ eventStore, earnings: sink }, { partnerId, period: '2026-10', amountCents: matchedCents, reference: 'bench-wire', recordedBy: 'operator:bench' }, { correlationId: 'bench', actor: 'operator:bench' });
    const last = funded.reconciliation.lastPosition ?? first.lastPosition;
    if (last) await projector.waitFor(last, 600_000);
    const importSeconds = (performance.now() - started) / 1000;

    const rowsBefore = await countRows(db);
    const again = await importFile(Buffer.concat([bytes, Buffer.from('\n')]), 'bench-again.csv');
    if (again.lastPosition) await projector.waitFor(again.lastPosition, 600_000);
    const rowsAfter = await countRows(db);
    if (again.alreadyImported || again.duplicates !== lines || rowsAfter !== rowsBefore || again.periods.some((p) => p.claimedCents !== matchedCents)) {
      throw new Error(`the re-import changed something: ${again.duplicates} of ${lines} duplicates, ${rowsAfter - rowsBefore} line rows added`);
    }
    const sameFile = await importFile(bytes, 'bench-renamed.csv');
    const reconciliation = new Projector(db, eventStore, [reconciliationProjection]);
    await reconciliation.start();
    await reconciliation.waitFor(funded.reconciliation.lastPosition ?? last!, 600_000);
    await reconciliation.stop();
    const period = (await listPartnerPeriods(db)).find((p) => p.partnerId === partnerId);
    if (first.matched + first.unmatched !== lines) throw new Error(`the import recorded ${first.matched + first.unmatched} of ${lines} lines`);
    return {
      importLinesPerSec: Math.round(lines / importSeconds),
      importSeconds: Number(importSeconds.toFixed(3)),
      lines,
      matched: first.matched,
      unmatched: first.unmatched,
      duplicatesOnReimport: again.duplicates,
      earningsRecords,
      earningsExact: earnedCents === matchedCents && first.amountCents === matchedCents && funded.reconciliation.releasedCents === matchedCents,
      sameFileRefused: sameFile.alreadyImported,
      reconciliationExact: period?.claimed === matchedCents && period.funded === matchedCents && period.released === matchedCents,
    };
  } finally {
    await projector.stop();
  }
}

async function countRows(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT ((SELECT count(*) FROM statement_line_royalties) + (SELECT count(*) FROM statement_unmatched_lines))::text AS n`,
  );
  return Number(rows[0]!.n);
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_statements' });
  const db = postgresDb(database.url, 16);
  try {
    await migrate(db, eventStoreMigrations);
    const eventStore = new PostgresEventStore(db, eventRegistry);
    const measure = await measureStatementImport(db, eventStore, intFromEnv('BENCH_STATEMENT_LINES', 100_000), { releases: intFromEnv('BENCH_STATEMENT_RELEASES', 1_000) });
    await eventStore.close();
    logger.info({ database: database.label, ...measure }, 'statement import measured');
    process.stdout.write(`${JSON.stringify({ ...measure, goalLinesPerSec: 20_000, goalMet: measure.importLinesPerSec >= 20_000 })}\n`);
  } finally {
    await db.close();
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
