// The support agent's routes on the real knowledge (words only: the test app's data folder has no
// model): the held-track template with its passage and review link, a quoted or suggested answer
// with sources, the always-handoff topics, "Talk to a person", two unhelpful votes, conversations
// kept on their stream and private to their user. Handoffs go to a stand-in that records requests.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAgentResponseSchema, agentFeedbackResponseSchema, agentHandoffResponseSchema } from '../../../domain/contracts/support';
import { supportConversationStreamId } from '../../../domain/support/agent-conversation.events';
import type { HandoffTicketRequest, SupportHandoffs } from '../../../domain/support/ports';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../../domain/track/stage.events';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../../../tests/support/seed-track';
import { signUpWithWallet, startTestApp, type TestApp } from '../../../tests/support/test-app';

const refuse = () => Promise.reject(new Error('not called in this test'));
const lifecycle = { start: refuse, master: refuse, startMaster: refuse, check: refuse, register: refuse, retryRegistration: refuse };

/** The support centre's side of a handoff: records each request and answers one ticket per conversation. */
const handoffRequests: HandoffTicketRequest[] = [];
const handoffs: SupportHandoffs = {
  openHandoffTicket: async (request) => {
    handoffRequests.push(request);
    return { ticketId: `ticket-${request.handoff.conversationId}` };
  },
};

let dir: string;
let t: TestApp;
let owner: { userId: string; cookie: string };
let stranger: { userId: string; cookie: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-support-agent-'));
  t = await startTestApp(dir, lifecycle, { supportHandoffs: handoffs });
  owner = await signUpWithWallet(t);
  stranger = await signUpWithWallet(t);
});

afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const ask = (cookie: string, message: string, conversationId?: string) =>
  t.app.inject({ method: 'POST', url: '/api/support/agent/messages', headers: { cookie }, payload: { message, ...(conversationId ? { conversationId } : {}) } });

describe('the support agent routes', () => {
  it('refuses a visitor and a blank question', async () => {
    for (const [url, payload] of [['/api/support/agent/messages', { message: 'hi' }], ['/api/support/agent/handoff', {}], [`/api/support/agent/answers/x/feedback`, { helpful: true }]] as const) {
      expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    }
    const blank = await ask(owner.cookie, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/Write a question first/);
  });

  it('says why a held track is held: the passage m:ss–m:ss, the work, and where to ask for a review, resting on the FAQ', async () => {
    const track = await seedTrack(t, owner.userId, { until: 'probed', title: 'Night Drive' });
    await appendTrackEvents(t, track.trackId, owner.userId, [
      TrackCopyrightCheckStarted.create({ trackId: track.trackId, checkId: 'k1', storedName: track.storedName, sha256: track.sha256 }),
      TrackCopyrightChecked.create({
        trackId: track.trackId,
        checkId: 'k1',
        sha256: track.sha256,
        elapsedSeconds: 1,
        analysis: checkAnalysis({
          status: 'needs_review',
          clearanceScore: 40,
          passages: [{ workId: 'w1', title: 'Harbour Lights', owner: 'mira', registeredAt: '2026-10-01T00:00:00.000Z', kind: 'melody', similarity: 91, upload: { startSeconds: 83, endSeconds: 101 }, work: { startSeconds: 12, endSeconds: 30 } }],
        }),
      }),
    ]);
    const response = await ask(owner.cookie, 'why is Night Drive not getting registered?');
    expect(response.statusCode).toBe(200);
    const { answer } = askAgentResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ kind: 'account', actionUrl: '/dashboard/oracle', actionText: 'Ask for a review here', ticketId: null });
    expect(answer.text).toContain('is held because it matches passage 1:23–1:41 of "Harbour Lights" by mira');
    expect(answer.sources.map((s) => s.id)).toContain('faq/copyright#why-is-my-track-held-for-review');
    expect(answer.sources[0]!.url).toBe('/dashboard/faq#why-is-my-track-held-for-review');
    // The stranger has no tracks: the template reads their data, never the owner's, so the articles answer them.
    const strangers = askAgentResponseSchema.parse((await ask(stranger.cookie, 'why is my track held?')).json()).answer;
    expect(strangers.kind).not.toBe('account');
    expect(strangers.text).not.toContain('Harbour Lights');
  });

  it('answers the balance from the token account', async () => {
    const { answer } = askAgentResponseSchema.parse((await ask(owner.cookie, 'how many tokens do I have?')).json());
    expect(answer.kind).toBe('account');
    expect(answer.text).toMatch(/^You have [\d.,]+ tokens? to spend\./);
  });

  it('quotes or offers passages with their citations for a product question, and keeps the conversation on its stream', async () => {
    const response = await ask(owner.cookie, 'What does the copyright check compare my track with?');
    const { conversationId, answer } = askAgentResponseSchema.parse(response.json());
    expect(['quote', 'suggestions']).toContain(answer.kind);
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(answer.sources.map((s) => s.id)).toContain('faq/copyright#what-does-the-copyright-check-compare-my-track-with');
    expect(answer.answerId).toBe(`${conversationId}.1`);
    const second = askAgentResponseSchema.parse((await ask(owner.cookie, 'Is my username public?', conversationId)).json());
    expect(second.answer.answerId).toBe(`${conversationId}.2`);
    const types = (await t.eventStore.readStream(supportConversationStreamId(conversationId))).map((e) => e.type);
    expect(types).toEqual(['SupportAgentQuestionAsked', 'SupportAgentAnswered', 'SupportAgentQuestionAsked', 'SupportAgentAnswered']);
  });

  it.each([
    ['I want a refund for my subscription', 'refund', 'billing', 'high'],
    ['Someone stole my song and registered it', 'dispute', 'general', 'high'],
    ['You will hear from my lawyer', 'legal-notice', 'general', 'high'],
    ['My account was hacked', 'account-security', 'technical', 'urgent'],
  ])('always hands "%s" to a person (%s), with the transcript and the sources', async (message, reason, category, priority) => {
    const { conversationId, answer } = askAgentResponseSchema.parse((await ask(owner.cookie, message)).json());
    expect(answer).toMatchObject({ kind: 'handoff', handoffReason: reason, ticketId: `ticket-${conversationId}`, actionUrl: `/dashboard/support?ticket=ticket-${conversationId}` });
    const request = handoffRequests.at(-1)!;
    expect(request).toMatchObject({ requesterId: owner.userId, category, priority, handoff: { conversationId, reason } });
    expect(request.handoff.transcript).toEqual([expect.objectContaining({ from: 'user', text: message })]);
    expect(request.handoff.sources).toEqual(answer.sources);
  });

  it('hands over when asked, carrying what was said so far', async () => {
    const first = askAgentResponseSchema.parse((await ask(owner.cookie, 'What does mastering do?')).json());
    const response = await t.app.inject({ method: 'POST', url: '/api/support/agent/handoff', headers: { cookie: owner.cookie }, payload: { conversationId: first.conversationId } });
    const { answer } = agentHandoffResponseSchema.parse(response.json());
    expect(answer).toMatchObject({ kind: 'handoff', handoffReason: 'asked-for-person', ticketId: `ticket-${first.conversationId}` });
    expect(handoffRequests.at(-1)!.handoff.transcript.map((e) => e.from)).toEqual(['user', 'agent']);
    // Without a conversation: a new one, handed over at once.
    const fresh = agentHandoffResponseSchema.parse((await t.app.inject({ method: 'POST', url: '/api/support/agent/handoff', headers: { cookie: owner.cookie }, payload: {} })).json());
    expect(fresh.answer.kind).toBe('handoff');
  });

  it('hands over after the second unhelpful vote, once; a vote counts once per answer', async () => {
    const first = askAgentResponseSchema.parse((await ask(owner.cookie, 'What does each step cost?')).json());
    const second = askAgentResponseSchema.parse((await ask(owner.cookie, 'Which files can I upload?', first.conversationId)).json());
    const vote = (answerId: string, helpful: boolean) => t.app.inject({ method: 'POST', url: `/api/support/agent/answers/${answerId}/feedback`, headers: { cookie: owner.cookie }, payload: { helpful } });
    expect(agentFeedbackResponseSchema.parse((await vote(first.answer.answerId, false)).json())).toEqual({ handoff: null });
    expect(agentFeedbackResponseSchema.parse((await vote(first.answer.answerId, false)).json())).toEqual({ handoff: null });
    const handed = agentFeedbackResponseSchema.parse((await vote(second.answer.answerId, false)).json());
    expect(handed.handoff).toMatchObject({ kind: 'handoff', handoffReason: 'two-unhelpful-votes', answerId: `${first.conversationId}.3` });
    expect(handoffRequests.at(-1)!.handoff.transcript).toHaveLength(4);
  });

  it("answers another user's conversation and answer as missing (404)", async () => {
    const mine = askAgentResponseSchema.parse((await ask(owner.cookie, 'What is GOOSE?')).json());
    const theirs = await ask(stranger.cookie, 'And pricing?', mine.conversationId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Conversation not found' });
    const handoff = await t.app.inject({ method: 'POST', url: '/api/support/agent/handoff', headers: { cookie: stranger.cookie }, payload: { conversationId: mine.conversationId } });
    expect(handoff.statusCode).toBe(404);
    const vote = await t.app.inject({ method: 'POST', url: `/api/support/agent/answers/${mine.answer.answerId}/feedback`, headers: { cookie: stranger.cookie }, payload: { helpful: false } });
    expect(vote.statusCode).toBe(404);
    expect(vote.json()).toEqual({ error: 'Answer not found' });
  });
});

describe('with the support centre the app opens tickets in', () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await startTestApp(path.join(dir, 'real'), lifecycle);
  });
  afterAll(() => real.close());

  it('hands a refund to a person with a real ticket, linked from the answer, carrying the question', async () => {
    const user = await signUpWithWallet(real);
    const { answer } = askAgentResponseSchema.parse((await real.app.inject({ method: 'POST', url: '/api/support/agent/messages', headers: { cookie: user.cookie }, payload: { message: 'refund please' } })).json());
    expect(answer).toMatchObject({ kind: 'handoff', handoffReason: 'refund', actionUrl: `/dashboard/support?ticket=${answer.ticketId}` });
    const ticket = await real.app.inject({ method: 'GET', url: `/api/support/tickets/${answer.ticketId}`, headers: { cookie: user.cookie } });
    expect(ticket.statusCode).toBe(200);
    expect(ticket.json()).toMatchObject({ ticket: { id: answer.ticketId, origin: 'agent', category: 'billing', priority: 'high', description: 'refund please' } });
  });
});
