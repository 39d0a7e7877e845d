// The notification mail dispatcher against the real read model on PGlite and the outbox mailer: a
// dispute against a user's work is mailed once to their confirmed address with a signed one-click
// unsubscribe (RFC 8058 headers and the link), nothing is mailed without a confirmed address, to a
// user who turned that kind's mail off, or for a notification older than two days, and a rebuild of
// the read model sends nothing again.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DisputeFiled, disputeStreamId } from '../../domain/disputes/dispute.events';
import { UserEmailConfirmed, userStreamId } from '../../domain/identity/user.events';
import { inboxDecider } from '../../domain/notifications/inbox.decider';
import { inboxStreamId } from '../../domain/notifications/inbox.events';
import { notificationsProjection } from '../../projections/notifications/projection';
import { unsentNotificationMail } from '../../projections/notifications/queries';
import { rebuildProjections } from '../../projections/projector';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { handleCommand } from '../eventstore/command-handler';
import { listOutbox, OutboxMailer } from '../mail/mailer';
import { MAIL_MAX_AGE_MS, NotificationMailDispatcher } from './mail-dispatcher';
import { unsubscribeTokens } from './unsubscribe-tokens';

const ORIGIN = 'https://goose.example';

describe('notification mail dispatcher', () => {
  let database: ProjectionDatabase;
  let outbox: string;
  let now: Date;
  let dispatcher: NotificationMailDispatcher;
  const tokens = unsubscribeTokens(Buffer.alloc(32, 7));

  beforeEach(async () => {
    database = await openOnPglite([notificationsProjection]);
    outbox = await mkdtemp(path.join(os.tmpdir(), 'goose-notification-mail-'));
    now = new Date();
    const { db } = database;
    dispatcher = new NotificationMailDispatcher({
      db,
      unsent: unsentNotificationMail(db),
      mailer: new OutboxMailer(outbox),
      tokens,
      publicOrigin: () => ORIGIN,
      now: () => now,
    });
  });

  afterEach(async () => {
    await database.close();
    await rm(outbox, { recursive: true, force: true });
  });

  async function record(streamId: string, event: { type: string; data: unknown }): Promise<void> {
    const before = (await database.store.readStream(streamId)).length;
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    const result = await database.store.append(streamId, [{ eventId: randomUUID(), metadata, ...event }], before === 0 ? 'no_stream' : before);
    await database.projector.waitFor(result.lastPosition);
  }

  const confirm = (userId: string, email: string) => record(userStreamId(userId), UserEmailConfirmed.create({ userId, email, confirmedAt: new Date().toISOString() }));
  const disputeAgainst = (ownerId: string) => {
    const disputeId = randomUUID();
    return record(
      disputeStreamId(disputeId),
      DisputeFiled.create({
        disputeId, kind: 'dispute', workId: randomUUID(), workTitle: 'Night Drive', ownerId, ownerName: 'olivia', claimant: { userId: randomUUID(), name: 'carl' },
        disputeType: 'ownership_claim', priority: 'medium', subject: 'Mine', description: 'Mine', claimedRights: [], estimatedValueCents: 0,
        filedAt: new Date().toISOString(), answerDueAt: '2026-12-31T10:00:00.000Z',
      }),
    );
  };

  it('mails a dispute against your work once, to your confirmed address, with a signed one-click unsubscribe', async () => {
    const ownerId = randomUUID();
    await confirm(ownerId, 'olivia@example.com');
    await disputeAgainst(ownerId);
    expect(await dispatcher.dispatch()).toBe(1);
    expect(await dispatcher.dispatch()).toBe(0);

    const [entry, ...others] = await listOutbox(outbox);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ to: 'olivia@example.com', subject: 'GOOSE: A dispute was filed against "Night Drive"', kind: 'notification-dispute_against_you' });
    expect(entry!.link).toMatch(new RegExp(`^${ORIGIN}/dispute-management\\?dispute=`));
    const eml = await readFile(path.join(outbox, entry!.eml), 'utf8');
    const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(eml)?.[1];
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(eml).toContain(`Stop these mails ("dispute_against_you"): ${unsubscribe}`);
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    expect(tokens.verify(token)).toEqual({ userId: ownerId, kind: 'dispute_against_you' });

    // A rebuild makes the same notification again; it is not mailed again.
    await database.projector.stop();
    await rebuildProjections(database.db, database.store, [notificationsProjection]);
    expect(await dispatcher.dispatch()).toBe(0);
    expect(await listOutbox(outbox)).toHaveLength(1);
  });

  it('mails nothing without a confirmed address, to a user who turned the kind off, or older than two days', async () => {
    await disputeAgainst(randomUUID());

    const mailOff = randomUUID();
    await confirm(mailOff, 'off@example.com');
    const stopped = await handleCommand(database.store, inboxStreamId(mailOff), inboxDecider, { type: 'StopNotificationMail', data: { userId: mailOff, kind: 'dispute_against_you', changedAt: new Date().toISOString() } }, { correlationId: 't', actor: 'test' });
    await database.projector.waitFor(stopped.result!.lastPosition);
    await disputeAgainst(mailOff);
    expect(await dispatcher.dispatch()).toBe(0);

    const late = randomUUID();
    await confirm(late, 'late@example.com');
    await disputeAgainst(late);
    now = new Date(Date.now() + MAIL_MAX_AGE_MS + 60_000);
    expect(await dispatcher.dispatch()).toBe(0);
    expect(await listOutbox(outbox)).toEqual([]);
  });
});
