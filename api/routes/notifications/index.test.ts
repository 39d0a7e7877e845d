// The notifications routes through app.inject: a user lists their own notifications (filters,
// paging, the unread count of all), reads one, reads all, deletes one; another user's id answers
// exactly like a missing one; the preferences say where mail goes and refuse to hide a kind that asks
// the user to act; the unsubscribe link's page changes nothing, its one-click POST turns that kind's
// mail off, and a forged link is refused.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationCountResponseSchema,
  notificationListResponseSchema,
  notificationPreferencesResponseSchema,
  notificationReadResponseSchema,
  type NotificationPreferences,
} from '../../../domain/contracts/notifications';
import { ApiKeyCreated, ApiKeySuspended, apiKeyStreamId } from '../../../domain/developer/api-key.events';
import { DisputeFiled, disputeStreamId } from '../../../domain/disputes/dispute.events';
import { UserEmailConfirmed, userStreamId } from '../../../domain/identity/user.events';
import { defaultPreferences } from '../../../domain/notifications/inbox.decider';
import { inboxStreamId } from '../../../domain/notifications/inbox.events';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { NOTIFICATION_NOT_FOUND, UNSUBSCRIBE_LINK_INVALID } from '.';

let testApp: TestApp;
let dataDir: string;
let owner: { cookie: string; userId: string };
let stranger: { cookie: string; userId: string };

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

async function signup() {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string };
}

async function record(streamId: string, events: { type: string; data: unknown }[]): Promise<void> {
  const before = (await testApp.eventStore.readStream(streamId)).length;
  const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
  const result = await testApp.eventStore.append(streamId, events.map((e) => ({ eventId: randomUUID(), metadata, ...e })), before === 0 ? 'no_stream' : before);
  await testApp.projector.waitFor(result.lastPosition);
}

/** A dispute the stranger filed against the owner's work, and one of the owner's API keys suspended. */
async function seed(): Promise<void> {
  const disputeId = randomUUID();
  await record(disputeStreamId(disputeId), [
    DisputeFiled.create({
      disputeId, kind: 'dispute', workId: randomUUID(), workTitle: 'Night Drive', ownerId: owner.userId, ownerName: 'olivia', claimant: { userId: stranger.userId, name: 'carl' },
      disputeType: 'ownership_claim', priority: 'medium', subject: 'Mine', description: 'Mine', claimedRights: [], estimatedValueCents: 0, filedAt: new Date().toISOString(), answerDueAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
  ]);
  const keyId = randomUUID().replaceAll('-', '').slice(0, 16);
  await record(apiKeyStreamId(keyId), [
    ApiKeyCreated.create({ keyId, ownerId: owner.userId, keyName: 'Studio', tier: 'free', keyPrefix: `gk_${keyId}`, keySha256: 'b'.repeat(64), termsVersion: '1', termsAcceptedAt: new Date().toISOString() }),
    ApiKeySuspended.create({ keyId, reason: '7 of the last 20 calls failed', failedCalls: 7, windowCalls: 20 }),
  ]);
}

const get = (url: string, cookie: string | null) => testApp.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const list = async (cookie: string, query = '') => notificationListResponseSchema.parse((await get(`/api/notifications${query}`, cookie)).json());
const unread = async (cookie: string) => notificationCountResponseSchema.parse((await get('/api/notifications/count', cookie)).json()).unread;
const putPreferences = (cookie: string, preferences: unknown) => testApp.app.inject({ method: 'PUT', url: '/api/notifications/preferences', payload: { preferences }, headers: { cookie } });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-notifications-'));
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  [owner, stranger] = [await signup(), await signup()];
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('notifications', () => {
  it('needs a session', async () => {
    for (const url of ['/api/notifications', '/api/notifications/count', '/api/notifications/preferences']) {
      const answer = await get(url, null);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toHaveProperty('error');
    }
  });

  it("lists the user's own notifications, newest first, filtered and paged, with the unread count of all", async () => {
    await seed();
    const all = await list(owner.cookie);
    expect(all.notifications.map((n) => [n.kind, n.title])).toEqual([
      ['api_keys', 'API key suspended'],
      ['dispute_against_you', 'A dispute was filed against "Night Drive"'],
      ['wallet', 'Welcome tokens credited'],
    ]);
    expect(all).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 10 });
    expect(all.notifications[1]!.actionUrl).toMatch(/^\/dispute-management\?dispute=/);
    const second = await list(owner.cookie, '?pageSize=1&page=2');
    expect(second.notifications.map((n) => n.kind)).toEqual(['dispute_against_you']);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect((await list(owner.cookie, '?kind=api_keys&type=error')).notifications).toHaveLength(1);
    expect((await list(owner.cookie, '?type=info')).total).toBe(0);
    expect((await list(stranger.cookie)).notifications.map((n) => n.kind)).toEqual(['wallet']);
    expect(await unread(owner.cookie)).toBe(3);

    const bad = await get('/api/notifications?pageSize=500', owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/pageSize/);
    expect((await get('/api/notifications?kind=gossip', owner.cookie)).statusCode).toBe(400);
  });

  it('reads one and all, deletes one; another user learns nothing of it', async () => {
    await seed();
    const [newest, older] = (await list(owner.cookie)).notifications;
    const before = await unread(owner.cookie);

    const strangers = await testApp.app.inject({ method: 'PATCH', url: `/api/notifications/${newest!.id}/read`, headers: { cookie: stranger.cookie } });
    const missing = await testApp.app.inject({ method: 'PATCH', url: `/api/notifications/${randomUUID()}/read`, headers: { cookie: stranger.cookie } });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual({ error: NOTIFICATION_NOT_FOUND });
    expect(missing.json()).toEqual(strangers.json());

    const read = await testApp.app.inject({ method: 'PATCH', url: `/api/notifications/${newest!.id}/read`, headers: { cookie: owner.cookie } });
    expect(read.statusCode).toBe(200);
    expect(notificationReadResponseSchema.parse(read.json()).notification).toMatchObject({ id: newest!.id, read: true });
    expect(await unread(owner.cookie)).toBe(before - 1);
    const again = await testApp.app.inject({ method: 'PATCH', url: `/api/notifications/${newest!.id}/read`, headers: { cookie: owner.cookie } });
    expect(again.json().notification.read).toBe(true);

    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/notifications/${older!.id}`, headers: { cookie: owner.cookie } });
    expect(removed.json()).toEqual({ deleted: true, id: older!.id });
    expect((await list(owner.cookie)).notifications.map((n) => n.id)).not.toContain(older!.id);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/notifications/${older!.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);

    const all = await testApp.app.inject({ method: 'PATCH', url: '/api/notifications/read-all', headers: { cookie: owner.cookie } });
    expect(all.json()).toEqual({ marked: before - 2 });
    expect(await unread(owner.cookie)).toBe(0);
    const inbox = (await testApp.eventStore.readStream(inboxStreamId(owner.userId))).map((e) => e.type);
    expect(inbox).toEqual(['NotificationRead', 'NotificationDeleted', 'NotificationsReadUpTo']);
  });

  it('keeps preferences per kind, says where mail goes, and refuses to hide a kind that asks the user to act', async () => {
    const initial = notificationPreferencesResponseSchema.parse((await get('/api/notifications/preferences', owner.cookie)).json());
    expect(initial).toEqual({ preferences: defaultPreferences(), email: null, mailTransport: 'outbox' });

    const hidden = await putPreferences(owner.cookie, { ...defaultPreferences(), deadline: { inApp: false, email: false } });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error).toMatch(/always show in the app/);
    expect((await putPreferences(owner.cookie, { deadline: { inApp: true, email: true } })).statusCode).toBe(400);

    const chosen: NotificationPreferences = { ...defaultPreferences(), api_keys: { inApp: false, email: false }, deadline: { inApp: true, email: false } };
    const saved = await putPreferences(owner.cookie, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().preferences).toEqual(chosen);
    expect((await list(owner.cookie, '?kind=api_keys')).total).toBe(0);

    const user = await testApp.eventStore.readStream(userStreamId(owner.userId));
    const confirmed = UserEmailConfirmed.create({ userId: owner.userId, email: 'olivia@example.com', confirmedAt: new Date().toISOString() });
    const appended = await testApp.eventStore.append(userStreamId(owner.userId), [{ eventId: randomUUID(), ...confirmed, metadata: { correlationId: 't', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() } }], user.length);
    await testApp.projector.waitFor(appended.lastPosition);
    expect((await get('/api/notifications/preferences', owner.cookie)).json().email).toBe('olivia@example.com');
  });

  it("unsubscribes by the mail's signed link: the page changes nothing, the one-click POST turns that kind's mail off", async () => {
    const token = testApp.app.services.notificationUnsubscribe.sign({ userId: stranger.userId, kind: 'evidence_requested' });
    const page = await get(`/api/notifications/unsubscribe?token=${token}`, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Evidence requested from you');
    expect(page.body).toContain('<form method="post"');
    expect(await testApp.eventStore.readStream(inboxStreamId(stranger.userId))).toHaveLength(0);

    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain('Mails stopped');
    const preferences = notificationPreferencesResponseSchema.parse((await get('/api/notifications/preferences', stranger.cookie)).json()).preferences;
    expect(preferences.evidence_requested).toEqual({ inApp: true, email: false });
    expect(preferences.deadline).toEqual({ inApp: true, email: true });

    const forged = await testApp.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${token.slice(0, -2)}AA`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual({ error: UNSUBSCRIBE_LINK_INVALID });
  });
});
