// Sessions: a valid one is believed for a few seconds without a database round trip, a logout here
// forgets it at once, and one revoked elsewhere (another instance) is noticed within the recheck time.
// The settings page lists them with their device and last use (written at most once a minute) and
// revokes them by public id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { randomUUID } from 'node:crypto';
import { LAST_USED_RESOLUTION_MS, SESSION_RECHECK_MS, SESSION_TTL_MS, sessionMigrations, SessionStore } from './session-store';

let db: Db;
const userId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';

beforeAll(async () => {
  db = await pooledPglite();
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

describe('session store: the settings page\'s list', () => {
  it('lists a user\'s sessions by public id with the User-Agent, never the token, and not another user\'s', async () => {
    const sessions = new SessionStore(db);
    const owner = randomUUID();
    const { token } = await sessions.create(owner, new Date(), 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    await sessions.create(randomUUID());
    const listed = await sessions.activeSessions(owner);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.userAgent).toContain('Firefox');
    expect(listed[0]!.id).not.toBe(token);
    expect((await sessions.sessionFor(token))?.sessionId).toBe(listed[0]!.id);
  });

  it('records the last use at most once a minute', async () => {
    const sessions = new SessionStore(db);
    const owner = randomUUID();
    const start = new Date();
    const { token } = await sessions.create(owner, start);
    const lastUsed = async () => (await sessions.activeSessions(owner, start))[0]!.lastUsedAt.getTime();
    await sessions.sessionFor(token, new Date(start.getTime() + LAST_USED_RESOLUTION_MS - 1000));
    expect(await lastUsed()).toBe(start.getTime());
    const minuteLater = new Date(start.getTime() + LAST_USED_RESOLUTION_MS);
    await sessions.sessionFor(token, minuteLater);
    expect(await lastUsed()).toBe(minuteLater.getTime());
    // Past the recheck time (read from the database again) but within the minute: not written again.
    await sessions.sessionFor(token, new Date(minuteLater.getTime() + SESSION_RECHECK_MS + 1000));
    expect(await lastUsed()).toBe(minuteLater.getTime());
  });

  it('revokes one session by id for its owner only, and forgets it at once', async () => {
    const sessions = new SessionStore(db);
    const owner = randomUUID();
    const { token } = await sessions.create(owner);
    const id = (await sessions.sessionFor(token))!.sessionId;
    expect(await sessions.revoke(randomUUID(), id)).toBe(false);
    expect(await sessions.revoke(owner, 'not-an-id')).toBe(false);
    expect(await sessions.revoke(owner, id)).toBe(true);
    expect(await sessions.sessionFor(token)).toBeNull();
  });

  it('ends every other session of the user and keeps the one named', async () => {
    const sessions = new SessionStore(db);
    const owner = randomUUID();
    const kept = await sessions.create(owner);
    const others = [await sessions.create(owner), await sessions.create(owner)];
    for (const other of others) expect(await sessions.userIdFor(other.token)).toBe(owner);
    const keptId = (await sessions.sessionFor(kept.token))!.sessionId;
    expect(await sessions.revokeOthers(owner, keptId)).toBe(2);
    for (const other of others) expect(await sessions.userIdFor(other.token)).toBeNull();
    expect(await sessions.userIdFor(kept.token)).toBe(owner);
  });
});
