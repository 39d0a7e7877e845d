// The statement import end to end on a real Postgres server: lines matched to the importer's own
// releases through the `distributions` table, unmatched lines kept and listed, a re-import that
// changes nothing, earnings handed to the sink once per batch, and the read models behind the
// statements list and the royalty breakdown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import type { RecordedEarnings, RoyaltyEarnings, RoyaltyEarningsSink } from '../../domain/royalties/ports';
import { findRoyaltyBreakdown, listStatements, listUnmatchedLines } from '../../projections/statements/queries';
import { statementsProjection } from '../../projections/statements/projection';
import { Projector } from '../../projections/projector';
import { insertStandInRelease } from '../../tests/support/distributions-stand-in';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../tests/support/postgres';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { postgresReleaseLookup } from './release-lookup';
import { importStatement, type StatementImportDeps } from './statement-import';
import { readStatementCsv } from './statement-csv';

const postgresUp = await postgresAvailable();

/** The contracts' sink as the import sees it: records each reference once; content without a contract is not attributed. */
class RecordingSink implements RoyaltyEarningsSink {
  readonly recorded = new Map<string, RoyaltyEarnings>();
  calls = 0;
  constructor(private readonly contracts: Map<string, string>) {}
  async record(earnings: RoyaltyEarnings): Promise<RecordedEarnings> {
    this.calls++;
    const contractId = this.contracts.get(earnings.contentId) ?? null;
    if (contractId && !this.recorded.has(earnings.reference)) this.recorded.set(earnings.reference, earnings);
    return { contractId };
  }
  total(contentId: string): number {
    return [...this.recorded.values()].filter((e) => e.contentId === contentId).reduce((sum, e) => sum + e.amountCents, 0);
  }
}

async function* once(text: string) {
  yield Buffer.from(text);
}

describe.skipIf(!postgresUp)(`statement import on ${postgresUp ? 'a real Postgres server' : 'Postgres (skipped: no server at TEST_DATABASE_URL)'}`, () => {
  let database: TestDatabase;
  let db: Db;
  let eventStore: PostgresEventStore;
  let projector: Projector;
  const owner = randomUUID();
  const stranger = randomUUID();
  let mine: { id: string; contentId: string };
  let theirs: { id: string; contentId: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url);
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    projector = new Projector(db, eventStore, [statementsProjection]);
    await projector.start();
    mine = await insertStandInRelease(db, { ownerId: owner, isrc: 'US-GSE-26-00001', upc: '012345678905', songName: 'Night Drive' });
    theirs = await insertStandInRelease(db, { ownerId: stranger, isrc: 'USGSE2600002', songName: 'Not Yours' });
  });

  afterAll(async () => {
    await projector?.stop();
    await eventStore?.close();
    await db?.close();
    await database?.drop();
  });

  const deps = (earnings: RoyaltyEarningsSink | null): StatementImportDeps => ({ eventStore, releases: postgresReleaseLookup(db), earnings });

  async function run(earnings: RoyaltyEarningsSink | null, csv: string, importerId = owner) {
    const result = await importStatement(deps(earnings), { importerId, fileName: 'october.csv', lines: await readStatementCsv(once(csv)), correlationId: randomUUID() });
    if (result.lastPosition) await projector.waitFor(result.lastPosition);
    return result;
  }

  const october = [
    'period,store,country,identifier,units,amount',
    '2026-10,spotify,US,USGSE2600001,1000,400',
    '2026-10,spotify,GB,USGSE2600001,500,200',
    '2026-10,apple_music,US,012345678905,10,990',
    '2026-10,spotify,US,USGSE2600002,70,30',
    '2026-10,deezer,FR,XX-UNKNOWN-1,5,2',
  ].join('\n');

  it('matches lines to the importer\'s own releases, keeps the rest unmatched, and sends each content\'s money to its contract', async () => {
    const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1']]));
    const result = await run(sink, october);
    expect(result.statement).toMatchObject({ lines: 5, matched: 3, unmatched: 2, duplicates: 0, amount: 1590 });
    expect(result.unmatchedLines.map((l) => [l.lineNumber, l.identifier])).toEqual([
      [5, 'USGSE2600002'],
      [6, 'XX-UNKNOWN-1'],
    ]);
    expect(sink.total(mine.contentId)).toBe(1590);
    expect(sink.total(theirs.contentId)).toBe(0);
    expect(result.earnings).toMatchObject({ connected: true, attributedCents: 1590, contracts: 1, unattributedCents: 0 });
    expect(result.message).toContain('$15.90 added to the pending earnings of 1 contract');

    expect(await findRoyaltyBreakdown(db, mine.id, owner)).toEqual({
      distributionId: mine.id,
      totalAmount: 1590,
      totalStreams: 1510,
      breakdown: [
        { store: 'apple_music', storeName: 'Apple Music', amount: 990, streams: 10 },
        { store: 'spotify', storeName: 'Spotify', amount: 600, streams: 1500 },
      ],
    });
    expect(await findRoyaltyBreakdown(db, theirs.id, stranger)).toMatchObject({ totalAmount: 0, breakdown: [] });
    expect((await listStatements(db, owner)).map((s) => s.statementId)).toEqual([result.statement.statementId]);
    expect(await listStatements(db, stranger)).toEqual([]);
    expect((await listUnmatchedLines(db, owner)).map((l) => l.identifier)).toEqual(['USGSE2600002', 'XX-UNKNOWN-1']);
  });

  it('re-importing the same statement changes nothing: every line a duplicate, no new money, the same breakdown', async () => {
    const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1']]));
    const again = await run(sink, october);
    expect(again.statement).toMatchObject({ lines: 5, matched: 0, unmatched: 0, duplicates: 5, amount: 0 });
    expect(again.message).toBe('All 5 lines were imported before; nothing changed.');
    expect(again.earnings).toMatchObject({ attributedCents: 0, unattributedCents: 0 });
    expect((await findRoyaltyBreakdown(db, mine.id, owner)).totalAmount).toBe(1590);
    expect(await listUnmatchedLines(db, owner)).toHaveLength(2);
    // The earlier batches are offered again under their own references: a sink that missed them
    // (an import that stopped before reaching it) gets them now, once.
    expect(sink.total(mine.contentId)).toBe(1590);
  });

  it('a statement overlapping an earlier one records only its new lines; an identical line twice in one file counts twice', async () => {
    const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1']]));
    const overlap = [
      'period,store,country,identifier,units,amount',
      '2026-10,spotify,US,USGSE2600001,1000,400',
      '2026-11,tidal,US,USGSE2600001,3,7',
      '2026-11,tidal,US,USGSE2600001,3,7',
    ].join('\n');
    const result = await run(sink, overlap);
    expect(result.statement).toMatchObject({ lines: 3, matched: 2, unmatched: 0, duplicates: 1, amount: 14 });
    expect((await findRoyaltyBreakdown(db, mine.id, owner)).breakdown.find((b) => b.store === 'tidal')).toEqual({ store: 'tidal', storeName: 'TIDAL', amount: 14, streams: 6 });
  });

  it('without a contract service connected, lines are recorded and the answer says their earnings were not attributed', async () => {
    const result = await run(null, 'period,store,country,identifier,units,amount\n2026-12,spotify,US,USGSE2600001,1,25\n');
    expect(result.statement).toMatchObject({ matched: 1, amount: 25 });
    expect(result.earnings).toEqual({ connected: false, attributedCents: 0, contracts: 0, unattributedCents: 25, failedCents: 0 });
    expect(result.message).toContain('Earnings were not attributed to royalty contracts');
  });

  it('content without a contract is not attributed, and importing again once it has one attributes it once', async () => {
    const csv = 'period,store,country,identifier,units,amount\n2027-01,spotify,US,USGSE2600001,1,50\n';
    const contracts = new Map<string, string>();
    const sink = new RecordingSink(contracts);
    const first = await run(sink, csv);
    expect(first.earnings).toMatchObject({ attributedCents: 0, unattributedCents: 50 });
    expect(first.message).toContain('$0.50 belongs to content without a royalty contract');
    contracts.set(mine.contentId, 'contract-1');
    await run(sink, csv);
    await run(sink, csv);
    expect(sink.total(mine.contentId)).toBe(50);
  });

  it('two imports of the same lines at once record each line once', async () => {
    const rows = ['period,store,country,identifier,units,amount'];
    for (let i = 0; i < 300; i++) rows.push(`2027-02,spotify,C${String.fromCharCode(65 + (i % 26))},USGSE2600001,${i},${i}`);
    const csv = rows.join('\n');
    const [a, b] = await Promise.all([run(null, csv), run(null, csv)]);
    expect(a.statement.matched + b.statement.matched).toBe(300);
    expect(a.statement.duplicates + b.statement.duplicates).toBe(300);
  });
});
