// The users read model's roles on PGlite: a grant and a revocation (through the user decider) move
// user_roles and tell the user (readModel user, so their browser refetches its roles), and the
// model rebuilt from the events, each applied twice, equals the one built live. A password change
// replaces the hash sign-in reads, and the confirmed address follows its events; both tell the
// user's browsers (readModel account), as does the highest accepted version of the terms. An
// operator's suspension is kept until the reinstatement and listed.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TermsAccepted, UserAccountDeleted, UserEmailConfirmed, UserEmailRemoved, UserPasswordChanged, UserRegistered, userStreamId } from '../../domain/identity/user.events';
import type { Db } from '../../infra/db/db';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { changeRole } from '../../infra/identity/role-grants';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { DELETED_USERNAME } from '../../domain/account-data/deletion-rules';
import { usersProjection } from './projection';
import { findConfirmedEmail, findPasswordHash, findUserIdByConfirmedEmail, isDeletedUser, isSuspendedUser, listSuspendedUsers } from './queries';
import { UserReinstated, UserSuspended } from '../../domain/identity/lockdown.events';

describe('users projection: roles', () => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];

  beforeEach(async () => {
    database = await openOnPglite([usersProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  async function user(username: string): Promise<string> {
    const userId = randomUUID();
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    await store.append(userStreamId(userId), [{ eventId: randomUUID(), ...UserRegistered.create({ userId, username, passwordHash: 'x'.repeat(40) }), metadata }], 'no_stream');
    return userId;
  }

  async function change(userId: string, role: string, action: 'grant' | 'revoke', at: string): Promise<void> {
    const { result } = await changeRole(store, { userId, role, action, by: 'ops-cli:test' }, new Date(at));
    if (result) await projector.waitFor(result.lastPosition);
  }

  const rows = async () => (await db.query<{ user_id: string; role: string }>('SELECT user_id::text AS user_id, role FROM user_roles ORDER BY user_id, role')).rows;

  it('follows grants and revocations, tells the user, and rebuilt equals live', async () => {
    const ada = await user('ada');
    const bea = await user('bea');
    await change(ada, 'reviewer', 'grant', '2026-11-26T10:00:00.000Z');
    await change(ada, 'operator', 'grant', '2026-11-26T10:01:00.000Z');
    await change(ada, 'operator', 'revoke', '2026-11-26T10:02:00.000Z');
    await change(ada, 'operator', 'grant', '2026-11-26T10:03:00.000Z');
    await change(bea, 'auditor', 'grant', '2026-11-26T10:04:00.000Z');
    const live = await rows();
    expect(live).toEqual(
      [{ user_id: ada, role: 'operator' }, { user_id: ada, role: 'reviewer' }, { user_id: bea, role: 'auditor' }].sort((a, b) => a.user_id.localeCompare(b.user_id) || a.role.localeCompare(b.role)),
    );
    expect(changes.filter((c) => c.eventType === 'UserRoleRevoked')).toEqual([expect.objectContaining({ readModel: 'user', ownerId: ada, subjectId: ada })]);

    const events = [...(await store.readStream(userStreamId(ada))), ...(await store.readStream(userStreamId(bea)))];
    await db.query('DELETE FROM user_roles');
    await db.query('DELETE FROM users');
    await db.transaction(async (tx) => {
      for (const event of events) {
        await usersProjection.apply(tx, event);
        await usersProjection.apply(tx, event);
      }
    });
    expect(await rows()).toEqual(live);
  });

  it('clears a deleted account: its name reads "Deleted user", its login name no username can match, its roles go, and a replay changes nothing', async () => {
    const ada = await user('ada');
    await change(ada, 'reviewer', 'grant', '2026-11-26T10:00:00.000Z');
    const metadata = { correlationId: 'test', causationId: null, actor: `user:${ada}`, workflowId: null, occurredAt: new Date().toISOString() };
    const deleted = await store.append(userStreamId(ada), [{ eventId: randomUUID(), ...UserAccountDeleted.create({ userId: ada, deletedAt: '2026-11-29T09:00:00.000Z' }), metadata }], 'any');
    await projector.waitFor(deleted.lastPosition);
    const row = async () => (await db.query('SELECT username, username_lower, password_hash FROM users WHERE id = $1', [ada])).rows[0];
    expect(await row()).toEqual({ username: DELETED_USERNAME, username_lower: `deleted:${ada}`, password_hash: '' });
    expect(await isDeletedUser(db, ada)).toBe(true);
    expect(await rows()).toEqual([]);
    expect(changes.at(-1)).toEqual(expect.objectContaining({ readModel: 'user', ownerId: ada, eventType: 'UserAccountDeleted' }));

    const before = await row();
    const events = await store.readStream(userStreamId(ada));
    await db.transaction(async (tx) => {
      for (const event of events) await usersProjection.apply(tx, event);
    });
    expect(await row()).toEqual(before);
  });
});

describe('users projection: password and e-mail address', () => {
  let database: ProjectionDatabase;

  beforeEach(async () => {
    database = await openOnPglite([usersProjection]);
  });

  afterEach(() => database.close());

  it('follows the password hash and the confirmed address, tells the user, and rebuilt equals live', async () => {
    const { db, store, projector, changes } = database;
    const userId = randomUUID();
    const at = '2026-11-29T09:00:00.000Z';
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: at };
    const events = [
      UserRegistered.create({ userId, username: 'ada', passwordHash: 'old'.repeat(10) }),
      UserPasswordChanged.create({ userId, passwordHash: 'new'.repeat(10), changedAt: at }),
      UserEmailConfirmed.create({ userId, email: 'Ada@Example.org', confirmedAt: at }),
    ];
    const appended = await store.append(userStreamId(userId), events.map((event) => ({ eventId: randomUUID(), ...event, metadata })), 'no_stream');
    await projector.waitFor(appended.lastPosition);
    expect(await findPasswordHash(db, userId)).toBe('new'.repeat(10));
    expect(await findConfirmedEmail(db, userId)).toBe('Ada@Example.org');
    expect(await findUserIdByConfirmedEmail(db, 'ada@example.ORG')).toBe(userId);
    expect(changes.filter((c) => c.readModel === 'account').map((c) => c.eventType)).toEqual(['UserPasswordChanged', 'UserEmailConfirmed']);

    const removed = await store.append(userStreamId(userId), [{ eventId: randomUUID(), ...UserEmailRemoved.create({ userId, removedAt: at }), metadata }], 3);
    await projector.waitFor(removed.lastPosition);
    expect(await findConfirmedEmail(db, userId)).toBeNull();
    expect(await findUserIdByConfirmedEmail(db, 'ada@example.org')).toBeNull();

    const live = (await db.query('SELECT * FROM users')).rows;
    const recorded = await store.readStream(userStreamId(userId));
    await db.query('DELETE FROM users');
    await db.transaction(async (tx) => {
      for (const event of recorded) {
        await usersProjection.apply(tx, event);
        await usersProjection.apply(tx, event);
      }
    });
    expect((await db.query('SELECT * FROM users')).rows).toEqual(live);
  });
});

describe('users projection: the accepted terms', () => {
  let database: ProjectionDatabase;

  beforeEach(async () => {
    database = await openOnPglite([usersProjection]);
  });

  afterEach(() => database.close());

  it('keeps the highest version accepted, tells the user (readModel account), and a replay in any order changes nothing', async () => {
    const { db, store, projector, changes } = database;
    const userId = randomUUID();
    const at = '2026-11-29T10:00:00.000Z';
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: at };
    const termsVersion = async () => (await db.query<{ terms_version: number | null }>('SELECT terms_version FROM users WHERE id = $1', [userId])).rows[0]?.terms_version;
    const registered = await store.append(userStreamId(userId), [{ eventId: randomUUID(), ...UserRegistered.create({ userId, username: 'ada', passwordHash: 'x'.repeat(40) }), metadata }], 'no_stream');
    await projector.waitFor(registered.lastPosition);
    expect(await termsVersion()).toBeNull();

    const accepted = [1, 2].map((version) => ({ eventId: randomUUID(), ...TermsAccepted.create({ userId, documentId: 'terms', version, acceptedAt: at }), metadata }));
    const appended = await store.append(userStreamId(userId), accepted, 1);
    await projector.waitFor(appended.lastPosition);
    expect(await termsVersion()).toBe(2);
    expect(changes.filter((c) => c.eventType === 'TermsAccepted')).toEqual([
      expect.objectContaining({ readModel: 'account', ownerId: userId, subjectId: userId }),
      expect.objectContaining({ readModel: 'account', ownerId: userId, subjectId: userId }),
    ]);

    const [first] = await store.readStream(userStreamId(userId));
    const [one, two] = (await store.readStream(userStreamId(userId))).slice(1);
    await db.transaction(async (tx) => {
      for (const event of [first!, two!, one!, two!]) await usersProjection.apply(tx, event);
    });
    expect(await termsVersion()).toBe(2);
  });
});

describe('users projection: suspensions', () => {
  let database: ProjectionDatabase;

  beforeEach(async () => {
    database = await openOnPglite([usersProjection]);
  });

  afterEach(() => database.close());

  it('keeps a suspension until the reinstatement, lists it, and a replay of the events ends the same', async () => {
    const { store, projector, db } = database;
    const userId = randomUUID();
    const metadata = { correlationId: 'test', causationId: null, actor: 'operator:grace', workflowId: null, occurredAt: new Date().toISOString() };
    const append = async (event: { type: string; data: unknown }) => {
      const result = await store.append(userStreamId(userId), [{ eventId: randomUUID(), ...event, metadata }], 'any');
      await projector.waitFor(result.lastPosition);
    };
    await append(UserRegistered.create({ userId, username: 'mallory', passwordHash: 'x'.repeat(40) }));
    await append(UserSuspended.create({ userId, reason: 'Bulk downloading', decidedBy: 'operator:grace', suspendedAt: '2026-11-29T12:00:00.000Z' }));
    expect(await isSuspendedUser(db, userId)).toBe(true);
    expect(await listSuspendedUsers(db)).toEqual([{ userId, username: 'mallory', reason: 'Bulk downloading', suspendedBy: 'operator:grace', suspendedAt: '2026-11-29T12:00:00.000Z' }]);
    await append(UserReinstated.create({ userId, reason: 'Rights proven', decidedBy: 'operator:grace', reinstatedAt: '2026-11-29T13:00:00.000Z' }));
    expect(await isSuspendedUser(db, userId)).toBe(false);
    expect(await listSuspendedUsers(db)).toEqual([]);
    // Replaying the suspension over the reinstated row suspends it again; replaying the reinstatement lifts it, as the stream ends.
    for (const event of await store.readStream(userStreamId(userId))) await usersProjection.apply(db, event);
    expect(await isSuspendedUser(db, userId)).toBe(false);
  });
});
