// Given / when / then specifications of statement lines: a line lands once across imports, events
// stay bounded in size, and each batch remembers what it earned per content item.
import { describe, expect, it } from 'vitest';
import { LINES_PER_EVENT, StatementLinesRecorded, statementLineBucket, STATEMENT_LINE_BUCKETS, type RecordedLine, type StatementLinesEvent, type StatementRelease } from './sales-statement.events';
import { decideStatementLines, evolveStatementLines, initialStatementLinesState, type StatementLinesCommand, type StatementLinesState } from './statement-lines.decider';

const importerId = 'user-1';
const releases: StatementRelease[] = [
  { distributionId: 'dist-a', contentId: 'content-a', ownerId: importerId, title: 'Song A' },
  { distributionId: 'dist-b', contentId: 'content-b', ownerId: importerId, title: 'Song B' },
];

const line = (key: string, release: number | null, amountCents = 100): RecordedLine => ({
  key: key.padStart(32, '0'),
  lineNumber: 2,
  store: 'spotify',
  country: 'US',
  identifier: 'USGSE2600001',
  units: 10,
  amountCents,
  release,
});

const record = (statementId: string, lines: RecordedLine[]): StatementLinesCommand => ({
  type: 'RecordStatementLines',
  data: { statementId, importerId, period: '2026-10', bucket: 7, releases, lines },
});

const given = (...events: StatementLinesEvent[]): StatementLinesState => events.reduce(evolveStatementLines, initialStatementLinesState);
const when = (state: StatementLinesState, command: StatementLinesCommand) => decideStatementLines(command, state);

describe('statement lines decider', () => {
  it('given nothing recorded, when lines arrive, then they are recorded in one batch naming only the releases they use', () => {
    const events = when(given(), record('s1', [line('a', 1), line('b', null)]));
    expect(events).toEqual([
      StatementLinesRecorded.create({
        statementId: 's1',
        importerId,
        period: '2026-10',
        batchId: 's1/2026-10/7/0',
        releases: [releases[1]!],
        lines: [line('a', 0), line('b', null)],
      }),
    ]);
  });

  it('given lines recorded, when the same lines arrive again with a new one, then only the new one is recorded', () => {
    const state = given(...when(given(), record('s1', [line('a', 0), line('b', null)])));
    const events = when(state, record('s2', [line('a', 0), line('b', null), line('c', 0)]));
    expect(events.flatMap((e) => e.data.lines.map((l) => l.key))).toEqual([line('c', 0).key]);
  });

  it('given lines recorded, when exactly those lines arrive again, then nothing is decided', () => {
    const state = given(...when(given(), record('s1', [line('a', 0)])));
    expect(when(state, record('s2', [line('a', 0)]))).toEqual([]);
  });

  it('when a key appears twice in one command, then it is recorded once', () => {
    expect(when(given(), record('s1', [line('a', 0), line('a', 0)]))[0]!.data.lines).toHaveLength(1);
  });

  it(`when more than ${LINES_PER_EVENT} new lines arrive, then they are split into events of at most that many`, () => {
    const many = Array.from({ length: LINES_PER_EVENT + 1 }, (_, i) => line(`k${i}`, 0));
    const events = when(given(), record('s1', many));
    expect(events.map((e) => [e.data.batchId, e.data.lines.length])).toEqual([
      ['s1/2026-10/7/0', LINES_PER_EVENT],
      ['s1/2026-10/7/1', 1],
    ]);
  });

  it('given a recorded batch, then the state knows which batch holds each key and what it earned per content item', () => {
    const state = given(...when(given(), record('s1', [line('a', 0, 150), line('b', 0, 50), line('c', 1, 7), line('d', null, 999)])));
    expect(state.keys.get(line('d', null).key)).toBe('s1/2026-10/7/0');
    expect(state.batches.get('s1/2026-10/7/0')).toEqual([
      { contentId: 'content-a', ownerId: importerId, title: 'Song A', amountCents: 200, lines: 2 },
      { contentId: 'content-b', ownerId: importerId, title: 'Song B', amountCents: 7, lines: 1 },
    ]);
  });

  it('buckets an identifier always the same way, within the bucket count', () => {
    expect(statementLineBucket('USGSE2600001')).toBe(statementLineBucket('USGSE2600001'));
    const buckets = new Set(Array.from({ length: 1000 }, (_, i) => statementLineBucket(`USGSE26${String(i).padStart(5, '0')}`)));
    expect(Math.max(...buckets)).toBeLessThan(STATEMENT_LINE_BUCKETS);
    expect(buckets.size).toBe(STATEMENT_LINE_BUCKETS);
  });
});
