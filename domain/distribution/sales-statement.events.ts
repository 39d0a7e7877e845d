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

export const statementReleaseSchema = z.object({
  distributionId: z.string().min(1),
  contentId: z.string().min(1),
  ownerId: z.string().min(1),
  title: z.string(),
});
export type StatementRelease = z.infer<typeof statementReleaseSchema>;

export const recordedLineSchema = z.object({
  /** The line's identity: a hash of the importer, its fields and its occurrence in the file. */
  key: z.string().min(16).max(64),
  lineNumber: z.number().int().positive(),
  store: z.string().min(1).max(200),
  country: z.string().length(2),
  identifier: z.string().min(1).max(64),
  units: z.number().int().nonnegative(),
  amountCents: cents,
  /** Index into the event's `releases`, or null when no release of the importer has the identifier. */
  release: z.number().int().nonnegative().nullable(),
});
export type RecordedLine = z.infer<typeof recordedLineSchema>;

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
    lines: z.array(recordedLineSchema).min(1).max(LINES_PER_EVENT),
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
  }),
);

export const salesStatementEventDefinitions = [StatementLinesRecorded, SalesStatementImported] as const;

export type StatementLinesEvent = ReturnType<typeof StatementLinesRecorded.create>;
export type SalesStatementEvent = ReturnType<typeof SalesStatementImported.create>;

export const SALES_STATEMENT_EVENT_TYPES: ReadonlySet<string> = new Set(salesStatementEventDefinitions.map((d) => d.type));

export function statementLinesStreamId(importerId: string, linePeriod: string, bucket: number): string {
  return `statement-lines-${importerId}-${linePeriod}-${String(bucket).padStart(2, '0')}`;
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
