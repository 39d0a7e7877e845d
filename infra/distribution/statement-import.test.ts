// The statement import end to end on a real Postgres server. Self-reported (a creator's upload):
// lines matched to the importer's own releases through the `distributions` table, unmatched lines
// kept and listed, a re-import that changes nothing, nothing ever handed to the earnings sink, and
// the read models behind the statements list and the royalty breakdown. Payable (a partner's
// statement): each line's source kept, any release matched, a file imported once per checksum,
// claims released only up to the partner's funds, and a sink that failed or a content without a
// contract yet completed by the period's next run, each release recorded on its contract once.
import { createHash, randomUUID } from 'node:crypto';
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
import { reconciliationProjection } from '../../projections/reconciliation/projection';
import { listPartnerPeriods } from '../../projections/reconciliation/queries';
import { recordPartnerFunds } from '../royalties/reconciliation';
import { importStatement, payableStatementImporter } from './statement-import';
import { readStatementCsv } from './statement-csv';
import { payableLinesStreamId, statementLineBucket } from '../../domain/distribution/sales-statement.events';

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

const recordedTotal = (recording: RecordingSink) => [...recording.recorded.values()].reduce((sum, e) => sum + e.amountCents, 0);

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
    projector = new Projector(db, eventStore, [statementsProjection, reconciliationProjection]);
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

  async function run(csv: string, importerId = owner) {
    const result = await importStatement({ eventStore, releases: postgresReleaseLookup(db) }, { importerId, fileName: 'october.csv', lines: await readStatementCsv(once(csv)), correlationId: randomUUID() });
    if (result.lastPosition) await projector.waitFor(result.lastPosition);
    return result;
  }

  async function payable(earnings: RoyaltyEarningsSink | null, csv: string, partnerId = 'acme', fileName = 'acme.csv') {
    const importer = payableStatementImporter({ eventStore, releases: postgresReleaseLookup(db), earnings });
    const checksum = createHash('sha256').update(csv).digest('hex');
    const result = await importer({ source: { partnerId, channel: 'operator_import', fileName, checksum, importedBy: 'operator:ops' }, lines: await readStatementCsv(once(csv)), correlationId: randomUUID() });
    if (result.lastPosition) await projector.waitFor(result.lastPosition);
    return result;
  }

  async function funds(earnings: RoyaltyEarningsSink | null, partnerId: string, period: string, amountCents: number, reference: string) {
    const result = await recordPartnerFunds({ eventStore, earnings }, { partnerId, period, amountCents, reference, recordedBy: 'operator:ops' }, { correlationId: randomUUID(), actor: 'operator:ops' });
    if (result.reconciliation.lastPosition) await projector.waitFor(result.reconciliation.lastPosition);
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

  describe('a creator\'s upload (self-reported)', () => {
    it('matches lines to the importer\'s own releases, keeps the rest unmatched, and marks it all self-reported', async () => {
      const result = await run(october);
      expect(result.statement).toMatchObject({ lines: 5, matched: 3, unmatched: 2, duplicates: 0, amount: 1590, selfReported: true, source: 'self_reported' });
      expect(result.unmatchedLines.map((l) => [l.lineNumber, l.identifier])).toEqual([
        [5, 'USGSE2600002'],
        [6, 'XX-UNKNOWN-1'],
      ]);
      expect(result.message).toContain('never becomes pending earnings, a payout or tokens');

      expect(await findRoyaltyBreakdown(db, mine.id, owner)).toEqual({
        totalAmount: 1590,
        totalStreams: 1510,
        selfReportedAmount: 1590,
        payableAmount: 0,
        breakdown: [
          { store: 'apple_music', storeName: 'Apple Music', amount: 990, streams: 10, selfReported: true },
          { store: 'spotify', storeName: 'Spotify', amount: 600, streams: 1500, selfReported: true },
        ],
      });
      expect(await findRoyaltyBreakdown(db, theirs.id, stranger)).toMatchObject({ totalAmount: 0, breakdown: [] });
      expect((await listStatements(db, owner)).map((s) => [s.statementId, s.selfReported])).toEqual([[result.statement.statementId, true]]);
      expect(await listStatements(db, stranger)).toEqual([]);
      expect((await listUnmatchedLines(db, owner)).map((l) => [l.identifier, l.selfReported])).toEqual([
        ['USGSE2600002', true],
        ['XX-UNKNOWN-1', true],
      ]);
    });

    it('re-importing the same statement changes nothing: every line a duplicate, the same breakdown', async () => {
      const again = await run(october);
      expect(again.statement).toMatchObject({ lines: 5, matched: 0, unmatched: 0, duplicates: 5, amount: 0 });
      expect(again.message).toMatch(/^All 5 lines were imported before; nothing changed\. A statement you upload yourself is self-reported/);
      expect((await findRoyaltyBreakdown(db, mine.id, owner)).totalAmount).toBe(1590);
      expect(await listUnmatchedLines(db, owner)).toHaveLength(2);
    });

    it('a statement overlapping an earlier one records only its new lines; an identical line twice in one file counts twice', async () => {
      const overlap = [
        'period,store,country,identifier,units,amount',
        '2026-10,spotify,US,USGSE2600001,1000,400',
        '2026-11,tidal,US,USGSE2600001,3,7',
        '2026-11,tidal,US,USGSE2600001,3,7',
      ].join('\n');
      const result = await run(overlap);
      expect(result.statement).toMatchObject({ lines: 3, matched: 2, unmatched: 0, duplicates: 1, amount: 14 });
      expect((await findRoyaltyBreakdown(db, mine.id, owner)).breakdown.find((b) => b.store === 'tidal')).toEqual({ store: 'tidal', storeName: 'TIDAL', amount: 14, streams: 6, selfReported: true });
    });

    it('two imports of the same lines at once record each line once', async () => {
      const rows = ['period,store,country,identifier,units,amount'];
      for (let i = 0; i < 300; i++) rows.push(`2027-02,spotify,C${String.fromCharCode(65 + (i % 26))},USGSE2600001,${i},${i}`);
      const csv = rows.join('\n');
      const [a, b] = await Promise.all([run(csv), run(csv)]);
      expect(a.statement.matched + b.statement.matched).toBe(300);
      expect(a.statement.duplicates + b.statement.duplicates).toBe(300);
    });
  });

  describe('a partner\'s statement (payable)', () => {
    it('matches any release, keeps its source, claims it for the period and releases nothing before funds', async () => {
      const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1'], [theirs.contentId, 'contract-2']]));
      const result = await payable(sink, 'period,store,country,identifier,units,amount\n2026-05,spotify,US,USGSE2600001,10,500\n2026-05,spotify,US,USGSE2600002,10,300\n2026-05,spotify,US,NOPE,1,1\n');
      expect(result).toMatchObject({ alreadyImported: false, lines: 3, matched: 2, unmatched: 1, amountCents: 800 });
      expect(result.unmatchedLines.map((l) => l.reason)).toEqual(['No release has this ISRC, UPC or release id']);
      expect(result.periods.map(({ lastPosition: _, ...p }) => p)).toEqual([
        { partnerId: 'acme', period: '2026-05', claimedCents: 800, fundedCents: 0, releasedCents: 0, unreconciledCents: 800, deliveredCents: 0, undeliveredCents: 0 },
      ]);
      expect(sink.calls).toBe(0);
      const recorded = await eventStore.readStream(payableLinesStreamId('acme', '2026-05', statementLineBucket('USGSE2600001')));
      expect(recorded.map((e) => (e.data as { source?: unknown }).source)).toEqual([
        { partnerId: 'acme', channel: 'operator_import', fileName: 'acme.csv', importedBy: 'operator:ops', checksum: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
      const breakdown = await findRoyaltyBreakdown(db, mine.id, owner);
      expect(breakdown.payableAmount).toBe(500);

      const paid = await funds(sink, 'acme', '2026-05', 800, 'ACME-MAY');
      expect(paid.reconciliation).toMatchObject({ releasedCents: 800, deliveredCents: 800, unreconciledCents: 0 });
      expect([sink.total(mine.contentId), sink.total(theirs.contentId)]).toEqual([500, 300]);
      expect(await listPartnerPeriods(db)).toContainEqual({ partnerId: 'acme', period: '2026-05', claimed: 800, funded: 800, released: 800, unreconciled: 0 });
    });

    it('the same file again is imported once, whatever its name', async () => {
      const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1']]));
      const csv = 'period,store,country,identifier,units,amount\n2026-04,spotify,US,USGSE2600001,10,900\n';
      const first = await payable(sink, csv, 'acme', 'april.csv');
      const second = await payable(sink, csv, 'acme', 'renamed.csv');
      expect(first.alreadyImported).toBe(false);
      expect(second).toMatchObject({ alreadyImported: true, statementId: first.statementId, lines: 1, matched: 1 });
      // Another partner's identical file is its own statement.
      expect((await payable(sink, csv, 'other', 'april.csv')).alreadyImported).toBe(false);
    });

    it('a release the sink failed on, or made before the content had a contract, is delivered by the next run, once', async () => {
      const contracts = new Map<string, string>();
      const working = new RecordingSink(contracts);
      const failing: RoyaltyEarningsSink = {
        record: async () => {
          throw new Error('the contract stream is busy');
        },
      };
      await payable(failing, 'period,store,country,identifier,units,amount\n2026-03,spotify,US,USGSE2600001,1,75\n');
      const failed = await funds(failing, 'acme', '2026-03', 75, 'ACME-MAR');
      expect(failed.reconciliation).toMatchObject({ releasedCents: 75, deliveredCents: 0, undeliveredCents: 75 });
      expect(failed.message).toContain('sent again by the period\'s next reconciliation');
      // No contract yet: released, not delivered.
      const noContract = await funds(working, 'acme', '2026-03', 75, 'ACME-MAR');
      expect(noContract.reconciliation).toMatchObject({ releasedCents: 75, undeliveredCents: 75 });
      contracts.set(mine.contentId, 'contract-1');
      const delivered = await funds(working, 'acme', '2026-03', 75, 'ACME-MAR');
      expect(delivered).toMatchObject({ recorded: false, reconciliation: { releasedCents: 75, deliveredCents: 75, undeliveredCents: 0 } });
      await funds(working, 'acme', '2026-03', 75, 'ACME-MAR');
      expect(recordedTotal(working)).toBe(75);
      expect(working.calls).toBe(2);
    });

    it('funds and statements in any order, at once and twice: the period never releases more than its funds', async () => {
      const sink = new RecordingSink(new Map([[mine.contentId, 'contract-1'], [theirs.contentId, 'contract-2']]));
      const rows = ['period,store,country,identifier,units,amount'];
      for (let i = 0; i < 200; i++) rows.push(`2026-02,spotify,C${String.fromCharCode(65 + (i % 26))},${i % 3 === 0 ? 'USGSE2600002' : 'USGSE2600001'},${i},${100 + i}`);
      const csv = rows.join('\n');
      const claimed = rows.slice(1).reduce((sum, row) => sum + Number(row.split(',')[5]), 0);
      await Promise.all([
        funds(sink, 'zeta', '2026-02', 5_000, 'Z-1'),
        payable(sink, csv, 'zeta'),
        payable(sink, csv, 'zeta', 'again.csv'),
        funds(sink, 'zeta', '2026-02', 5_000, 'Z-1'),
        funds(sink, 'zeta', '2026-02', 2_500, 'Z-2'),
      ]);
      const settled = await funds(sink, 'zeta', '2026-02', 2_500, 'Z-2');
      expect(settled.reconciliation).toMatchObject({ claimedCents: claimed, fundedCents: 7_500, releasedCents: 7_500, undeliveredCents: 0 });
      const zeta = [...sink.recorded.values()].filter((e) => e.reference.startsWith('payable-zeta-'));
      expect(zeta.reduce((sum, e) => sum + e.amountCents, 0)).toBe(7_500);
    });
  });
});
