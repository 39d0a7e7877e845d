// The operator's payable-money commands on a real Postgres store: a partner's statement imported
// from a file (once per checksum, whatever its name), the partner's funds recorded (once per
// reference), and the command lines they read.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { reconciliationStreamId } from '../../domain/royalties/reconciliation.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { insertStandInRelease } from '../../tests/support/distributions-stand-in';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../tests/support/postgres';
import { importStatementOnStore, parseImportStatementArgs, parseRecordFundsArgs, recordFundsOnStore } from './statements';

const postgresUp = await postgresAvailable();

describe('import-statement and record-funds command lines', () => {
  it('reads the partner, the file, the period, whole cents and the reference', () => {
    expect(parseImportStatementArgs(['--partner', 'acme', '--operator', 'ana', 'oct.csv'])).toEqual({ partnerId: 'acme', file: 'oct.csv', operator: 'ana', api: null });
    expect(parseRecordFundsArgs(['--partner', 'acme', '--period', '2026-10', '--amount-cents', '123456', '--reference', ' WIRE-7 ', '--api', 'http://localhost:3000'])).toMatchObject({
      partnerId: 'acme', period: '2026-10', amountCents: 123_456, reference: 'WIRE-7', api: 'http://localhost:3000',
    });
  });
});

describe.skipIf(!postgresUp)(`payable money commands on ${postgresUp ? 'a real Postgres server' : 'Postgres (skipped: no server at TEST_DATABASE_URL)'}`, () => {
  let database: TestDatabase;
  let db: Db;
  let eventStore: PostgresEventStore;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url);
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-ops-statements-'));
  });

  afterAll(async () => {
    await eventStore?.close();
    await db?.close();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('imports a file once, records funds once, and releases the claim up to the funds', async () => {
    await insertStandInRelease(db, { ownerId: randomUUID(), isrc: 'QZCLI2600001', songName: 'Night Drive' });
    const file = path.join(dir, 'acme-october.csv');
    await writeFile(file, 'period,store,country,identifier,units,amount\n2026-10,spotify,US,QZCLI2600001,10,1500\n');
    const first = await importStatementOnStore({ db, eventStore }, { partnerId: 'acme', file, operator: 'ana', api: null });
    expect(first.alreadyImported).toBe(false);
    expect(first.message).toContain('acme 2026-10: $15.00 claimed, $0.00 funded, $0.00 released');
    const copy = path.join(dir, 'renamed.csv');
    await writeFile(copy, 'period,store,country,identifier,units,amount\n2026-10,spotify,US,QZCLI2600001,10,1500\n');
    expect((await importStatementOnStore({ db, eventStore }, { partnerId: 'acme', file: copy, operator: 'ana', api: null })).alreadyImported).toBe(true);

    const funds = { partnerId: 'acme', period: '2026-10', amountCents: 1000, reference: 'WIRE-1', operator: 'ana', api: null };
    expect(await recordFundsOnStore({ eventStore }, funds)).toMatchObject({ recorded: true, message: expect.stringContaining('$10.00 released to royalty contracts') });
    expect(await recordFundsOnStore({ eventStore }, funds)).toMatchObject({ recorded: false, message: expect.stringContaining('WIRE-1 was recorded before') });
    const released = (await eventStore.readStream(reconciliationStreamId('acme', '2026-10'))).filter((e) => e.type === 'PayableEarningsReleased');
    expect(released.map((e) => (e.data as { releases: Array<{ amountCents: number }> }).releases.map((r) => r.amountCents))).toEqual([[1000]]);
    expect(released[0]!.metadata.actor).toBe('operator:ana');
  });
});
