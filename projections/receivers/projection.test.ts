// The receivers read model on PGlite and on the machine's real Postgres server: rows follow the
// receivers' events, the owner is told, a replayed event changes nothing, removed receivers leave
// every listing, and ReceiversOf answers what the payouts need.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { royaltyReceiversDecider, type RoyaltyReceiversCommand } from '../../domain/royalties/royalty-receivers.decider';
import { royaltyReceiversStreamId } from '../../domain/royalties/royalty-receivers.events';
import type { Db } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { receiversProjection } from './projection';
import { receiversOf } from '../../infra/royalties/receivers-of';
import { findReceiver, listOwnerReceivers } from './queries';

const NOW = '2026-11-26T10:00:00.000Z';

describeOnEachDatabase('receivers projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];
  const ownerId = randomUUID();
  const contentId = randomUUID();
  const invitee = randomUUID();

  beforeEach(async () => {
    database = await open([receiversProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  const run = async (command: RoyaltyReceiversCommand) => {
    const { result } = await handleCommand(store, royaltyReceiversStreamId(contentId), royaltyReceiversDecider, command, { correlationId: 'test', actor: `user:${ownerId}` });
    if (result) await projector.waitFor(result.lastPosition);
  };
  const add = (receiverId: string, email: string, royaltyPercentage: number, receiverWallet: string | null = null): RoyaltyReceiversCommand => ({
    type: 'AddReceiver',
    data: { contentId, ownerId, receiverId, receiverName: 'Ana', receiverEmail: email, royaltyPercentage, receiverWallet, creatorShare: 85 },
  });

  it('lists the receivers with their invitation states, tells the owner, and answers ReceiversOf without removed ones', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await run(add(a, 'a@example.com', 12.5, 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'));
    await run(add(b, 'b@example.com', 20));
    await run(add(c, 'c@example.com', 5));
    await run({ type: 'RecordInvitationSent', data: { receiverId: a, sentAt: NOW, deliveredTo: 'outbox/a.eml' } });
    await run({ type: 'AcceptInvitation', data: { receiverId: a, userId: invitee, at: NOW } });
    await run({ type: 'DeclineInvitation', data: { receiverId: b, userId: invitee, at: NOW } });
    await run({ type: 'RemoveReceiver', data: { receiverId: c, at: NOW } });

    const listed = await listOwnerReceivers(db, ownerId, contentId);
    expect(listed.map((r) => [r.receiverEmail, r.invitationStatus, r.royaltyPercentage])).toEqual([
      ['a@example.com', 'accepted', 12.5],
      ['b@example.com', 'declined', 20],
    ]);
    expect(listed[0]).toMatchObject({ invitationSentAt: NOW, acceptedAt: NOW, acceptedUserId: invitee });
    expect(await listOwnerReceivers(db, ownerId)).toHaveLength(2);
    expect(await listOwnerReceivers(db, randomUUID(), contentId)).toEqual([]);
    expect(await findReceiver(db, c)).toBeNull();

    expect(await receiversOf(db)(contentId)).toEqual([
      { receiverId: a, receiverName: 'Ana', receiverEmail: 'a@example.com', royaltyPercentage: 12.5, receiverWallet: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', invitationStatus: 'accepted', acceptedUserId: invitee },
      { receiverId: b, receiverName: 'Ana', receiverEmail: 'b@example.com', royaltyPercentage: 20, receiverWallet: null, invitationStatus: 'declined', acceptedUserId: null },
    ]);
    expect(changes).toHaveLength(7);
    expect(changes.every((change) => change.readModel === 'receivers' && change.ownerId === ownerId && change.subjectId === contentId)).toBe(true);
  });

  it('applies a replayed event once', async () => {
    const a = randomUUID();
    await run(add(a, 'a@example.com', 10));
    await run({ type: 'AcceptInvitation', data: { receiverId: a, userId: invitee, at: NOW } });
    const events = await store.readStream(royaltyReceiversStreamId(contentId));
    const before = await listOwnerReceivers(db, ownerId, contentId);
    for (const event of events) expect(await db.transaction((tx) => receiversProjection.apply(tx, event))).toBeNull();
    expect(await listOwnerReceivers(db, ownerId, contentId)).toEqual(before);
  });
});
