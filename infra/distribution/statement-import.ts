// Imports a read sales statement: gives each line its identity, matches the lines to releases in
// one lookup, records the new lines through the statement-lines decider (one command per period and
// bucket, all in flight together, so a 100,000-line file is a few dozen appends, not one stream per
// line) and sums the import up.
//
// Two kinds (docs/royalties.md "Where royalty money comes from"):
// - a creator's upload is SELF-REPORTED: matched to the creator's own releases and recorded as an
//   estimate for the royalty breakdown; it never reaches the royalty earnings sink;
// - a PAYABLE statement comes from a delivery partner's reporting channel or an operator's import
//   naming the partner (`payableStatementImporter`, the port of ./partner-statements.ts): its lines
//   keep their source, match any release, are imported once per file checksum, and become claims of
//   their (partner, period), which only the partner's funds received release to the contracts
//   (infra/royalties/reconciliation.ts).
import { hash, randomUUID } from 'node:crypto';
import type { ReleaseLookup } from '../../domain/distribution/release-lookup';
import { salesStatementDecider } from '../../domain/distribution/sales-statement.decider';
import {
  payableLinesStreamId,
  SalesStatementImported,
  salesStatementStreamId,
  statementLineBucket,
  statementLinesStreamId,
  UNMATCHED_PAYABLE_REASON,
  UNMATCHED_REASON,
  type PayableSource,
  type RecordedLine,
  type SalesStatementEvent,
  type StatementRelease,
} from '../../domain/distribution/sales-statement.events';
import { statementLinesDecider, type StatementLinesState } from '../../domain/distribution/statement-lines.decider';
import type { RoyaltyEarningsSink } from '../../domain/royalties/ports';
import type { PayableClaim } from '../../domain/royalties/reconciliation.events';
import { handleCommand, handleCommandWithRetry, type CommandContext } from '../eventstore/command-handler';
import { comparePositions, type EventStore, type GlobalPosition } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import { describeReconciliation, dollars, reconcilePeriod, type PeriodReconciliation } from '../royalties/reconciliation';
import type { ImportedPayableStatement, ImportPayableStatement } from './partner-statements';
import type { StatementLine } from './statement-csv';

/** Most unmatched lines an import answers with; all of them are kept and listed by the statements read model. */
export const MAX_UNMATCHED_IN_ANSWER = 1_000;
const APPEND_ATTEMPTS = 5;

export interface StatementImportDeps {
  eventStore: EventStore;
  releases: ReleaseLookup;
}

export interface PayableImportDeps extends StatementImportDeps {
  /** Where funded money goes: the royalty contracts. Null: releases are recorded and wait, undelivered. */
  earnings: RoyaltyEarningsSink | null;
}

export interface UnmatchedStatementLine {
  lineNumber: number;
  period: string;
  store: string;
  country: string;
  identifier: string;
  units: number;
  amount: number;
  reason: string;
}

export interface ImportedStatement {
  statement: {
    statementId: string;
    fileName: string;
    importedAt: string;
    lines: number;
    matched: number;
    unmatched: number;
    duplicates: number;
    amount: number;
    /** Always true: a creator's upload is an estimate, never royalty money. */
    selfReported: true;
    source: 'self_reported';
    partnerId: null;
  };
  /** The new unmatched lines in file order, the first MAX_UNMATCHED_IN_ANSWER of them. */
  unmatchedLines: UnmatchedStatementLine[];
  /** Where the import's last event sits, for read-your-writes. */
  lastPosition: GlobalPosition | null;
  message: string;
}

interface StreamGroup {
  streamId: string;
  period: string;
  bucket: number;
  lines: RecordedLine[];
}

export async function importStatement(
  deps: StatementImportDeps,
  input: { importerId: string; fileName: string; lines: readonly StatementLine[]; correlationId: string; now?: Date },
): Promise<ImportedStatement> {
  const { importerId, fileName, lines } = input;
  const statementId = randomUUID();
  const importedAt = (input.now ?? new Date()).toISOString();
  const context: CommandContext = { correlationId: input.correlationId, actor: importerId, now: input.now };
  // Only the importer's own releases match: a statement cannot name anyone else's earnings.
  const recorded = await recordStatementLines(deps, {
    statementId,
    importerId,
    lineNamespace: importerId,
    streamOf: (period, bucket) => statementLinesStreamId(importerId, period, bucket),
    accepts: (match) => match.ownerId === importerId,
    unmatchedReason: UNMATCHED_REASON,
    lines,
    context,
  });
  const { matched, unmatched, amount, duplicates, unmatchedLines } = recorded;
  let lastPosition = recorded.lastPosition;
  const summary = await handleCommand(
    deps.eventStore,
    salesStatementStreamId(statementId),
    salesStatementDecider,
    { type: 'RecordStatementImport', data: { statementId, importerId, fileName, lines: lines.length, matched, unmatched, duplicates, amountCents: amount, importedAt } },
    context,
  );
  if (summary.result) lastPosition = laterOf(lastPosition, summary.result.lastPosition);
  const statement = { statementId, fileName, importedAt, lines: lines.length, matched, unmatched, duplicates, amount, selfReported: true as const, source: 'self_reported' as const, partnerId: null };
  logger.info({ statementId, importerId, lines: lines.length, matched, unmatched, duplicates, amountCents: amount }, 'self-reported sales statement imported');
  return { statement, unmatchedLines, lastPosition, message: describeSelfReported(statement) };
}

export interface PayableImportOutcome extends ImportedPayableStatement {
  duplicates: number;
  unmatchedLines: UnmatchedStatementLine[];
  /** Each period the file's lines claim, after its reconciliation against the partner's funds. */
  periods: PeriodReconciliation[];
  lastPosition: GlobalPosition | null;
}

/** The payable statements' import (the port of ./partner-statements.ts), with what the route answers besides. */
export function payableStatementImporter(deps: PayableImportDeps): (input: Parameters<ImportPayableStatement>[0] & { now?: Date }) => Promise<PayableImportOutcome> {
  return async ({ source, lines, correlationId, now }) => {
    const { partnerId } = source;
    // The file's identity: the same bytes from the same partner are one statement whatever their name.
    const statementId = hash('sha256', `${partnerId}\u0000${source.checksum}`, 'hex').slice(0, 32);
    const context: CommandContext = { correlationId, actor: source.importedBy, now };
    const before = await deps.eventStore.readStream(salesStatementStreamId(statementId));
    const earlier = before.find((e) => e.type === SalesStatementImported.type)?.data as SalesStatementEvent['data'] | undefined;
    if (earlier) {
      return {
        statementId, alreadyImported: true, lines: earlier.lines, matched: earlier.matched, unmatched: earlier.unmatched, amountCents: earlier.amountCents,
        duplicates: earlier.duplicates, unmatchedLines: [], periods: [], lastPosition: null,
        message: `This file (SHA-256 ${source.checksum.slice(0, 12)}…) was imported for ${partnerId} before, as "${earlier.fileName}"; nothing changed.`,
      };
    }
    const importedAt = (now ?? new Date()).toISOString();
    // Lines are keyed by the partner, not by who imported them: the same line from the reporting
    // channel and from an operator's import is one line.
    const recorded = await recordStatementLines(deps, {
      statementId,
      importerId: source.importedBy,
      lineNamespace: `partner:${partnerId}`,
      streamOf: (period, bucket) => payableLinesStreamId(partnerId, period, bucket),
      accepts: () => true,
      unmatchedReason: UNMATCHED_PAYABLE_REASON,
      lines,
      source,
      context,
    });
    let lastPosition = recorded.lastPosition;
    const periods: PeriodReconciliation[] = [];
    for (const [period, claims] of recorded.claimsByPeriod) {
      const reconciled = await reconcilePeriod(deps, partnerId, period, claims, context);
      periods.push(reconciled);
      if (reconciled.lastPosition) lastPosition = laterOf(lastPosition, reconciled.lastPosition);
    }
    // Summed up last: a file whose import stopped half way is imported again whole (its recorded lines as duplicates).
    const { matched, unmatched, amount, duplicates } = recorded;
    // Two imports of the same file at once both get here: the second decides nothing.
    const summary = await handleCommandWithRetry(
      deps.eventStore,
      salesStatementStreamId(statementId),
      salesStatementDecider,
      { type: 'RecordStatementImport', data: { statementId, importerId: source.importedBy, fileName: source.fileName.slice(0, 300), lines: lines.length, matched, unmatched, duplicates, amountCents: amount, importedAt, source } },
      context,
    );
    if (summary.result) lastPosition = laterOf(lastPosition, summary.result.lastPosition);
    logger.info({ statementId, source, lines: lines.length, matched, unmatched, duplicates, amountCents: amount, periods }, 'payable sales statement imported');
    return {
      statementId, alreadyImported: false, lines: lines.length, matched, unmatched, amountCents: amount, duplicates,
      unmatchedLines: recorded.unmatchedLines, periods, lastPosition,
      message: describePayable(partnerId, { lines: lines.length, matched, unmatched, duplicates, amount }, periods, deps.earnings !== null),
    };
  };
}

interface RecordInput {
  statementId: string;
  importerId: string;
  /** Part of each line's key: whose lines these are (the creator, or `partner:<id>`). */
  lineNamespace: string;
  streamOf: (period: string, bucket: number) => string;
  /** Whether a found release may take the line. */
  accepts: (match: StatementRelease) => boolean;
  unmatchedReason: string;
  lines: readonly StatementLine[];
  source?: PayableSource;
  context: CommandContext;
}

async function recordStatementLines(deps: StatementImportDeps, input: RecordInput) {
  const { statementId, importerId, lineNamespace, lines, source, context } = input;
  const found = await deps.releases.find([...new Set(lines.map((line) => line.identifier))]);
  const releases: StatementRelease[] = [];
  const releaseIndex = new Map<string, number>();
  const releaseOf = (identifier: string): number | null => {
    const match = found.get(identifier);
    if (!match || !input.accepts(match)) return null;
    let index = releaseIndex.get(match.distributionId);
    if (index === undefined) {
      index = releases.push(match) - 1;
      releaseIndex.set(match.distributionId, index);
    }
    return index;
  };

  const groups = new Map<string, StreamGroup>();
  const occurrences = new Map<string, number>();
  for (const line of lines) {
    const fields = `${line.period}\u0000${line.store}\u0000${line.country}\u0000${line.identifier}\u0000${line.units}\u0000${line.amountCents}`;
    // The n-th identical line of a file is the same line as the n-th of any other file.
    const occurrence = (occurrences.get(fields) ?? 0) + 1;
    occurrences.set(fields, occurrence);
    const key = hash('sha256', `${lineNamespace}\u0000${fields}\u0000${occurrence}`, 'base64url').slice(0, 22);
    const bucket = statementLineBucket(line.identifier);
    const streamId = input.streamOf(line.period, bucket);
    let group = groups.get(streamId);
    if (!group) {
      group = { streamId, period: line.period, bucket, lines: [] };
      groups.set(streamId, group);
    }
    group.lines.push({
      key,
      lineNumber: line.lineNumber,
      store: line.store,
      country: line.country,
      identifier: line.identifier,
      units: line.units,
      amountCents: line.amountCents,
      release: releaseOf(line.identifier),
    });
  }

  let lastPosition: GlobalPosition | null = null;
  const recorded = await Promise.all(
    [...groups.values()].map(async (group) => {
      const outcome = await recordWithRetry(deps.eventStore, group, { statementId, importerId, releases, source }, context);
      if (outcome.position) lastPosition = laterOf(lastPosition, outcome.position);
      return { group, ...outcome };
    }),
  );

  let matched = 0;
  let unmatched = 0;
  let amount = 0;
  const unmatchedLines: UnmatchedStatementLine[] = [];
  const claimsByPeriod = new Map<string, PayableClaim[]>();
  for (const { group, fresh, state } of recorded) {
    for (const line of fresh) {
      if (line.release === null) {
        unmatched++;
        unmatchedLines.push(unmatchedLine(group.period, line, input.unmatchedReason));
      } else {
        matched++;
        amount += line.amountCents;
      }
    }
    // Every batch that holds one of this file's matched lines, new or not: claiming an older batch
    // again adds nothing, but completes an earlier import that stopped before its reconciliation.
    const touched = new Set<string>();
    for (const line of group.lines) {
      const batchId = line.release === null ? undefined : state.keys.get(line.key);
      if (batchId) touched.add(batchId);
    }
    for (const batchId of touched) {
      const claims = claimsByPeriod.get(group.period) ?? [];
      for (const earned of state.batches.get(batchId) ?? []) {
        claims.push({ batchId, contentId: earned.contentId, ownerId: earned.ownerId, title: earned.title.slice(0, 300), amountCents: earned.amountCents });
      }
      claimsByPeriod.set(group.period, claims);
    }
  }
  unmatchedLines.sort((a, b) => a.lineNumber - b.lineNumber);
  unmatchedLines.splice(MAX_UNMATCHED_IN_ANSWER);
  return { matched, unmatched, amount, duplicates: lines.length - matched - unmatched, unmatchedLines, claimsByPeriod, lastPosition: lastPosition as GlobalPosition | null };
}

function laterOf(a: GlobalPosition | null, b: GlobalPosition): GlobalPosition {
  return !a || comparePositions(b, a) > 0 ? b : a;
}

async function recordWithRetry(
  eventStore: EventStore,
  group: StreamGroup,
  statement: { statementId: string; importerId: string; releases: StatementRelease[]; source?: PayableSource },
  context: CommandContext,
): Promise<{ fresh: RecordedLine[]; state: StatementLinesState; batchIds: string[]; position: GlobalPosition | null }> {
  // Another import of the same importer, period and bucket may append first: decide again on what it recorded.
  const { events, result, state } = await handleCommandWithRetry(
    eventStore,
    group.streamId,
    statementLinesDecider,
    { type: 'RecordStatementLines', data: { ...statement, period: group.period, bucket: group.bucket, lines: group.lines } },
    context,
    APPEND_ATTEMPTS,
  );
  const freshKeys = new Set(events.flatMap((event) => event.data.lines.key));
  return {
    fresh: group.lines.filter((line) => freshKeys.has(line.key)),
    state,
    batchIds: events.map((event) => event.data.batchId),
    position: result?.lastPosition ?? null,
  };
}

function unmatchedLine(period: string, line: RecordedLine, reason: string): UnmatchedStatementLine {
  return { lineNumber: line.lineNumber, period, store: line.store, country: line.country, identifier: line.identifier, units: line.units, amount: line.amountCents, reason };
}

function describeSelfReported(statement: ImportedStatement['statement']): string {
  if (statement.lines > 0 && statement.duplicates === statement.lines) {
    return `All ${statement.lines} lines were imported before; nothing changed. ${SELF_REPORTED_NOTE}`;
  }
  const parts = [
    `Imported ${statement.lines} ${statement.lines === 1 ? 'line' : 'lines'} as self-reported: ${statement.matched} matched to your releases (${dollars(statement.amount)}), ${statement.unmatched} unmatched, ${statement.duplicates} already imported before.`,
  ];
  if (statement.unmatched > 0) parts.push('Unmatched lines are kept and listed; they name no ISRC, UPC or release id of yours.');
  parts.push(SELF_REPORTED_NOTE);
  return parts.join(' ');
}

/** What a creator's upload is, in plain words: part of every answer to one. */
export const SELF_REPORTED_NOTE =
  'A statement you upload yourself is self-reported: it shows as an estimate in your royalty breakdown and never becomes pending earnings, a payout or tokens. Royalty money comes only from the sales reports of the delivery partner and the funds it actually paid.';

function describePayable(partnerId: string, s: { lines: number; matched: number; unmatched: number; duplicates: number; amount: number }, periods: PeriodReconciliation[], connected: boolean): string {
  const parts = [
    `Imported ${s.lines} ${s.lines === 1 ? 'line' : 'lines'} from ${partnerId}: ${s.matched} matched to releases (${dollars(s.amount)} claimed), ${s.unmatched} unmatched, ${s.duplicates} already imported before.`,
  ];
  for (const period of periods) parts.push(describeReconciliation(period, connected));
  return parts.join(' ');
}
