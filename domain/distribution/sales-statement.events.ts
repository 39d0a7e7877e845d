// Events of sales statement imports (docs/distribution.md "Sales statements"). A statement's lines
// are recorded in streams `statement-lines-<importerId>-<period>-<bucket>`: each line has an
// identity (its key), and a line whose key a stream already holds is a duplicate, so every line
// lands once across all imports. Lines are bucketed by their identifier, so one release's lines sit
// together and its earnings go to its contract as one amount per recorded batch. The import itself
// is summed up once on `sales-statement-<statementId>`.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

const cents = z.number().int().nonnegative();
const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** How many buckets a period's lines are spread over. Part of each line's stream id: never change it. */
export const STATEMENT_LINE_BUCKETS = 64;

/** Most lines one StatementLinesRecorded carries; more new lines in a stream make more events. */
export const LINES_PER_EVENT = 5_000;

/** Why a line is unmatched: only the importer's own releases match, and this says no more than that. */
export const UNMATCHED_REASON = 'No release of yours has this ISRC, UPC or release id';
/** Why a payable statement's line is unmatched: no release on the platform has its identifier. */
export const UNMATCHED_PAYABLE_REASON = 'No release has this ISRC, UPC or release id';

/**
 * Where a payable statement came from (infra/distribution/partner-statements.ts): a delivery
 * partner's reporting channel or an operator's import naming the partner. A statement without it is
 * self-reported by the creator who uploaded it: recorded as an estimate, never royalty money.
 */
export const payableSourceSchema = z.object({
  partnerId: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/),
  channel: z.enum(['partner_report', 'operator_import']),
  fileName: z.string().max(300),
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
  importedBy: z.string().min(1).max(200),
});
export type PayableSource = z.infer<typeof payableSourceSchema>;

export const statementReleaseSchema = z.object({
  distributionId: z.string().min(1),
  contentId: z.string().min(1),
  ownerId: z.string().min(1),
  title: z.string(),
});
export type StatementRelease = z.infer<typeof statementReleaseSchema>;

/** One line of a statement as it is recorded. */
export interface RecordedLine {
  /** The line's identity: a hash of the importer, its fields and its occurrence in the file. */
  key: string;
  lineNumber: number;
  store: string;
  country: string;
  identifier: string;
  units: number;
  amountCents: number;
  /** Index into the event's `releases`, or null when no release of the importer has the identifier. */
  release: number | null;
}

/**
 * The lines of an event, column by column (entry i of every column is line i): a 100,000-line
 * statement is half the bytes it would be as objects, and arrays of plain values validate several
 * times faster. `recordedLines` and `lineColumns` convert.
 */
export const lineColumnsSchema = z
  .object({
    key: z.array(z.string().min(16).max(64)).min(1).max(LINES_PER_EVENT),
    lineNumber: z.array(z.number().int().positive()),
    store: z.array(z.string().min(1).max(200)),
    country: z.array(z.string().length(2)),
    identifier: z.array(z.string().min(1).max(64)),
    units: z.array(z.number().int().nonnegative()),
    amountCents: z.array(cents),
    release: z.array(z.number().int().nonnegative().nullable()),
  })
  .refine((c) => [c.lineNumber, c.store, c.country, c.identifier, c.units, c.amountCents, c.release].every((column) => column.length === c.key.length), {
    message: 'every column of the lines has one value per line',
  });
export type LineColumns = z.infer<typeof lineColumnsSchema>;

export function lineColumns(lines: readonly RecordedLine[]): LineColumns {
  return {
    key: lines.map((l) => l.key),
    lineNumber: lines.map((l) => l.lineNumber),
    store: lines.map((l) => l.store),
    country: lines.map((l) => l.country),
    identifier: lines.map((l) => l.identifier),
    units: lines.map((l) => l.units),
    amountCents: lines.map((l) => l.amountCents),
    release: lines.map((l) => l.release),
  };
}

export function recordedLines(c: LineColumns): RecordedLine[] {
  return c.key.map((key, i) => ({
    key,
    lineNumber: c.lineNumber[i]!,
    store: c.store[i]!,
    country: c.country[i]!,
    identifier: c.identifier[i]!,
    units: c.units[i]!,
    amountCents: c.amountCents[i]!,
    release: c.release[i]!,
  }));
}

export const StatementLinesRecorded = defineEvent(
  'StatementLinesRecorded',
  1,
  z.object({
    statementId: z.string().min(1),
    importerId: z.string().min(1),
    period,
    /** Names this group of lines for the earnings it feeds: `<statementId>/<bucket>/<n>`. */
    batchId: z.string().min(1).max(200),
    releases: z.array(statementReleaseSchema),
    lines: lineColumnsSchema,
    /** Absent: self-reported by the importer. */
    source: payableSourceSchema.optional(),
  }),
);

export const SalesStatementImported = defineEvent(
  'SalesStatementImported',
  1,
  z.object({
    statementId: z.string().min(1),
    importerId: z.string().min(1),
    fileName: z.string().max(300),
    /** Lines in the file. */
    lines: z.number().int().nonnegative(),
    /** New lines matched to one of the importer's releases. */
    matched: z.number().int().nonnegative(),
    /** New lines no release of the importer has; kept and listed. */
    unmatched: z.number().int().nonnegative(),
    /** Lines recorded by an earlier import: they changed nothing. */
    duplicates: z.number().int().nonnegative(),
    /** The new matched lines' money. */
    amountCents: cents,
    importedAt: z.iso.datetime(),
    /** Absent: self-reported by the importer. */
    source: payableSourceSchema.optional(),
  }),
);

export const salesStatementEventDefinitions = [StatementLinesRecorded, SalesStatementImported] as const;

export type StatementLinesEvent = ReturnType<typeof StatementLinesRecorded.create>;
export type SalesStatementEvent = ReturnType<typeof SalesStatementImported.create>;

export const SALES_STATEMENT_EVENT_TYPES: ReadonlySet<string> = new Set(salesStatementEventDefinitions.map((d) => d.type));

export function statementLinesStreamId(importerId: string, linePeriod: string, bucket: number): string {
  return `statement-lines-${importerId}-${linePeriod}-${String(bucket).padStart(2, '0')}`;
}

/** The lines of a partner's payable statements, apart from every creator's self-reported ones. */
export function payableLinesStreamId(partnerId: string, linePeriod: string, bucket: number): string {
  return `statement-lines-partner-${partnerId}-${linePeriod}-${String(bucket).padStart(2, '0')}`;
}

export function salesStatementStreamId(statementId: string): string {
  return `sales-statement-${statementId}`;
}

/** The bucket of a line: FNV-1a of its identifier, so one release's lines of a period share a stream. */
export function statementLineBucket(identifier: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < identifier.length; i++) {
    hash ^= identifier.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % STATEMENT_LINE_BUCKETS;
}
