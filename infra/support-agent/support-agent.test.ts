// The agent's decision on a small knowledge base: a confident match is quoted with its citation and
// address; a generator's answer is shown only when it passes the citation gate; nothing close opens
// a ticket saying it will not guess. Runs on PGlite with the real event store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../domain/support/account-answers';
import type { HandoffTicketRequest } from '../../domain/support/ports';
import { eventRegistry } from '../../domain/registry';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import type { AnswerGenerator } from './generator';
import { KnowledgeIndex } from './knowledge-index';
import type { Passage } from './passages';
import { SupportAgent } from './support-agent';

const passage = (id: string, title: string, text: string): Passage => ({ id, source: 'faq', title, url: `/dashboard/faq#${id.split('#')[1]}`, text, contentHash: id });
const PASSAGES = [
  passage('faq/technical#upload-size', 'Is there a limit on upload size?', 'Yes: 50 MB a file, on the web and through the API.'),
  passage('faq/music#mastering', 'What does mastering do?', 'Mastering sets the loudness and balance of a track for streaming services.'),
];
const noAccount: AccountFacts = { tracks: async () => [], balance: async () => null, releases: async () => [] };
const USER = '6f1c1c9e-2b7a-4f0e-9c1d-0a1b2c3d4e5f';

let db: Db;
let index: KnowledgeIndex;
let eventStore: PostgresEventStore;
const tickets: HandoffTicketRequest[] = [];
const agent = (generator: AnswerGenerator | null) =>
  new SupportAgent({ index: async () => index, accountFacts: noAccount, eventStore, generator, handoffs: { openHandoffTicket: async (r) => (tickets.push(r), { ticketId: 'T1' }) } });

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
  index = await KnowledgeIndex.open(db, PASSAGES, null);
});
afterAll(async () => {
  await eventStore.close();
  await db.close();
});

describe('SupportAgent', () => {
  it('quotes the passage that holds the question, with its citation and where to read it', async () => {
    const { answer } = await agent(null).ask(USER, 'Is there a limit on the upload size?');
    expect(answer).toMatchObject({ kind: 'quote', text: 'Yes: 50 MB a file, on the web and through the API.', actionUrl: '/dashboard/faq#upload-size', actionText: 'Read it in full' });
    expect(answer.sources.map((s) => s.id)).toEqual(['faq/technical#upload-size']);
  });

  it("shows a generator's answer when it passes the gate, with the sources it cites, and the quote when it does not", async () => {
    const cited: AnswerGenerator = { answer: async () => ({ text: 'Files may be up to 50 MB [faq/technical#upload-size].', cited: ['faq/technical#upload-size'] }) };
    const generated = await agent(cited).ask(USER, 'Is there a limit on the upload size?');
    expect(generated.answer).toMatchObject({ kind: 'generated', text: 'Files may be up to 50 MB [faq/technical#upload-size].' });
    expect(generated.answer.sources.map((s) => s.id)).toEqual(['faq/technical#upload-size']);
    const refused = await agent({ answer: async () => null }).ask(USER, 'Is there a limit on the upload size?');
    expect(refused.answer.kind).toBe('quote');
  });

  it('opens a ticket rather than guess when nothing is close', async () => {
    const { conversationId, answer } = await agent(null).ask(USER, 'Which vinyl pressing plants do you work with?');
    expect(answer).toMatchObject({ kind: 'handoff', handoffReason: 'cannot-answer', ticketId: 'T1' });
    expect(answer.text).toMatch(/I will not guess/);
    expect(tickets.at(-1)).toMatchObject({ requesterId: USER, category: 'general', priority: 'medium', handoff: { conversationId, reason: 'cannot-answer' } });
  });

  it('does not announce a second ticket when a conversation already with a person asks for one again', async () => {
    const { conversationId } = await agent(null).ask(USER, 'I want a refund');
    const opened = tickets.length;
    const again = await agent(null).talkToPerson(USER, conversationId);
    expect(again).toMatchObject({ kind: 'handoff', handoffReason: 'asked-for-person', ticketId: 'T1', actionUrl: '/dashboard/support?ticket=T1' });
    expect(again.text).toBe('You asked for a person. This conversation is already with a person, on your ticket: write anything new there, and you will be told when they reply.');
    expect(tickets).toHaveLength(opened);
  });
});
