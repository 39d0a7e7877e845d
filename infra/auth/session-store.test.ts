// Sessions: a valid one is believed for a few seconds without a database round trip, a logout here
// forgets it at once, and one revoked elsewhere (another instance) is noticed within the recheck time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { SESSION_RECHECK_MS, SESSION_TTL_MS, sessionMigrations, SessionStore } from './session-store';

let db: Db;
const userId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';

beforeAll(async () => {
  db = await pgliteDb();
  await migrate(db, sessionMigrations);
});

afterAll(async () => {
  await db.close();
});

describe('session store', () => {
  it('forgets a session destroyed here at once', async () => {
    const sessions = new SessionStore(db);
    const { token } = await sessions.create(userId);
    expect(await sessions.userIdFor(token)).toBe(userId);
    await sessions.destroy(token);
    expect(await sessions.userIdFor(token)).toBeNull();
  });

  it('notices a session revoked by another instance once the recheck time has passed', async () => {
    const here = new SessionStore(db);
    const elsewhere = new SessionStore(db);
    const now = new Date();
    const { token } = await here.create(userId, now);
    expect(await here.userIdFor(token, now)).toBe(userId);
    await elsewhere.destroy(token);
    expect(await here.userIdFor(token, new Date(now.getTime() + SESSION_RECHECK_MS - 1))).toBe(userId);
    expect(await here.userIdFor(token, new Date(now.getTime() + SESSION_RECHECK_MS))).toBeNull();
  });

  it('never answers for an expired session, remembered or not', async () => {
    const sessions = new SessionStore(db);
    const created = new Date(Date.now() - SESSION_TTL_MS + 1000);
    const { token } = await sessions.create(userId, created);
    const justBefore = new Date(created.getTime() + SESSION_TTL_MS - 500);
    expect(await sessions.userIdFor(token, justBefore)).toBe(userId);
    expect(await sessions.userIdFor(token, new Date(created.getTime() + SESSION_TTL_MS))).toBeNull();
    expect(await sessions.userIdFor('not-a-session')).toBeNull();
  });

  it('ends every session of one user at once, remembered ones included, and no one else\'s', async () => {
    const sessions = new SessionStore(db);
    const leaving = '0f3c7a52-3f7e-4a55-9d6e-2b8f0d7c1a33';
    const [first, second, other] = [await sessions.create(leaving), await sessions.create(leaving), await sessions.create(userId)];
    expect(await sessions.userIdFor(first.token)).toBe(leaving);
    expect(await sessions.destroyAllOf(leaving)).toBe(2);
    expect(await sessions.userIdFor(first.token)).toBeNull();
    expect(await sessions.userIdFor(second.token)).toBeNull();
    expect(await sessions.userIdFor(other.token)).toBe(userId);
  });
});
