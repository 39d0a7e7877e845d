// The upload locker across two processes (two lockers, each its own connection, on the real Postgres
// server): a held upload is asked for through its holder, a holder that keeps it makes the other wait
// until tus's lock timeout, and a holder whose connection dies is told to stop while the lock passes on.
import { ERRORS } from '@tus/server';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, TEST_DATABASE_URL } from '../../tests/support/postgres';
import { AdvisoryUploadLocker } from './advisory-upload-locker';

const postgresUp = await postgresAvailable();
const never = () => new AbortController().signal;

describe.skipIf(!postgresUp)(`upload locks shared by two processes on the real Postgres${postgresUp ? '' : ` (skipped: no server at ${new URL(TEST_DATABASE_URL).host})`}`, () => {
  let first: AdvisoryUploadLocker;
  let second: AdvisoryUploadLocker;

  beforeAll(() => {
    first = new AdvisoryUploadLocker({ connectionString: TEST_DATABASE_URL, acquireLockTimeoutMs: 2_000, retryMs: 20 });
    second = new AdvisoryUploadLocker({ connectionString: TEST_DATABASE_URL, acquireLockTimeoutMs: 400, retryMs: 20 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('a request on the other process asks the holder to let go, and gets the lock once it does', async () => {
    const id = randomUUID();
    const held = first.newLock(id);
    let asked = 0;
    await held.lock(never(), async () => {
      asked += 1;
      await held.unlock();
    });
    const started = Date.now();
    await second.newLock(id).lock(never(), () => undefined);
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(first.holders.has(id)).toBe(false);
    expect(second.holders.get(id)?.acquired).toBe(true);
    await second.newLock(id).unlock();
  });

  it('a holder that keeps the upload makes the other wait until the lock timeout (tus answers 500); released, it is free', async () => {
    const id = randomUUID();
    const held = first.newLock(id);
    await held.lock(never(), () => undefined);
    await expect(second.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(second.holders.has(id)).toBe(false);
    await held.unlock();
    const next = second.newLock(id);
    await next.lock(never(), () => undefined);
    await next.unlock();
  });

  it('a stopped request stops waiting at once', async () => {
    const id = randomUUID();
    const held = first.newLock(id);
    await held.lock(never(), () => undefined);
    const stop = new AbortController();
    const waiting = second.newLock(id).lock(stop.signal, () => undefined);
    stop.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('within one process requests queue: the newer asks the older to let go', async () => {
    const id = randomUUID();
    const older = first.newLock(id);
    let asked = false;
    await older.lock(never(), async () => {
      asked = true;
      await older.unlock();
    });
    const newer = first.newLock(id);
    await newer.lock(never(), () => undefined);
    expect(asked).toBe(true);
    await newer.unlock();
  });

  it('when the holding connection dies, its holder is told to stop and the other process takes the upload', async () => {
    const id = randomUUID();
    const dying = new AdvisoryUploadLocker({ connectionString: TEST_DATABASE_URL });
    try {
      let told = false;
      await dying.newLock(id).lock(never(), () => {
        told = true;
      });
      const { rows } = await (await dying.client()).query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0]!.pid;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      const next = second.newLock(id);
      await next.lock(never(), () => undefined);
      await next.unlock();
      await expect.poll(() => told).toBe(true);
    } finally {
      await dying.close();
    }
  });
});
