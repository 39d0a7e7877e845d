// The royalty receivers and their invitations through app.inject: the owner of registered content
// adds a receiver, the invitation lands in the outbox with its signed link, another signed-in user
// accepts it through that link, a visitor declines another; refusals for unregistered content,
// another user's content, shares beyond the creator's, duplicate addresses and altered links.
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, outboxDir } from '../../../infra/mail/mailer';
import { seedTrack } from '../../../tests/support/seed-track';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let testApp: TestApp;
let dataDir: string;
let owner: { cookie: string; userId: string; username: string };
let invitee: { cookie: string; userId: string; username: string };
let stranger: { cookie: string; userId: string; username: string };
let contentId: string;

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow');
}

async function signup() {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id as string, username };
}

const addReceiver = (cookie: string | null, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url: '/api/royalty-receivers', payload: { contentId, receiverName: 'Ana Lima', royaltyPercentage: 15, ...payload }, headers: cookie ? { cookie } : {} });

const list = (cookie: string, query = `?contentId=${contentId}`) => testApp.app.inject({ method: 'GET', url: `/api/royalty-receivers${query}`, headers: { cookie } });

/** The invitation mailed to `email`: its outbox record and the token of its link. */
async function mailedTo(email: string) {
  const entry = (await listOutbox(outboxDir(dataDir))).findLast((e) => e.to === email);
  if (!entry?.link) throw new Error(`no invitation mailed to ${email}`);
  return { entry, token: entry.link.split('/royalty-invitation/')[1]! };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-receivers-'));
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected });
  [owner, invitee, stranger] = [await signup(), await signup(), await signup()];
  ({ trackId: contentId } = await seedTrack(testApp, owner.userId, { until: 'registered', title: 'Night Drive' }));
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('royalty receivers', () => {
  it('adds a receiver of registered content and mails the invitation with a signed link to the outbox', async () => {
    const response = await addReceiver(owner.cookie, { receiverEmail: 'Ana@Example.com', receiverWallet: '' });
    expect(response.statusCode).toBe(201);
    const { receiver, message } = response.json();
    expect(receiver).toMatchObject({ contentId, receiverName: 'Ana Lima', receiverEmail: 'ana@example.com', royaltyPercentage: 15, receiverWallet: null, invitationStatus: 'pending', acceptedAt: null });
    expect(Date.parse(receiver.invitationSentAt)).not.toBeNaN();
    expect(message).toBe("Ana Lima was added. This server sends no email, so the invitation has not reached them; the server's operator can pass its link on");

    const { entry } = await mailedTo('ana@example.com');
    expect(entry).toMatchObject({ kind: 'royalty-invitation', subject: `${owner.username} invites you to share the royalties of "Night Drive"` });
    expect(entry.link).toMatch(/^http:\/\/localhost\/royalty-invitation\/[\w-]+\.[\w-]+$/);
    await access(path.join(outboxDir(dataDir), entry.eml));

    const listed = (await list(owner.cookie)).json().receivers;
    expect(listed).toEqual([receiver]);
    expect((await list(owner.cookie, '')).json().receivers).toEqual([receiver]);
  });

  it('mails a name or a title carrying line breaks and markup as one escaped line: no header, no line, no tag of its own', async () => {
    const { trackId } = await seedTrack(testApp, owner.userId, { until: 'registered', title: 'Night\u2028Drive <b>2</b>' });
    const receiverName = 'Eve\r\nBcc: x@y\u2029<script>alert(1)</script>';
    const response = await addReceiver(owner.cookie, { contentId: trackId, receiverName, receiverEmail: 'eve@example.com', royaltyPercentage: 5 });
    expect(response.statusCode).toBe(201);
    const { entry } = await mailedTo('eve@example.com');
    expect(entry.subject).toBe(`${owner.username} invites you to share the royalties of "Night Drive <b>2</b>"`);
    const eml = await readFile(path.join(outboxDir(dataDir), entry.eml), 'utf8');
    const [headers, ...body] = eml.split('\r\n\r\n');
    expect(headers).not.toMatch(/^Bcc:/m);
    const text = body.join('\r\n\r\n');
    expect(text).not.toMatch(/^Bcc:/m);
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain('Hello Eve Bcc: x@y <script>alert(1)</script>,\r\n');
    expect(text).toContain('<p>Hello Eve Bcc: x@y &lt;script&gt;alert(1)&lt;/script&gt;,</p>');
    expect(text).toContain('of &quot;Night Drive &lt;b&gt;2&lt;/b&gt;&quot; on GOOSE.');
    expect(text.match(/<script>/g)).toHaveLength(1);
  });

  it('shows the invitation to whoever holds the link, and lets another signed-in user accept it', async () => {
    const { token } = await mailedTo('ana@example.com');
    const shown = await testApp.app.inject({ method: 'GET', url: `/api/royalty-invitations/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().invitation).toEqual({ receiverName: 'Ana Lima', receiverEmail: 'ana@example.com', royaltyPercentage: 15, contentTitle: 'Night Drive', creatorName: owner.username, invitationStatus: 'pending' });

    const visitor = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/accept` });
    expect(visitor.statusCode).toBe(401);

    const accepted = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/accept`, headers: { cookie: invitee.cookie } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, invitation: { invitationStatus: 'accepted' }, message: 'You now receive 15% of the royalties of "Night Drive"' });
    const again = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/accept`, headers: { cookie: invitee.cookie } });
    expect(again.statusCode).toBe(200);
    const byAnother = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/accept`, headers: { cookie: stranger.cookie } });
    expect(byAnother.statusCode).toBe(409);
    expect(byAnother.json().error).toBe('This invitation was already accepted by another account');

    const [receiver] = (await list(owner.cookie)).json().receivers;
    expect(receiver).toMatchObject({ invitationStatus: 'accepted' });
    expect(Date.parse(receiver.acceptedAt)).not.toBeNaN();
  });

  it('lets a visitor decline through the link; a declined invitation cannot then be accepted', async () => {
    expect((await addReceiver(owner.cookie, { receiverEmail: 'bo@example.com', royaltyPercentage: 10 })).statusCode).toBe(201);
    const { token } = await mailedTo('bo@example.com');
    const declined = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/decline` });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().invitation.invitationStatus).toBe('declined');
    const accept = await testApp.app.inject({ method: 'POST', url: `/api/royalty-invitations/${token}/accept`, headers: { cookie: invitee.cookie } });
    expect(accept.statusCode).toBe(409);
  });

  it('answers 404 for a link with any change to it, with the same text as a made-up one', async () => {
    const { token } = await mailedTo('ana@example.com');
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'not-a-token', `${token.split('.')[0]}.${'A'.repeat(43)}`]) {
      for (const request of [{ method: 'GET' as const, url: `/api/royalty-invitations/${bad}` }, { method: 'POST' as const, url: `/api/royalty-invitations/${bad}/accept` }, { method: 'POST' as const, url: `/api/royalty-invitations/${bad}/decline` }]) {
        const response = await testApp.app.inject({ ...request, headers: { cookie: invitee.cookie } });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
        expect(response.json().error).toBe('This invitation link is not valid, or the invitation was withdrawn');
      }
    }
  });

  it("refuses shares beyond the creator's 85 %, a second receiver with the same address and a percentage out of range", async () => {
    // 15 (accepted) + 10 (declined, so not counted) so far.
    const over = await addReceiver(owner.cookie, { receiverEmail: 'cy@example.com', royaltyPercentage: 50 });
    expect((await addReceiver(owner.cookie, { receiverEmail: 'di@example.com', royaltyPercentage: 20.01 })).json()).toEqual({
      error: "The receivers' shares cannot exceed the creator's 85%: 65% is already shared, so at most 20% is left",
    });
    expect(over.statusCode).toBe(201);
    const duplicate = await addReceiver(owner.cookie, { receiverEmail: 'CY@example.com', royaltyPercentage: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('cy@example.com is already a receiver of this content');
    expect((await addReceiver(owner.cookie, { receiverEmail: 'ed@example.com', royaltyPercentage: 51 })).statusCode).toBe(400);
    expect((await addReceiver(owner.cookie, { receiverEmail: 'ed@example.com', receiverWallet: 'not-an-address' })).statusCode).toBe(400);
  });

  it('refuses content that is not registered, and hides the owner\'s content and receivers from anyone else', async () => {
    const { trackId: unregistered } = await seedTrack(testApp, owner.userId, { until: 'cleared', title: 'Demo' });
    const refused = await testApp.app.inject({ method: 'POST', url: '/api/royalty-receivers', payload: { contentId: unregistered, receiverName: 'Ana', receiverEmail: 'x@example.com', royaltyPercentage: 10 }, headers: { cookie: owner.cookie } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Copyright Registration Required/);

    const strangers = await addReceiver(stranger.cookie, { receiverEmail: 'x@example.com' });
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json().error).toBe('Content not found');
    expect((await addReceiver(null, { receiverEmail: 'x@example.com' })).statusCode).toBe(401);
    expect((await list(stranger.cookie)).json().receivers).toEqual([]);
  });

  it('removes a receiver for the owner only; the removed receiver\'s link stops working', async () => {
    const [ana] = (await list(owner.cookie)).json().receivers;
    const { token } = await mailedTo('ana@example.com');
    const byStranger = await testApp.app.inject({ method: 'DELETE', url: `/api/royalty-receivers/${ana.id}`, headers: { cookie: stranger.cookie } });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error).toBe('Receiver not found');

    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/royalty-receivers/${ana.id}`, headers: { cookie: owner.cookie } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Ana Lima is no longer a royalty receiver of this content');
    expect((await list(owner.cookie)).json().receivers.map((r: { receiverEmail: string }) => r.receiverEmail)).toEqual(['bo@example.com', 'cy@example.com']);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/royalty-invitations/${token}` })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/royalty-receivers/${ana.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });
});

describe("royalty receivers under a contract's share, with a mail server", () => {
  let other: TestApp;
  let otherDir: string;
  let cookie: string;
  let content: string;
  const mailed: string[] = [];

  beforeAll(async () => {
    otherDir = await mkdtemp(path.join(os.tmpdir(), 'goose-receivers-smtp-'));
    other = await startTestApp(otherDir, { start: async () => ({ workflowId: 'stand-in' }), master: notExpected, startMaster: notExpected, check: notExpected, register: notExpected, retryRegistration: notExpected }, {
      creatorShareOf: async () => 95,
      mailer: {
        transport: 'smtp',
        send: async (message) => {
          if (message.to === 'down@example.com') throw new Error('connect ECONNREFUSED');
          mailed.push(message.to);
          return { messageId: `m-${mailed.length}`, deliveredTo: 'smtp: 250 queued' };
        },
      },
    });
    const response = await other.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: `user_${randomUUID().slice(0, 8)}`, password: 'correct horse battery' } });
    cookie = `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`;
    ({ trackId: content } = await seedTrack(other, response.json().user.id, { until: 'registered' }));
  });

  afterAll(async () => {
    await other.close();
    await rm(otherDir, { recursive: true, force: true });
  });

  const add = (receiverEmail: string, royaltyPercentage: number) =>
    other.app.inject({ method: 'POST', url: '/api/royalty-receivers', payload: { contentId: content, receiverName: 'Ana', receiverEmail, royaltyPercentage }, headers: { cookie } });

  it('keeps a receiver whose invitation could not be mailed, pending with no sent date, and says so', async () => {
    const response = await add('down@example.com', 1);
    expect(response.statusCode).toBe(201);
    expect(response.json().receiver).toMatchObject({ invitationStatus: 'pending', invitationSentAt: null });
    expect(response.json().message).toBe('Ana was added, but the invitation could not be sent; remove and add them again to retry');
  });

  it("of two concurrent additions that together exceed the creator's 95 %, exactly one is added", async () => {
    const answers = await Promise.all([add('a@example.com', 50), add('b@example.com', 50)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 201)!.json().message).toMatch(/^Ana was added and invited by email to [ab]@example\.com$/);
    expect((await add('c@example.com', 44)).statusCode).toBe(201);
    expect((await add('d@example.com', 1)).json().error).toContain("cannot exceed the creator's 95%: 95% is already shared, so at most 0% is left");
    expect(mailed).toHaveLength(2);
  });
});
