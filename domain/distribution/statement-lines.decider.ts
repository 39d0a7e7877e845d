// Decides which lines of a statement are new to one statement-lines stream (an importer's period
// and bucket): a line whose key the stream holds is a duplicate and is not recorded again. The
// state also keeps what each recorded batch earned per content item, so an import can hand the
// same amount, under the same reference, to the earnings sink however often it runs.
import {
  lineColumns,
  LINES_PER_EVENT,
  recordedLines,
  StatementLinesRecorded,
  type RecordedLine,
  type PayableSource,
  type StatementLinesEvent,
  type StatementRelease,
} from './sales-statement.events';

export interface BatchEarnings {
  contentId: string;
  ownerId: string;
  title: string;
  amountCents: number;
  lines: number;
}

export interface StatementLinesState {
  /** Each recorded line's key and the batch that recorded it. */
  keys: ReadonlyMap<string, string>;
  /** Each recorded batch's matched money, per content item. */
  batches: ReadonlyMap<string, readonly BatchEarnings[]>;
}

export const initialStatementLinesState: StatementLinesState = { keys: new Map(), batches: new Map() };

export type StatementLinesCommand = {
  type: 'RecordStatementLines';
  data: {
    statementId: string;
    importerId: string;
    period: string;
    bucket: number;
    releases: StatementRelease[];
    /** `release` indexes `releases`. */
    lines: RecordedLine[];
    /** A payable statement's source; absent for a self-reported one. */
    source?: PayableSource;
  };
};

export function decideStatementLines(command: StatementLinesCommand, state: StatementLinesState): StatementLinesEvent[] {
  switch (command.type) {
    case 'RecordStatementLines':
      return recordLines(command.data, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown statement lines command ${JSON.stringify(unknown)}`);
    }
  }
}

function recordLines({ statementId, importerId, period, bucket, releases, lines, source }: StatementLinesCommand['data'], state: StatementLinesState): StatementLinesEvent[] {
  const seen = new Set<string>();
  const fresh = lines.filter((line) => {
    if (state.keys.has(line.key) || seen.has(line.key)) return false;
    seen.add(line.key);
    return true;
  });
  const events: StatementLinesEvent[] = [];
  for (let from = 0; from < fresh.length; from += LINES_PER_EVENT) {
    const chunk = fresh.slice(from, from + LINES_PER_EVENT);
    // Each event names only the releases its own lines point at.
    const used = new Map<number, number>();
    const eventReleases: StatementRelease[] = [];
    const eventLines = chunk.map((line) => {
      if (line.release === null) return line;
      let index = used.get(line.release);
      if (index === undefined) {
        index = eventReleases.push(releases[line.release]!) - 1;
        used.set(line.release, index);
      }
      return { ...line, release: index };
    });
    const batchId = `${statementId}/${period}/${bucket}/${from / LINES_PER_EVENT}`;
    // Built as the event's type says rather than through StatementLinesRecorded.create: the event
    // store validates every append against the same schema, and validating thousands of lines twice
    // was a measurable part of a large import.
    events.push({ type: StatementLinesRecorded.type, data: { statementId, importerId, period, batchId, releases: eventReleases, lines: lineColumns(eventLines), ...(source ? { source } : {}) } });
  }
  return events;
}

export function evolveStatementLines(state: StatementLinesState, event: StatementLinesEvent): StatementLinesState {
  switch (event.type) {
    case 'StatementLinesRecorded': {
      const { batchId, releases, lines } = event.data;
      const keys = new Map(state.keys);
      const earnings = new Map<string, BatchEarnings>();
      for (const line of recordedLines(lines)) {
        keys.set(line.key, batchId);
        if (line.release === null) continue;
        const release = releases[line.release]!;
        const sum = earnings.get(release.contentId) ?? { contentId: release.contentId, ownerId: release.ownerId, title: release.title, amountCents: 0, lines: 0 };
        sum.amountCents += line.amountCents;
        sum.lines += 1;
        earnings.set(release.contentId, sum);
      }
      return { keys, batches: new Map(state.batches).set(batchId, [...earnings.values()]) };
    }
    default: {
      const unknown: never = event.type;
      throw new Error(`Unknown statement lines event ${JSON.stringify(unknown)}`);
    }
  }
}

export const statementLinesDecider = {
  decide: decideStatementLines,
  evolve: evolveStatementLines,
  initialState: initialStatementLinesState,
};
