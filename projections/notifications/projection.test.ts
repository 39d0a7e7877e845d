// The notifications read model on PGlite and on the machine's real Postgres server: a dispute against
// a work tells its owner (and not the claimant) with a link into the case, evidence requests and
// deadline reminders reach the party who must act, a track's results and a key's suspension reach
// their owner, a spend that takes the free balance to 5 tokens or below warns once per crossing; the
// user's own inbox events read, read all, delete and hide; a replayed event adds nothing, and the
// model rebuilt from the events equals the one built live, read state included.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApiKeyCreated, ApiKeySuspended, apiKeyStreamId } from '../../domain/developer/api-key.events';
import { DisputeAnswered, DisputeDeadlineReminded, DisputeEvidenceRequested, DisputeFiled, disputeStreamId } from '../../domain/disputes/dispute.events';
import { ReleaseRequested, ReleaseStoreStateChanged, releaseStreamId } from '../../domain/distribution/release.events';
import { UserRoleGranted, UserRoleRevoked } from '../../domain/identity/role.events';
import { UserEmailConfirmed, userStreamId } from '../../domain/identity/user.events';
import { LicenseIssued, LicensePurchaseRequested } from '../../domain/licensing/license.events';
import { inboxDecider, type InboxCommand } from '../../domain/notifications/inbox.decider';
import { RoyaltyContractCreated, RoyaltyPayoutLinePaid, RoyaltyPayoutRunStarted, royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { RoyaltyInvitationAccepted, RoyaltyInvitationSent, RoyaltyReceiverAdded, royaltyReceiversStreamId } from '../../domain/royalties/royalty-receivers.events';
import { offerDetails } from '../../tests/support/licensing';
import { releaseForm } from '../../tests/support/release-form';
import { inboxStreamId } from '../../domain/notifications/inbox.events';
import { SupportMessagePosted, SupportTicketOpened, SupportTicketStatusChanged, supportTicketStreamId } from '../../domain/support/support-ticket.events';
import { TokenHoldReleased, TokensCreditedToAccount, TokensHeld, tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { TrackCopyrightChecked, TrackMastered } from '../../domain/track/stage.events';
import { TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import type { Db } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import { rebuildProjections, type Projector } from '../projector';
import { notificationsProjection } from './projection';
import { countUnread, findNotification, listNotifications, preferencesOf } from './queries';

type Event = { type: string; data: unknown };
const all = { page: 1, pageSize: 50, status: 'all' } as const;

describeOnEachDatabase('notifications projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];
  const ownerId = randomUUID();
  const claimantId = randomUUID();
  const disputeId = `d-${randomUUID()}`;
  const trackId = randomUUID();

  beforeEach(async () => {
    database = await open([notificationsProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  async function record(streamId: string, events: Event[], eventIds?: string[]): Promise<void> {
    const before = (await store.readStream(streamId)).length;
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    const result = await store.append(
      streamId,
      events.map((e, index) => ({ eventId: eventIds?.[index] ?? randomUUID(), metadata, type: e.type, data: e.data })),
      before === 0 ? 'no_stream' : before,
    );
    await projector.waitFor(result.lastPosition);
  }

  async function inbox(userId: string, command: InboxCommand): Promise<void> {
    const { result } = await handleCommand(store, inboxStreamId(userId), inboxDecider, command, { correlationId: 'test', actor: `user:${userId}` });
    if (result) await projector.waitFor(result.lastPosition);
  }

  const filed = DisputeFiled.create({
    disputeId,
    kind: 'dispute',
    workId: trackId,
    workTitle: 'Night Drive',
    ownerId,
    ownerName: 'olivia',
    claimant: { userId: claimantId, name: 'carl' },
    disputeType: 'copyright_infringement',
    priority: 'high',
    subject: 'My melody',
    description: 'The hook is mine',
    claimedRights: ['reproduction'],
    estimatedValueCents: 0,
    filedAt: '2026-11-01T10:00:00.000Z',
    answerDueAt: '2026-12-01T10:00:00.000Z',
  });

  async function aCase(): Promise<void> {
    await record(disputeStreamId(disputeId), [
      filed,
      DisputeEvidenceRequested.create({ disputeId, from: 'both', note: 'Send your session files', by: { userId: null, name: 'rita' }, requestedAt: '2026-11-02T10:00:00.000Z', dueAt: '2026-11-16T10:00:00.000Z' }),
      DisputeAnswered.create({ disputeId, by: { userId: ownerId, name: 'olivia' }, message: 'I wrote it in 2019', answeredAt: '2026-11-03T10:00:00.000Z' }),
      DisputeDeadlineReminded.create({ disputeId, kind: 'evidence', party: 'either', dueAt: '2026-11-16T10:00:00.000Z', daysBefore: 7, remindedAt: '2026-11-09T10:00:00.000Z' }),
    ]);
  }

  it("tells the work's owner of a dispute with a link into the case, and each party what concerns them", async () => {
    await aCase();
    const owners = await listNotifications(db, ownerId, all);
    expect(owners.notifications.map((n) => [n.kind, n.type, n.title])).toEqual([
      ['deadline', 'warning', 'The evidence deadline is in 7 days'],
      ['evidence_requested', 'warning', 'Evidence requested from you'],
      ['dispute_against_you', 'warning', 'A dispute was filed against "Night Drive"'],
    ]);
    const [reminder, evidence, dispute] = owners.notifications;
    expect(dispute).toMatchObject({ actionUrl: `/dispute-management?dispute=${disputeId}`, actionText: 'Open the case', read: false });
    expect(dispute!.message).toContain('Answer by 2026-12-01 10:00 UTC: an unanswered claim is upheld by default.');
    expect(evidence!.actionUrl).toBe(`/dispute-management?dispute=${disputeId}&tab=evidence`);
    expect(reminder!.message).toBe(
      'The evidence deadline in the case "My melody" about "Night Drive" is due 2026-11-16 10:00 UTC. If the requested evidence has not arrived by then, the case returns to review without it.',
    );
    expect(owners).toMatchObject({ total: 3, unread: 3 });

    const claimants = await listNotifications(db, claimantId, all);
    expect(claimants.notifications.map((n) => n.title)).toEqual(['The evidence deadline is in 7 days', 'The claim was answered', 'Evidence requested from you']);
    expect(changes.every((change) => change.readModel === 'notifications')).toBe(true);
    expect(changes.filter((change) => change.ownerId === ownerId)).toHaveLength(3);
    expect(changes.filter((change) => change.ownerId === claimantId)).toHaveLength(3);
  });

  it("tells a track's owner of its results and a key's owner of its suspension", async () => {
    await record(trackStreamId(trackId), [
      TrackUploadReceived.create({ trackId, ownerId, title: 'Night Drive', description: '', contentType: 'music', royaltySplit: 80, originalName: 'a.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null }),
      TrackMastered.create({
        trackId,
        masteringId: 'm1',
        kind: 'master',
        settings: { style: 'warm', loudness: 'medium', format: 'wav' },
        files: { master: 'm.wav', preview: 'p.wav', preLimiter: 'l.wav', abOriginal: 'a.wav', abMaster: 'b.wav' },
        masterSha256: 'a'.repeat(64),
        results: { lufs: -14.04, dynamicRange: 8, peak: -1, processing: [] },
        inputLufs: -20,
        inputTruePeakDbtp: -3,
        elapsedSeconds: 3,
      }),
      TrackCopyrightChecked.create({
        trackId,
        checkId: 'c1',
        sha256: 'a'.repeat(64),
        analysis: { clearanceScore: 60, status: 'needs_review', audioFingerprint: null, melodicId: null, harmonicId: null, rhythmicId: null, databasesChecked: 1, recordsScanned: 1, conflicts: [], recommendations: [], reason: null, notChecked: [] },
        elapsedSeconds: 1,
      }),
    ]);
    const keyId = randomUUID().replaceAll('-', '').slice(0, 16);
    await record(apiKeyStreamId(keyId), [
      ApiKeyCreated.create({ keyId, ownerId, keyName: 'Studio', tier: 'free', keyPrefix: `gk_${keyId}`, keySha256: 'b'.repeat(64), termsVersion: '1', termsAcceptedAt: '2026-11-01T10:00:00.000Z' }),
      ApiKeySuspended.create({ keyId, reason: '7 of the last 20 calls failed', failedCalls: 7, windowCalls: 20 }),
    ]);
    const list = await listNotifications(db, ownerId, all);
    expect(list.notifications.map((n) => [n.kind, n.type, n.title, n.actionUrl])).toEqual([
      ['api_keys', 'error', 'API key suspended', '/dashboard/developer'],
      ['copyright_review', 'warning', 'Held for review', `/tracks/${trackId}/history`],
      ['track_progress', 'success', 'Track mastered', `/tracks/${trackId}/history`],
    ]);
    expect(list.notifications[2]!.message).toBe('"Night Drive" was mastered (-14.0 LUFS, warm, WAV).');
  });

  it('tells of receivers, payouts, store results and license sales, each to whom it concerns', async () => {
    const receiverUser = randomUUID();
    const buyerId = randomUUID();
    const receiverId = randomUUID();
    const contractId = `c-${randomUUID()}`;
    const distributionId = randomUUID();
    const licenseId = randomUUID();
    await record(userStreamId(receiverUser), [UserEmailConfirmed.create({ userId: receiverUser, email: 'ana@example.com', confirmedAt: '2026-11-01T10:00:00.000Z' })]);
    await record(trackStreamId(trackId), [
      TrackUploadReceived.create({ trackId, ownerId, title: 'Night Drive', description: '', contentType: 'music', royaltySplit: 80, originalName: 'a.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null }),
    ]);
    const ids = { contentId: trackId, receiverId };
    await record(royaltyReceiversStreamId(trackId), [
      RoyaltyReceiverAdded.create({ ...ids, ownerId, receiverName: 'Ana', receiverEmail: 'ana@example.com', royaltyPercentage: 10, receiverWallet: null, creatorShare: 80 }),
      RoyaltyInvitationSent.create({ ...ids, sentAt: '2026-11-02T10:00:00.000Z', deliveredTo: 'outbox/x.eml' }),
      RoyaltyInvitationAccepted.create({ ...ids, userId: receiverUser, acceptedAt: '2026-11-03T10:00:00.000Z' }),
    ]);
    await record(royaltyContractStreamId(contractId), [
      RoyaltyContractCreated.create({
        contractId, contentId: trackId, ownerId, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 80, distributionSchedule: 'weekly', minimumThreshold: 100,
        terms: {}, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
      }),
      RoyaltyPayoutRunStarted.create({
        contractId, runId: 'r1', trigger: 'manual', amountCents: 1000,
        lines: [
          { party: 'platform', receiverId: null, userId: null, name: 'GOOSE', percentage: 20, amountCents: 200, receiverWallet: null },
          { party: 'receiver', receiverId, userId: receiverUser, name: 'Ana', percentage: 10, amountCents: 100, receiverWallet: null },
          { party: 'creator', receiverId: null, userId: ownerId, name: 'olivia', percentage: 70, amountCents: 700, receiverWallet: null },
        ],
      }),
      RoyaltyPayoutLinePaid.create({ contractId, runId: 'r1', lineIndex: 0, method: 'recorded', txHash: null }),
      RoyaltyPayoutLinePaid.create({ contractId, runId: 'r1', lineIndex: 1, method: 'token_credit', txHash: null }),
      RoyaltyPayoutLinePaid.create({ contractId, runId: 'r1', lineIndex: 2, method: 'token_credit', txHash: null }),
    ]);
    await record(releaseStreamId(distributionId), [
      ReleaseRequested.create({ distributionId, contentId: trackId, ownerId, form: releaseForm({ songName: 'Night Drive' }) }),
      ReleaseStoreStateChanged.create({ distributionId, storeId: 'spotify', state: 'uploaded', reason: null, at: '2026-11-04T10:00:00.000Z' }),
      ReleaseStoreStateChanged.create({ distributionId, storeId: 'spotify', state: 'failed', reason: 'Artwork below 3000 px', at: '2026-11-05T10:00:00.000Z' }),
    ]);
    await record(`license-${licenseId}`, [
      LicensePurchaseRequested.create({ licenseId, offerId: 'o1', workId: trackId, workTitle: 'Night Drive', ownerId, buyerId, offer: offerDetails(), paymentMethod: 'qxmp_tokens', currency: 'USD', priceCents: 4999, requestedAt: '2026-11-06T10:00:00.000Z' }),
      LicenseIssued.create({
        licenseId, certificateId: `LIC-${licenseId}`, certificate: { certificateId: `LIC-${licenseId}`, licenseId, workId: trackId, buyer: 'b', owner: 'o' },
        signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' }, proofId: `proof-${licenseId}`, settlementReference: 'hold-1', issuedAt: '2026-11-06T10:00:01.000Z',
      }),
    ]);

    const owners = await listNotifications(db, ownerId, all);
    expect(owners.notifications.map((n) => [n.kind, n.type, n.title, n.actionUrl])).toEqual([
      ['licenses', 'success', 'License sold', '/licensing-marketplace?tab=offers'],
      ['releases', 'error', 'Rejected by Spotify', '/dashboard/distributions'],
      ['payouts', 'success', 'Royalty payout paid', '/dashboard/smart-contracts'],
      ['royalty_receivers', 'success', 'Royalty invitation accepted', '/dashboard/smart-contracts'],
      ['royalty_receivers', 'info', 'Royalty invitation sent', '/dashboard/smart-contracts'],
    ]);
    expect(owners.notifications[1]!.message).toBe('Spotify did not take "Night Drive": Artwork below 3000 px');
    expect(owners.notifications[2]!.message).toBe('$7.00 from "Night Drive" was paid to you as tokens.');
    expect(owners.notifications[0]!.message).toBe('A synchronization license to "Night Drive" was sold for $49.99.');

    const receivers = await listNotifications(db, receiverUser, all);
    expect(receivers.notifications.map((n) => [n.kind, n.title, n.actionUrl])).toEqual([
      ['payouts', 'Royalty payout paid', '/dashboard/smart-contracts'],
      ['royalty_invitation', 'You are invited to receive royalties', null],
    ]);
    expect(receivers.notifications[1]!.message).toContain('Accept or decline with the link mailed to ana@example.com');
    const mailable = await db.query<{ kind: string; mailable: boolean }>('SELECT kind, mailable FROM notifications WHERE user_id = $1 ORDER BY kind', [receiverUser]);
    expect(mailable.rows).toEqual([{ kind: 'payouts', mailable: false }, { kind: 'royalty_invitation', mailable: false }]);
    expect((await listNotifications(db, buyerId, all)).notifications.map((n) => [n.title, n.actionUrl])).toEqual([['License bought', '/licensing-marketplace?tab=licenses']]);
  });

  it('warns of a low token balance once per crossing of 5 tokens, and tells of a payment credited', async () => {
    const M = 1_000_000;
    const held = (holdId: string, tokens: number) =>
      TokensHeld.create({ userId: ownerId, holdId, service: 'professional-mastering', amountMicros: tokens * M, coveredByAllowance: false, subjectId: trackId, description: 'Mastering' });
    await record(tokenAccountStreamId(ownerId), [
      TokensCreditedToAccount.create({ userId: ownerId, amountMicros: 10 * M, cause: 'purchase', reference: 'pi_1', description: 'Starter pack' }),
      held('h1', 6),
      held('h2', 1),
      TokenHoldReleased.create({ userId: ownerId, holdId: 'h1', amountMicros: 6 * M, reason: 'Mastering failed' }),
      held('h3', 7),
    ]);
    const list = await listNotifications(db, ownerId, { ...all, kind: 'wallet' });
    expect(list.notifications.map((n) => [n.title, n.message])).toEqual([
      ['Token balance low', 'You have 2 tokens left (the warning is at 5 tokens). Mastering, checks and registrations need tokens.'],
      ['Token balance low', 'You have 4 tokens left (the warning is at 5 tokens). Mastering, checks and registrations need tokens.'],
      ['Payment credited', '10 tokens credited: Starter pack. Your free balance is 10 tokens.'],
    ]);
  });

  it('reads one, reads all up to an instant, deletes, and hides a kind turned off in app', async () => {
    await aCase();
    const [reminder, evidence, dispute] = (await listNotifications(db, ownerId, all)).notifications;
    const at = new Date().toISOString();
    await inbox(ownerId, { type: 'MarkNotificationRead', data: { userId: ownerId, notificationId: evidence!.id, readAt: at } });
    expect(await countUnread(db, ownerId)).toBe(2);
    expect((await listNotifications(db, ownerId, { ...all, status: 'read' })).notifications.map((n) => n.id)).toEqual([evidence!.id]);

    await inbox(ownerId, { type: 'DeleteNotification', data: { userId: ownerId, notificationId: reminder!.id, deletedAt: at } });
    expect(await findNotification(db, ownerId, reminder!.id)).toBeNull();
    expect(await findNotification(db, claimantId, dispute!.id)).toBeNull();
    expect(await countUnread(db, ownerId)).toBe(1);

    await inbox(ownerId, { type: 'MarkAllNotificationsRead', data: { userId: ownerId, upTo: at, readAt: at } });
    expect(await countUnread(db, ownerId)).toBe(0);
    expect(await countUnread(db, claimantId)).toBe(3);

    await inbox(claimantId, { type: 'ChangeNotificationPreferences', data: { userId: claimantId, preferences: { dispute_update: { inApp: false, email: false } }, changedAt: at } });
    const claimants = await listNotifications(db, claimantId, all);
    expect(claimants.notifications.map((n) => n.kind)).toEqual(['deadline', 'evidence_requested']);
    expect(claimants).toMatchObject({ total: 2, unread: 2 });
    expect((await preferencesOf(db, claimantId)).dispute_update).toEqual({ inApp: false, email: false });
    expect((await preferencesOf(db, ownerId)).deadline).toEqual({ inApp: true, email: true });
  });

  it('tells support users of a new ticket, and the requester of support\'s replies and status moves (never a note), mailable', async () => {
    const staffId = randomUUID();
    const formerStaffId = randomUUID();
    const otherCreatorId = randomUUID();
    const at = new Date().toISOString();
    const grant = (userId: string) => UserRoleGranted.create({ userId, role: 'support', grantedBy: 'ops-cli:test', grantedAt: at });
    await record(userStreamId(staffId), [grant(staffId)]);
    await record(userStreamId(formerStaffId), [grant(formerStaffId), UserRoleRevoked.create({ userId: formerStaffId, role: 'support', revokedBy: 'ops-cli:test', revokedAt: at })]);
    const ticketId = randomUUID();
    const requester = { userId: ownerId, name: 'olivia' };
    const staff = { userId: staffId, name: 'sam' };
    const reply = (messageId: string, internal: boolean) =>
      SupportMessagePosted.create({ ticketId, messageId, author: staff, authorRole: 'support', internal, message: internal ? 'note to self' : 'One charge is refunded.', attachments: [], postedAt: at });
    await record(supportTicketStreamId(ticketId), [
      SupportTicketOpened.create({ ticketId, requester, title: 'Charged twice', description: 'Twice', category: 'billing', priority: 'high', origin: 'user', handoff: null, openedAt: at }),
    ]);
    await record(supportTicketStreamId(ticketId), [
      reply('n1', true),
      reply('m1', false),
      SupportTicketStatusChanged.create({ ticketId, from: 'open', to: 'in-progress', by: staff, cause: 'reply', changedAt: at }),
      SupportTicketStatusChanged.create({ ticketId, from: 'in-progress', to: 'resolved', by: staff, cause: 'set', changedAt: at }),
      SupportTicketStatusChanged.create({ ticketId, from: 'resolved', to: 'closed', by: requester, cause: 'set', changedAt: at }),
    ]);
    const staffList = await listNotifications(db, staffId, all);
    expect(staffList.notifications.map((n) => [n.kind, n.title, n.actionUrl])).toEqual([['support', 'New support ticket', `/support/queue?ticket=${ticketId}`]]);
    expect(staffList.notifications[0]?.message).toBe('olivia opened "Charged twice" (billing, high priority).');
    expect((await listNotifications(db, formerStaffId, all)).notifications).toEqual([]);
    expect((await listNotifications(db, otherCreatorId, all)).notifications).toEqual([]);
    const requesters = await listNotifications(db, ownerId, { ...all, kind: 'support' });
    expect(requesters.notifications.map((n) => [n.title, n.actionUrl])).toEqual([
      ['Ticket resolved', `/dashboard/support?ticket=${ticketId}`],
      ['Support replied', `/dashboard/support?ticket=${ticketId}`],
    ]);
    expect(requesters.notifications[1]?.message).toBe('sam replied on "Charged twice": "One charge is refunded."');
    const mailable = await db.query<{ mailable: boolean }>(`SELECT mailable FROM notifications WHERE kind = 'support'`);
    expect(mailable.rows.every((row) => row.mailable)).toBe(true);
  });

  it('adds nothing for a replayed event, and rebuilds the same notifications with their read state', async () => {
    await aCase();
    const ids = [randomUUID()];
    const reminder = DisputeDeadlineReminded.create({ disputeId, kind: 'response', party: 'respondent', dueAt: '2026-12-01T10:00:00.000Z', daysBefore: 1, remindedAt: '2026-11-30T10:00:00.000Z' });
    await record(disputeStreamId(disputeId), [reminder], ids);
    const applied = await notificationsProjection.applyAll!(db, (await store.readStream(disputeStreamId(disputeId))).slice(-1));
    expect(applied).toEqual([]);
    const owners = await listNotifications(db, ownerId, all);
    expect(owners.notifications[0]).toMatchObject({ kind: 'deadline', title: 'The answer deadline is in 1 day' });
    expect(owners.notifications[0]!.message).toContain('If the owner has not answered by then, the claim is upheld by default');

    const at = new Date().toISOString();
    await inbox(ownerId, { type: 'MarkNotificationRead', data: { userId: ownerId, notificationId: owners.notifications[1]!.id, readAt: at } });
    await inbox(ownerId, { type: 'DeleteNotification', data: { userId: ownerId, notificationId: owners.notifications[2]!.id, deletedAt: at } });
    const before = [await listNotifications(db, ownerId, all), await listNotifications(db, claimantId, all)];
    await projector.stop();
    await rebuildProjections(db, store, [notificationsProjection]);
    expect([await listNotifications(db, ownerId, all), await listNotifications(db, claimantId, all)]).toEqual(before);
    await projector.start();
  });
});
