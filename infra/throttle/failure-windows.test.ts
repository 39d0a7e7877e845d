// The shared failure windows: counted in one statement, refused at the limit however many processes
// race (on the real Postgres server, two pools standing for two API processes), and the same
// semantics on PGlite, the embedded default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { failureWindowMigrations, FailureWindows, type FailureKey } from './failure-windows';

const postgresUp = await postgresAvailable();
const T0 = new Date('2026-11-29T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
let keyCount = 0;
const newKey = (scope: string, max = 5, windowMs = 60_000): FailureKey => ({ scope, key: `k${++keyCount}`, max, windowMs });

async function failures(db: Db, key: FailureKey): Promise<number | undefined> {
  const { rows } = await db.query<{ failures: number }>('SELECT failures FROM failure_windows WHERE scope = $1 AND key = $2', [key.scope, key.key]);
  return rows[0]?.failures;
}

describe('failure windows on PGlite', () => {
  let db: Db;
  let windows: FailureWindows;

  beforeAll(async () => {
    db = await pooledPglite();
    await migrate(db, failureWindowMigrations);
    windows = new FailureWindows(db);
  });
  afterAll(async () => db?.close());

  it('counts up to the limit, then refuses until the window that started at the first failure ends', async () => {
    const key = newKey('login:account');
    for (let i = 0; i < 5; i++) expect(await windows.attempt([key], at(i * 1000))).toEqual([0]);
    expect(await windows.attempt([key], at(10_000))).toEqual([50_000]);
    expect(await failures(db, key)).toBe(5);
    // The window ends 60 s after the first failure: a new one starts with this attempt.
    expect(await windows.attempt([key], at(60_000))).toEqual([0]);
    expect(await failures(db, key)).toBe(1);
  });

  it('counts against every key or none: a used-up key spares the others', async () => {
    const account = newKey('login:account', 1);
    const address = newKey('login:address', 30);
    expect(await windows.attempt([account, address], T0)).toEqual([0, 0]);
    expect(await windows.attempt([account, address], at(1000))).toEqual([59_000, 0]);
    expect(await failures(db, address)).toBe(1);
  });

  it('forgives one count, resets a key, and settles both at once', async () => {
    const account = newKey('login:account');
    const address = newKey('login:address');
    for (let i = 0; i < 3; i++) await windows.attempt([account, address], T0);
    await windows.forgive([address], T0);
    expect(await failures(db, address)).toBe(2);
    await windows.settle({ reset: [account], forgive: [address] }, T0);
    expect(await failures(db, account)).toBeUndefined();
    expect(await failures(db, address)).toBe(1);
    await windows.reset([address]);
    expect(await failures(db, address)).toBeUndefined();
  });

  it('a window forgiven down to no failures starts afresh at the next attempt', async () => {
    const key = newKey('operator:address', 2);
    await windows.attempt([key], T0);
    await windows.forgive([key], at(1000));
    await windows.attempt([key], at(50_000));
    await windows.attempt([key], at(51_000));
    // The window runs from the attempt at 50 s, not from the forgiven one at 0.
    expect(await windows.attempt([key], at(55_000))).toEqual([55_000]);
  });

  it('sweeps ended windows (a new process sweeps on its first attempt)', async () => {
    const old = newKey('mails:client');
    await windows.attempt([old], T0);
    await new FailureWindows(db).attempt([newKey('mails:client')], at(2 * 60_000));
    expect(await failures(db, old)).toBeUndefined();
  });
});

describe.skipIf(!postgresUp)(`failure windows shared by two processes on the real Postgres${postgresUp ? '' : ` (skipped: no server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let database: TestDatabase;
  let first: Db;
  let second: Db;

  beforeAll(async () => {
    database = await createTestDatabase({ prefix: 'goose_throttle' });
    first = postgresDb(database.url, 10);
    second = postgresDb(database.url, 10);
    await migrate(first, failureWindowMigrations);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  it('80 concurrent attempts through two pools on one key count exactly 5; the rest are refused with the window end', async () => {
    const key = newKey('login:account', 5, 15 * 60_000);
    const processes = [new FailureWindows(first), new FailureWindows(second)];
    const waits = await Promise.all(Array.from({ length: 80 }, (_, i) => processes[i % 2]!.attempt([key], T0)));
    expect(waits.filter(([wait]) => wait === 0)).toHaveLength(5);
    expect(waits.filter(([wait]) => wait! > 0)).toHaveLength(75);
    expect(await failures(first, key)).toBe(5);
  });

  it('a race on one key of two takes back the other key: the shared key never counts more than the attempts let through', async () => {
    const address = newKey('login:address', 30, 15 * 60_000);
    const accounts = Array.from({ length: 40 }, () => newKey('login:account', 5, 15 * 60_000));
    const processes = [new FailureWindows(first), new FailureWindows(second)];
    // 40 accounts from one address, 3 attempts each, all at once: the address admits 30 in all.
    const waits = await Promise.all(accounts.flatMap((account, i) => [0, 1, 2].map(() => processes[i % 2]!.attempt([account, address], T0))));
    const counted = waits.filter((w) => w.every((wait) => wait === 0)).length;
    expect(counted).toBe(30);
    expect(await failures(first, address)).toBe(30);
    const { rows } = await first.query<{ total: string }>(`SELECT sum(failures) AS total FROM failure_windows WHERE scope = 'login:account' AND key = ANY($1)`, [accounts.map((a) => a.key)]);
    expect(Number(rows[0]!.total)).toBe(30);
  });
});
