// The waiting_list_entries read model on PGlite and on the machine's real Postgres server: counts
// hold confirmed entries only (priority among them), an unconfirmed entry shows no code and no
// referrals, a referral counts once the referred address is confirmed and once per address, a
// later proven priority choice replaces the first, a replayed event changes nothing, and the model
// rebuilt from the events equals the one built live.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { waitingListDecider, type WaitingListCommand } from '../../domain/waiting-list/waiting-list.decider';
import { waitingListStreamId } from '../../domain/waiting-list/waiting-list.events';
import type { Db } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { START } from '../../infra/eventstore/event-store';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { Projector } from '../projector';
import { waitingListProjection } from './projection';
import { entryStatus, findEntryByAffiliateCode, findEntryById, waitingListCounts } from './queries';

const hex = () => randomUUID().replaceAll('-', '');
const code = () => hex().slice(0, 16);

describeOnEachDatabase('waiting-list projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;

  beforeEach(async () => {
    database = await open([waitingListProjection]);
    ({ db, store, projector } = database);
  });

  afterEach(() => database.close());

  const run = async (entryId: string, command: WaitingListCommand) => {
    const { result } = await handleCommand(store, waitingListStreamId(entryId), waitingListDecider, command, { correlationId: 'test', actor: 'visitor' });
    if (result) await projector.waitFor(result.lastPosition);
  };

  /** Joins an address and answers its entry id, code and first link. */
  const join = async (email: string, options: { isPriority?: boolean; referredBy?: { code: string; referrerEntryId: string } } = {}) => {
    const entryId = hex();
    const affiliateCode = code();
    const linkId = hex();
    await run(entryId, {
      type: 'JoinWaitingList',
      data: { entryId, email, isPriority: options.isPriority ?? false, affiliateCode, referredBy: options.referredBy ?? null, userId: null, notificationPreferences: { email: true, platform: false, sms: false }, joinedAt: new Date().toISOString() },
      confirmation: { kind: 'link', linkId, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    return { entryId, affiliateCode, linkId };
  };
  const confirm = (entry: { entryId: string; linkId: string }) => run(entry.entryId, { type: 'ConfirmWithLink', data: { entryId: entry.entryId, linkId: entry.linkId, at: new Date().toISOString() } });
  const statusOf = async (entryId: string) => entryStatus(db, (await findEntryById(db, entryId))!);

  it('counts confirmed entries and confirmed priority entries; an unconfirmed entry shows neither code nor referrals', async () => {
    const ana = await join('ana@example.com', { isPriority: true });
    const bo = await join('bo@example.com');
    await join('cy@example.com', { isPriority: true });
    expect(await waitingListCounts(db)).toEqual({ confirmed: 0, priority: 0, awaitingConfirmation: 3 });
    expect(await statusOf(ana.entryId)).toMatchObject({ confirmed: false, affiliateCode: null, referrals: 0, referralEarnings: 0 });

    await confirm(ana);
    await confirm(bo);
    expect(await waitingListCounts(db)).toEqual({ confirmed: 2, priority: 1, awaitingConfirmation: 1 });
    expect(await statusOf(ana.entryId)).toMatchObject({ email: 'ana@example.com', confirmed: true, isPriority: true, affiliateCode: ana.affiliateCode, referrals: 0 });
    expect((await findEntryByAffiliateCode(db, ana.affiliateCode))?.entry_id).toBe(ana.entryId);
  });

  it('counts a referral once the referred address is confirmed, once per address', async () => {
    const ana = await join('ana@example.com');
    await confirm(ana);
    const referredBy = { code: ana.affiliateCode, referrerEntryId: ana.entryId };
    const bo = await join('bo@example.com', { referredBy });
    expect((await statusOf(ana.entryId)).referrals).toBe(0);
    await confirm(bo);
    expect((await statusOf(ana.entryId)).referrals).toBe(1);

    // Bo joins again through the same code and confirms a second link: still one address, one referral.
    const again = hex();
    await run(bo.entryId, {
      type: 'JoinWaitingList',
      data: { entryId: bo.entryId, email: 'bo@example.com', isPriority: false, affiliateCode: code(), referredBy, userId: null, notificationPreferences: { email: true, platform: false, sms: false }, joinedAt: new Date().toISOString() },
      confirmation: { kind: 'link', linkId: again, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await confirm({ entryId: bo.entryId, linkId: again });
    expect((await statusOf(ana.entryId)).referrals).toBe(1);
    expect(await waitingListCounts(db)).toMatchObject({ confirmed: 2 });
  });

  it('follows a later proven priority choice, and rebuilt from the events, each applied twice, equals the model built live', async () => {
    const ana = await join('ana@example.com', { isPriority: true });
    await confirm(ana);
    const bo = await join('bo@example.com', { referredBy: { code: ana.affiliateCode, referrerEntryId: ana.entryId } });
    await confirm(bo);
    await join('cy@example.com');
    // Ana asks for standard in a later join and confirms it: the priority follows the proven choice.
    const relink = hex();
    await run(ana.entryId, {
      type: 'JoinWaitingList',
      data: { entryId: ana.entryId, email: 'ana@example.com', isPriority: false, affiliateCode: code(), referredBy: null, userId: null, notificationPreferences: { email: true, platform: false, sms: false }, joinedAt: new Date().toISOString() },
      confirmation: { kind: 'link', linkId: relink, expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await confirm({ entryId: ana.entryId, linkId: relink });
    expect(await statusOf(ana.entryId)).toMatchObject({ isPriority: false });
    expect(await waitingListCounts(db)).toMatchObject({ confirmed: 2, priority: 0 });
    const live = (await db.query('SELECT * FROM waiting_list_entries ORDER BY entry_id')).rows;

    await db.query('DELETE FROM waiting_list_entries');
    for (const event of (await store.readAll(START, { limit: 1000 })).filter((recorded) => waitingListProjection.handles.has(recorded.type))) {
      await waitingListProjection.apply(db, event);
      await waitingListProjection.apply(db, event);
    }
    expect((await db.query('SELECT * FROM waiting_list_entries ORDER BY entry_id')).rows).toEqual(live);
  });
});
