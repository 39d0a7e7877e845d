// The support centre through the API: a user opens a ticket (the spec's message when a field is
// missing) and sees only their own; a support user (granted the role) finds it in the queue, takes
// it, answers, writes an internal note the requester never sees, inserts canned replies, moves its
// status; the requester's reply reopens a resolved ticket; times are shown on both sides;
// attachments take the sniffing and limits of dispute evidence; another user is told 404, a
// creator is refused the queue, a visitor 401.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_EVIDENCE_BYTES } from '../../../domain/contracts/disputes';
import {
  cannedRepliesResponseSchema,
  supportTicketDetailResponseSchema,
  supportTicketListResponseSchema,
  supportTicketResponseSchema,
} from '../../../domain/contracts/support';
import { sineWav } from '../../../tests/support/audio';
import { multipartBody } from '../../../tests/support/multipart';
import { grantRole } from '../../../tests/support/roles';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

interface Account {
  cookie: string;
  userId: string;
  username: string;
}

let testApp: TestApp;
let dataDir: string;
let requester: Account;
let stranger: Account;
let staff: Account;
let ticketId: string;
const audio = sineWav({ seconds: 0.2 });

async function signup(): Promise<Account> {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' } });
  return { cookie: `goose_session=${response.cookies.find((c) => c.name === 'goose_session')!.value}`, userId: response.json().user.id, username };
}

const call = (method: 'GET' | 'POST', url: string, who: Account | null, payload?: object) =>
  testApp.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });
const on = (route = '') => `/api/support/tickets/${ticketId}${route}`;
const detail = async (who: Account) => supportTicketDetailResponseSchema.parse((await call('GET', on(), who)).json());

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-support-'));
  const unused = async () => {
    throw new Error('the support routes do not drive tracks');
  };
  testApp = await startTestApp(dataDir, { start: async () => ({ workflowId: 'stand-in' }), master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused });
  [requester, stranger, staff] = await Promise.all([signup(), signup(), signup()]);
  await grantRole(testApp, staff.userId, 'support');
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('support ticket routes', () => {
  it("POST /api/support/tickets: refuses a visitor and a missing field with the spec's message; opens the ticket with its defaults", async () => {
    expect((await call('POST', '/api/support/tickets', null, { title: 'Help', description: 'Please' })).statusCode).toBe(401);
    for (const payload of [{ title: '  ', description: 'Please' }, { title: 'Help' }, {}]) {
      const refused = await call('POST', '/api/support/tickets', requester, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'Please fill in all required fields.' });
    }
    const opened = await call('POST', '/api/support/tickets', requester, { title: 'Card charged twice', description: 'I paid once and was charged twice', category: 'billing', priority: 'high' });
    expect(opened.statusCode).toBe(201);
    const { ticket } = supportTicketResponseSchema.parse(opened.json());
    ticketId = ticket.id;
    expect(ticket).toMatchObject({ status: 'open', category: 'billing', priority: 'high', requesterName: requester.username, assigneeName: null, origin: 'user', firstResponseMs: null, resolutionMs: null });
    const defaults = supportTicketResponseSchema.parse((await call('POST', '/api/support/tickets', requester, { title: 'Question', description: 'How?' })).json()).ticket;
    expect(defaults).toMatchObject({ category: 'general', priority: 'medium' });
  });

  it('GET /api/support/tickets lists only the user\'s own tickets; another user is told a ticket does not exist', async () => {
    expect(supportTicketListResponseSchema.parse((await call('GET', '/api/support/tickets', requester)).json()).tickets).toHaveLength(2);
    expect(supportTicketListResponseSchema.parse((await call('GET', '/api/support/tickets', stranger)).json()).tickets).toEqual([]);
    for (const route of ['', '/messages']) expect((await call('GET', on(route), stranger)).statusCode).toBe(404);
    expect((await call('POST', on('/messages'), stranger, { message: 'Hi' })).statusCode).toBe(404);
    expect((await call('GET', on(), null)).statusCode).toBe(401);
  });

  it('GET /api/support/queue and the canned replies are for support users only; the queue puts the urgent unassigned first', async () => {
    expect((await call('GET', '/api/support/queue', requester)).statusCode).toBe(403);
    expect((await call('GET', '/api/support/queue', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/support/canned-replies', requester)).statusCode).toBe(403);
    const queue = supportTicketListResponseSchema.parse((await call('GET', '/api/support/queue', staff)).json()).tickets;
    expect(queue.map((t) => t.id)[0]).toBe(ticketId);
    expect((await call('GET', '/api/support/queue?priority=high', staff)).json().tickets).toHaveLength(1);
    expect((await call('GET', '/api/support/queue?assigned=mine', staff)).json().tickets).toEqual([]);
    expect((await call('GET', '/api/support/queue?priority=someday', staff)).statusCode).toBe(400);
    const canned = cannedRepliesResponseSchema.parse((await call('GET', '/api/support/canned-replies', staff)).json());
    expect(canned.version).toBeGreaterThanOrEqual(1);
    expect(canned.replies.length).toBeGreaterThan(0);
    expect(canned.replies.every((reply) => reply.body.length > 0 && !reply.body.includes('\n\n\n'))).toBe(true);
  });

  it('a support user takes the ticket, answers and writes an internal note; the requester sees the answer and its time, never the note', async () => {
    expect((await call('POST', on('/assign'), requester, {})).statusCode).toBe(403);
    const taken = supportTicketDetailResponseSchema.parse((await call('POST', on('/assign'), staff, {})).json());
    expect(taken.ticket.assigneeName).toBe(staff.username);
    expect(taken.viewerIsSupport).toBe(true);
    expect((await call('GET', '/api/support/queue?assigned=mine', staff)).json().tickets).toHaveLength(1);

    const refusedNote = await call('POST', on('/notes'), requester, { message: 'secret' });
    expect(refusedNote.statusCode).toBe(403);
    expect((await call('POST', on('/notes'), staff, { message: 'Checked the provider: two charges, one to refund' })).statusCode).toBe(201);
    const answered = await call('POST', on('/messages'), staff, { message: 'I see both charges; one is being refunded.' });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().message).toMatchObject({ authorRole: 'support', authorName: staff.username, internal: false, isFromAI: false });

    const seenByRequester = await detail(requester);
    expect(seenByRequester.messages.map((m) => m.message)).toEqual(['I see both charges; one is being refunded.']);
    expect(seenByRequester.ticket).toMatchObject({ status: 'in-progress' });
    expect(seenByRequester.ticket.firstResponseMs).toBeGreaterThanOrEqual(0);
    expect(seenByRequester).toMatchObject({ allowedStatuses: ['closed'], viewerIsSupport: false });
    expect((await call('GET', on('/messages'), requester)).json().messages).toHaveLength(1);
    const seenBySupport = await detail(staff);
    expect(seenBySupport.messages.map((m) => m.internal)).toEqual([true, false]);
    expect(seenBySupport.allowedStatuses).toEqual(['resolved', 'closed']);
  });

  it('POST …/status: support resolves, the requester may not; the requester\'s reply reopens it; closed is final', async () => {
    const refused = await call('POST', on('/status'), requester, { status: 'resolved' });
    expect(refused.statusCode).toBe(403);
    const resolved = supportTicketDetailResponseSchema.parse((await call('POST', on('/status'), staff, { status: 'resolved' })).json());
    expect(resolved.ticket.status).toBe('resolved');
    expect(resolved.ticket.resolutionMs).toBeGreaterThanOrEqual(0);
    expect((await call('POST', on('/messages'), requester, { message: 'Still charged twice' })).statusCode).toBe(201);
    expect((await detail(requester)).ticket).toMatchObject({ status: 'open', resolvedAt: null });
    expect((await call('POST', on('/status'), requester, { status: 'closed' })).statusCode).toBe(200);
    const late = await call('POST', on('/messages'), requester, { message: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect((await call('POST', on('/status'), staff, { status: 'in-progress' })).statusCode).toBe(409);
    expect((await call('POST', on('/status'), staff, { status: 'someday' })).statusCode).toBe(400);
  });

  it('POST …/attachments: files with the sniffing and limits of dispute evidence; the requester never downloads an internal note\'s file', async () => {
    const open = supportTicketResponseSchema.parse((await call('POST', '/api/support/tickets', requester, { title: 'Upload broken', description: 'See the file' })).json()).ticket;
    const url = `/api/support/tickets/${open.id}/attachments`;
    const send = (who: Account | null, fields: Record<string, string>, file?: Buffer, name = 'take.wav') => {
      const body = multipartBody(fields, file ? { filename: name, contentType: 'audio/wav', content: file } : undefined);
      return testApp.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) } });
    };
    expect((await send(null, {}, audio)).statusCode).toBe(401);
    expect((await send(stranger, {}, audio)).statusCode).toBe(404);
    expect((await send(requester, { message: 'no file' })).json()).toEqual({ error: 'No file selected' });
    expect((await send(requester, {}, Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 9]), 'blob.bin')).statusCode).toBe(415);
    const tooLarge = await send(requester, {}, Buffer.concat([audio, Buffer.alloc(MAX_EVIDENCE_BYTES)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'File too large: an attachment may be at most 25 MB' });
    expect((await send(requester, { internal: 'true' }, audio)).statusCode).toBe(403);

    const sent = await send(requester, { message: 'The take that fails' }, audio);
    expect(sent.statusCode).toBe(201);
    const [attachment] = sent.json().message.attachments;
    expect(attachment).toMatchObject({ filename: 'take.wav', mimeType: 'audio/wav', sizeBytes: audio.length, sha256: createHash('sha256').update(audio).digest('hex') });
    const downloaded = await call('GET', attachment.downloadUrl, requester);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(audio)).toBe(true);
    expect((await call('GET', attachment.downloadUrl, stranger)).statusCode).toBe(404);
    expect((await call('GET', attachment.downloadUrl, staff)).statusCode).toBe(200);

    const note = await send(staff, { message: 'Their file, trimmed', internal: 'true' }, audio);
    expect(note.statusCode).toBe(201);
    const noteFile = note.json().message.attachments[0].downloadUrl as string;
    expect((await call('GET', noteFile, requester)).statusCode).toBe(404);
    expect((await call('GET', noteFile, staff)).statusCode).toBe(200);
    // Refused forms left nothing stored: only the two files the events name.
    expect((await readdir(testApp.storage.uploadsDir)).filter((name) => name.startsWith('support-'))).toHaveLength(2);
  });
});
