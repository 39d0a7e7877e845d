// The sales statement read models: each import's summary (statements), the lines no release of
// the importer has (statement_unmatched_lines, kept and listed, one row per line keyed by the
// line's key), and the matched money (statement_line_royalties: the royalty breakdown and the
// releases' earnings), summed per recorded batch, release, store and country, so a statement's
// thousands of lines per release become a row per store and country. Both are keyed by what one
// event holds, so a replayed event inserts nothing. A batch of events is applied with one multi-row
// insert per table, which is what lets a 100,000-line statement project in seconds. Each row keeps
// its statement's source: `self_reported` (a creator's upload, an estimate) or the payable channel
// (`partner_report`, `operator_import`) with the partner. Each owner's money is also summed per
// statement month and store and per month and territory (statement_owner_stores,
// statement_owner_territories), so the analytics overview reads a few hundred rows, not every line.
import type { Queryable } from '../../infra/db/db';
import { recordedLines, SALES_STATEMENT_EVENT_TYPES, type SalesStatementEvent, type StatementLinesEvent } from '../../domain/distribution/sales-statement.events';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

/** Rows per multi-row insert: keeps each statement's parameters well inside what Postgres takes. */
const ROWS_PER_INSERT = 10_000;

const UNMATCHED_COLUMNS = ['line_key', 'statement_id', 'importer_id', 'line_number', 'period', 'store', 'country', 'identifier', 'units', 'amount_cents'] as const;
const UNMATCHED_TYPES = ['text', 'text', 'text', 'int', 'text', 'text', 'text', 'text', 'bigint', 'bigint'];
const ROYALTY_COLUMNS = ['batch_id', 'distribution_id', 'store', 'country', 'statement_id', 'importer_id', 'content_id', 'owner_id', 'period', 'lines', 'units', 'amount_cents', 'source', 'partner_id'] as const;
const ROYALTY_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'bigint', 'bigint', 'text', 'text'];

export const statementsProjection: Projection = {
  name: 'statements',
  // 3: each owner's matched money summed per month and store, and per month and territory (analytics).
  version: 3,
  tables: ['statements', 'statement_unmatched_lines', 'statement_line_royalties', 'statement_owner_stores', 'statement_owner_territories'],
  schema: `
    CREATE TABLE IF NOT EXISTS statements (
      statement_id text PRIMARY KEY,
      importer_id text NOT NULL,
      file_name text NOT NULL,
      imported_at timestamptz NOT NULL,
      lines integer NOT NULL,
      matched integer NOT NULL,
      unmatched integer NOT NULL,
      duplicates integer NOT NULL,
      amount_cents bigint NOT NULL,
      source text NOT NULL,
      partner_id text
    );
    CREATE INDEX IF NOT EXISTS statements_importer_idx ON statements (importer_id, imported_at DESC);
    CREATE TABLE IF NOT EXISTS statement_unmatched_lines (
      line_key text PRIMARY KEY,
      statement_id text NOT NULL,
      importer_id text NOT NULL,
      line_number integer NOT NULL,
      period text NOT NULL,
      store text NOT NULL,
      country text NOT NULL,
      identifier text NOT NULL,
      units bigint NOT NULL,
      amount_cents bigint NOT NULL
    );
    CREATE INDEX IF NOT EXISTS statement_unmatched_lines_importer_idx ON statement_unmatched_lines (importer_id, statement_id);
    CREATE TABLE IF NOT EXISTS statement_line_royalties (
      batch_id text NOT NULL,
      distribution_id text NOT NULL,
      store text NOT NULL,
      country text NOT NULL,
      statement_id text NOT NULL,
      importer_id text NOT NULL,
      content_id text NOT NULL,
      owner_id text NOT NULL,
      period text NOT NULL,
      lines integer NOT NULL,
      units bigint NOT NULL,
      amount_cents bigint NOT NULL,
      source text NOT NULL,
      partner_id text,
      PRIMARY KEY (batch_id, distribution_id, store, country)
    );
    CREATE INDEX IF NOT EXISTS statement_line_royalties_distribution_idx ON statement_line_royalties (distribution_id);
    CREATE TABLE IF NOT EXISTS statement_owner_stores (
      owner_id text NOT NULL,
      period text NOT NULL,
      estimate boolean NOT NULL,
      store text NOT NULL,
      units bigint NOT NULL,
      amount_cents bigint NOT NULL,
      PRIMARY KEY (owner_id, period, estimate, store)
    );
    CREATE TABLE IF NOT EXISTS statement_owner_territories (
      owner_id text NOT NULL,
      period text NOT NULL,
      estimate boolean NOT NULL,
      country text NOT NULL,
      units bigint NOT NULL,
      amount_cents bigint NOT NULL,
      PRIMARY KEY (owner_id, period, estimate, country)
    );`,
  handles: SALES_STATEMENT_EVENT_TYPES,
  async apply(tx, event) {
    return (await this.applyAll!(tx, [event]))[0] ?? null;
  },
  async applyAll(tx, events) {
    const unmatched: unknown[][] = UNMATCHED_COLUMNS.map(() => []);
    const royalties: unknown[][] = ROYALTY_COLUMNS.map(() => []);
    const changes = new Map<string, ReadModelChange>();
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as StatementLinesEvent | SalesStatementEvent;
      switch (event.type) {
        case 'StatementLinesRecorded': {
          const { statementId, importerId, period, batchId, releases, lines, source } = event.data;
          const sums = new Map<string, { release: number; store: string; country: string; lines: number; units: number; amountCents: number }>();
          for (const line of recordedLines(lines)) {
            if (line.release === null) {
              pushRow(unmatched, [line.key, statementId, importerId, line.lineNumber, period, line.store, line.country, line.identifier, line.units, line.amountCents]);
              continue;
            }
            const key = `${line.release}\u0000${line.store}\u0000${line.country}`;
            const sum = sums.get(key) ?? { release: line.release, store: line.store, country: line.country, lines: 0, units: 0, amountCents: 0 };
            sum.lines += 1;
            sum.units += line.units;
            sum.amountCents += line.amountCents;
            sums.set(key, sum);
          }
          for (const sum of sums.values()) {
            const release = releases[sum.release]!;
            pushRow(royalties, [batchId, release.distributionId, sum.store, sum.country, statementId, importerId, release.contentId, release.ownerId, period, sum.lines, sum.units, sum.amountCents, source?.channel ?? 'self_reported', source?.partnerId ?? null]);
          }
          // A payable statement's lines are their releases' owners' news, not the operator's.
          const owners = source ? new Set(releases.map((r) => r.ownerId)) : [importerId];
          for (const owner of owners) changes.set(`${owner}/${statementId}`, readModelChange('distributions', recorded, owner, statementId));
          break;
        }
        case 'SalesStatementImported': {
          const d = event.data;
          await tx.query(
            `INSERT INTO statements (statement_id, importer_id, file_name, imported_at, lines, matched, unmatched, duplicates, amount_cents, source, partner_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (statement_id) DO NOTHING`,
            [d.statementId, d.importerId, d.fileName, d.importedAt, d.lines, d.matched, d.unmatched, d.duplicates, d.amountCents, d.source?.channel ?? 'self_reported', d.source?.partnerId ?? null],
          );
          changes.set(`${d.importerId}/${d.statementId}`, readModelChange('distributions', recorded, d.importerId, d.statementId));
          break;
        }
        default: {
          const unknown: never = event;
          throw new Error(`Unknown sales statement event ${JSON.stringify(unknown)}`);
        }
      }
    }
    await insertRows(tx, 'statement_unmatched_lines', 'line_key', UNMATCHED_COLUMNS, UNMATCHED_TYPES, unmatched);
    await insertRoyaltyRows(tx, royalties);
    return [...changes.values()];
  },
};

/**
 * The matched money's rows, and in the same statement the owners' sums per month and store and per
 * month and territory, added from the rows actually inserted: a replayed event inserts no row, so
 * it adds nothing to the sums.
 */
async function insertRoyaltyRows(tx: Queryable, columns: unknown[][]): Promise<void> {
  const count = columns[0]!.length;
  const unnest = ROYALTY_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  const addTo = (table: string, key: string) => `
    INSERT INTO ${table} AS t (owner_id, period, estimate, ${key}, units, amount_cents)
    SELECT owner_id, period, estimate, ${key}, sum(units), sum(amount_cents) FROM inserted GROUP BY 1, 2, 3, 4
    ON CONFLICT (owner_id, period, estimate, ${key}) DO UPDATE SET units = t.units + excluded.units, amount_cents = t.amount_cents + excluded.amount_cents`;
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    await tx.query(
      `WITH inserted AS (
         INSERT INTO statement_line_royalties (${ROYALTY_COLUMNS.join(', ')}) SELECT * FROM unnest(${unnest})
         ON CONFLICT (batch_id, distribution_id, store, country) DO NOTHING
         RETURNING owner_id, period, source = 'self_reported' AS estimate, store, country, units, amount_cents
       ), by_store AS (${addTo('statement_owner_stores', 'store')})
       ${addTo('statement_owner_territories', 'country')}`,
      columns.map((values) => values.slice(from, from + ROWS_PER_INSERT)),
    );
  }
}

function pushRow(columns: unknown[][], row: unknown[]): void {
  row.forEach((value, index) => columns[index]!.push(value));
}

/** One INSERT … SELECT FROM unnest(arrays) per ROWS_PER_INSERT rows; a row whose key is present already is left as it is. */
async function insertRows(tx: Queryable, table: string, key: string, names: readonly string[], types: readonly string[], columns: unknown[][]): Promise<void> {
  const count = columns[0]!.length;
  const unnest = types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  for (let from = 0; from < count; from += ROWS_PER_INSERT) {
    await tx.query(
      `INSERT INTO ${table} (${names.join(', ')}) SELECT * FROM unnest(${unnest}) ON CONFLICT (${key}) DO NOTHING`,
      columns.map((values) => values.slice(from, from + ROWS_PER_INSERT)),
    );
  }
}
