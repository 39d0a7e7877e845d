// Imports a read sales statement: gives each line its identity, matches the lines to the
// importer's own releases in one lookup, records the new lines through the statement-lines decider
// (one command per period and bucket, all in flight together, so a 100,000-line file is a few
// dozen appends, not one stream per line), sums the import up, then hands each recorded batch's
// money per content item to the royalty earnings sink under the batch's reference, so a contract's
// pending earnings grow once however often a statement is imported.
import { createHash, randomUUID } from 'node:crypto';
import type { ReleaseLookup } from '../../domain/distribution/release-lookup';
import { salesStatementDecider } from '../../domain/distribution/sales-statement.decider';
import {
  salesStatementStreamId,
  statementLineBucket,
  statementLinesStreamId,
  UNMATCHED_REASON,
  type RecordedLine,
  type StatementRelease,
} from '../../domain/distribution/sales-statement.events';
import { statementLinesDecider, type StatementLinesState } from '../../domain/distribution/statement-lines.decider';
import type { RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { ConcurrencyError } from '../../domain/shared/errors';
import { handleCommand, type CommandContext } from '../eventstore/command-handler';
import { comparePositions, type EventStore, type GlobalPosition } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import type { StatementLine } from './statement-csv';

/** Most unmatched lines an import answers with; all of them are kept and listed by the statements read model. */
export const MAX_UNMATCHED_IN_ANSWER = 1_000;
const APPEND_ATTEMPTS = 5;
const SINK_CONCURRENCY = 8;

export interface StatementImportDeps {
  eventStore: EventStore;
  releases: ReleaseLookup;
  /** Where matched money goes: the royalty contracts. Null: the lines are recorded, their earnings attributed to no contract. */
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

export interface EarningsOutcome {
  /** Whether an earnings sink (the royalty contracts) is connected at all. */
  connected: boolean;
  /** New matched money added to contracts' pending earnings. */
  attributedCents: number;
  contracts: number;
  /** New matched money of content items without a contract (or with no sink connected). */
  unattributedCents: number;
  /** New matched money the sink refused or failed on; importing the statement again retries it. */
  failedCents: number;
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
  };
  unmatchedLines: UnmatchedStatementLine[];
  earnings: EarningsOutcome;
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

  // Only the importer's own releases match: a statement cannot move anyone else's earnings.
  const found = await deps.releases.find([...new Set(lines.map((line) => line.identifier))]);
  const releases: StatementRelease[] = [];
  const releaseIndex = new Map<string, number>();
  const releaseOf = (identifier: string): number | null => {
    const match = found.get(identifier);
    if (!match || match.ownerId !== importerId) return null;
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
    const key = createHash('sha256').update(`${importerId}\u0000${fields}\u0000${occurrence}`).digest('hex').slice(0, 32);
    const bucket = statementLineBucket(line.identifier);
    const streamId = statementLinesStreamId(importerId, line.period, bucket);
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
  const later = (position: GlobalPosition) => {
    if (!lastPosition || comparePositions(position, lastPosition) > 0) lastPosition = position;
  };
  const recorded = await Promise.all(
    [...groups.values()].map(async (group) => {
      const outcome = await recordWithRetry(deps.eventStore, group, { statementId, importerId, releases }, context);
      if (outcome.position) later(outcome.position);
      return { group, ...outcome };
    }),
  );

  let matched = 0;
  let unmatched = 0;
  let amount = 0;
  const unmatchedLines: UnmatchedStatementLine[] = [];
  const newBatches = new Set<string>();
  const touchedBatches = new Map<string, StatementLinesState>();
  for (const { group, fresh, state, batchIds } of recorded) {
    for (const batchId of batchIds) newBatches.add(batchId);
    for (const line of fresh) {
      if (line.release === null) {
        unmatched++;
        if (unmatchedLines.length < MAX_UNMATCHED_IN_ANSWER) unmatchedLines.push(unmatchedLine(group.period, line));
      } else {
        matched++;
        amount += line.amountCents;
      }
    }
    // Every batch that holds one of this file's matched lines, new or not: sending an older batch
    // again adds nothing, but completes an earlier import that stopped before reaching the sink.
    for (const line of group.lines) {
      const batchId = line.release === null ? undefined : state.keys.get(line.key);
      if (batchId) touchedBatches.set(batchId, state);
    }
  }
  unmatchedLines.sort((a, b) => a.lineNumber - b.lineNumber);
  const duplicates = lines.length - matched - unmatched;

  const summary = await handleCommand(
    deps.eventStore,
    salesStatementStreamId(statementId),
    salesStatementDecider,
    { type: 'RecordStatementImport', data: { statementId, importerId, fileName, lines: lines.length, matched, unmatched, duplicates, amountCents: amount, importedAt } },
    context,
  );
  if (summary.result) later(summary.result.lastPosition);

  const earnings = await recordEarnings(deps.earnings, touchedBatches, newBatches, context);
  const statement = { statementId, fileName, importedAt, lines: lines.length, matched, unmatched, duplicates, amount };
  logger.info({ statementId, importerId, lines: lines.length, matched, unmatched, duplicates, amountCents: amount, earnings }, 'sales statement imported');
  return { statement, unmatchedLines, earnings, lastPosition, message: describeImport(statement, earnings) };
}

async function recordWithRetry(
  eventStore: EventStore,
  group: StreamGroup,
  statement: { statementId: string; importerId: string; releases: StatementRelease[] },
  context: CommandContext,
): Promise<{ fresh: RecordedLine[]; state: StatementLinesState; batchIds: string[]; position: GlobalPosition | null }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { events, result, state } = await handleCommand(
        eventStore,
        group.streamId,
        statementLinesDecider,
        { type: 'RecordStatementLines', data: { ...statement, period: group.period, bucket: group.bucket, lines: group.lines } },
        context,
      );
      const freshKeys = new Set(events.flatMap((event) => event.data.lines.map((line) => line.key)));
      return {
        fresh: group.lines.filter((line) => freshKeys.has(line.key)),
        state,
        batchIds: events.map((event) => event.data.batchId),
        position: result?.lastPosition ?? null,
      };
    } catch (error) {
      // Another import of the same importer, period and bucket appended first: decide again on what it recorded.
      if (error instanceof ConcurrencyError && attempt < APPEND_ATTEMPTS) continue;
      throw error;
    }
  }
}

async function recordEarnings(
  sink: RoyaltyEarningsSink | null,
  batches: ReadonlyMap<string, StatementLinesState>,
  newBatches: ReadonlySet<string>,
  context: CommandContext,
): Promise<EarningsOutcome> {
  const outcome: EarningsOutcome = { connected: sink !== null, attributedCents: 0, contracts: 0, unattributedCents: 0, failedCents: 0 };
  const work = [...batches].flatMap(([batchId, state]) => (state.batches.get(batchId) ?? []).map((earned) => ({ batchId, earned, isNew: newBatches.has(batchId) })));
  const contracts = new Set<string>();
  if (!sink) {
    for (const { earned, isNew } of work) if (isNew) outcome.unattributedCents += earned.amountCents;
    return outcome;
  }
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { batchId, earned, isNew } = work[next++]!;
      if (earned.amountCents === 0) continue;
      try {
        const { contractId } = await sink.record(
          {
            contentId: earned.contentId,
            ownerId: earned.ownerId,
            amountCents: earned.amountCents,
            source: 'distribution_statement',
            reference: `statement-lines/${batchId}/${earned.contentId}`,
            description: `Sales statement: ${earned.lines} ${earned.lines === 1 ? 'line' : 'lines'} of "${earned.title}"`,
          },
          { correlationId: context.correlationId, actor: context.actor },
        );
        if (!isNew) continue;
        if (contractId) {
          outcome.attributedCents += earned.amountCents;
          contracts.add(contractId);
        } else {
          outcome.unattributedCents += earned.amountCents;
        }
      } catch (error) {
        logger.warn({ err: error, batchId, contentId: earned.contentId }, 'statement earnings not recorded on the contract');
        if (isNew) outcome.failedCents += earned.amountCents;
      }
    }
  };
  await Promise.all(Array.from({ length: SINK_CONCURRENCY }, worker));
  outcome.contracts = contracts.size;
  return outcome;
}

function unmatchedLine(period: string, line: RecordedLine): UnmatchedStatementLine {
  return { lineNumber: line.lineNumber, period, store: line.store, country: line.country, identifier: line.identifier, units: line.units, amount: line.amountCents, reason: UNMATCHED_REASON };
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function describeImport(statement: ImportedStatement['statement'], earnings: EarningsOutcome): string {
  if (statement.lines > 0 && statement.duplicates === statement.lines) {
    return `All ${statement.lines} lines were imported before; nothing changed.`;
  }
  const parts = [
    `Imported ${statement.lines} ${statement.lines === 1 ? 'line' : 'lines'}: ${statement.matched} matched to your releases (${dollars(statement.amount)}), ${statement.unmatched} unmatched, ${statement.duplicates} already imported before.`,
  ];
  if (statement.unmatched > 0) parts.push('Unmatched lines are kept and listed; they name no ISRC, UPC or release id of yours.');
  if (!earnings.connected) {
    if (statement.amount > 0) parts.push('Earnings were not attributed to royalty contracts: no contract service is connected to this server.');
    return parts.join(' ');
  }
  if (earnings.attributedCents > 0) parts.push(`${dollars(earnings.attributedCents)} added to the pending earnings of ${earnings.contracts} ${earnings.contracts === 1 ? 'contract' : 'contracts'}.`);
  if (earnings.unattributedCents > 0) parts.push(`${dollars(earnings.unattributedCents)} belongs to content without a royalty contract and was not attributed; create its contract and import the statement again to attribute it.`);
  if (earnings.failedCents > 0) parts.push(`${dollars(earnings.failedCents)} could not be recorded on its contract; import the statement again to retry.`);
  return parts.join(' ');
}
