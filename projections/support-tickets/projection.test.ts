// The support-tickets read model on PGlite and on the machine's Postgres: a ticket follows its
// events (opened, answered, noted, assigned, resolved, reopened, closed) with its first-response and
// resolution times; the requester is told of every change but internal notes, the support users
// of all; the queue puts unassigned first, then priority and age, with its filters; and the model
// rebuilt from the events (each applied twice) equals the one built live.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  SupportMessagePosted,
  SupportTicketAssigned,
  SupportTicketOpened,
  SupportTicketStatusChanged,
  supportTicketStreamId,
} from '../../domain/support/support-ticket.events';
import type { Db } from '../../infra/db/db';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { supportTicketsProjection } from './projection';
import { findSupportTicket, listRequesterTickets, listSupportMessages, listSupportQueue } from './queries';

const OPENED = '2026-11-01T10:00:00.000Z';
const ANSWERED = '2026-11-01T10:30:00.000Z';
const RESOLVED = '2026-11-01T12:00:00.000Z';
const requester = { userId: randomUUID(), name: 'ada' };
const staff = { userId: randomUUID(), name: 'sam' };
type Event = { type: string; data: unknown };

const opened = (ticketId: string, priority: 'low' | 'medium' | 'high' | 'urgent' = 'medium', openedAt = OPENED, who = requester): Event =>
  SupportTicketOpened.create({ ticketId, requester: who, title: `Ticket ${ticketId}`, description: 'Help', category: 'billing', priority, origin: 'user', handoff: null, openedAt });
const message = (ticketId: string, messageId: string, by: typeof requester, authorRole: 'user' | 'support', internal: boolean, postedAt: string): Event =>
  SupportMessagePosted.create({
    ticketId, messageId, author: by, authorRole, internal, message: `${messageId} text`, postedAt,
    attachments: internal ? [] : [{ attachmentId: `${messageId}-a`, filename: 'receipt.pdf', mimeType: 'application/pdf', size: 10, sha256: 'b'.repeat(64), storedName: `support-${messageId}-a.pdf` }],
  });
const moved = (ticketId: string, from: 'open' | 'in-progress' | 'resolved', to: 'open' | 'in-progress' | 'resolved' | 'closed', changedAt: string, by = staff): Event =>
  SupportTicketStatusChanged.create({ ticketId, from, to, by, cause: 'set', changedAt });

describeOnEachDatabase('support-tickets projection', (open) => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];

  beforeEach(async () => {
    database = await open([supportTicketsProjection]);
    ({ db, store, projector, changes } = database);
  });
  afterEach(() => database.close());

  async function record(ticketId: string, events: Event[]): Promise<void> {
    const before = (await store.readStream(supportTicketStreamId(ticketId))).length;
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: OPENED };
    const result = await store.append(supportTicketStreamId(ticketId), events.map((e) => ({ eventId: randomUUID(), metadata, type: e.type, data: e.data })), before === 0 ? 'no_stream' : before);
    await projector.waitFor(result.lastPosition);
  }

  it('follows a ticket with its times, keeps internal notes apart and tells the requester all but the notes', async () => {
    await record('t1', [opened('t1')]);
    await record('t1', [message('t1', 'n1', staff, 'support', true, '2026-11-01T10:10:00.000Z')]);
    expect((await findSupportTicket(db, 't1'))?.firstResponseAt).toBeNull();
    await record('t1', [
      message('t1', 'm1', staff, 'support', false, ANSWERED),
      moved('t1', 'open', 'in-progress', ANSWERED),
      SupportTicketAssigned.create({ ticketId: 't1', assignee: staff, by: staff, assignedAt: ANSWERED }),
      moved('t1', 'in-progress', 'resolved', RESOLVED),
    ]);
    expect(await findSupportTicket(db, 't1')).toMatchObject({
      status: 'resolved',
      requesterId: requester.userId,
      assigneeId: staff.userId,
      assigneeName: 'sam',
      firstResponseAt: ANSWERED,
      firstResponseMs: 30 * 60_000,
      resolvedAt: RESOLVED,
      resolutionMs: 2 * 3_600_000,
    });
    expect((await listSupportMessages(db, 't1', false)).map((m) => m.id)).toEqual(['m1']);
    expect((await listSupportMessages(db, 't1', true)).map((m) => [m.id, m.internal])).toEqual([['n1', true], ['m1', false]]);
    expect((await listSupportMessages(db, 't1', false))[0]?.attachments).toEqual([expect.objectContaining({ filename: 'receipt.pdf', storedName: 'support-m1-a.pdf' })]);
    expect(changes.every((c) => c.readModel === 'support' && c.subjectId === 't1' && c.alsoToRole === 'support')).toBe(true);
    const note = changes.find((c) => c.eventType === 'SupportMessagePosted' && c.ownerId !== requester.userId);
    expect(note?.ownerId).toBe(staff.userId);
    expect(changes.filter((c) => c.ownerId === requester.userId)).toHaveLength(5);
  });

  it('clears the resolution time when the ticket is reopened and keeps it when closed', async () => {
    await record('t2', [opened('t2'), moved('t2', 'open', 'resolved', RESOLVED)]);
    await record('t2', [moved('t2', 'resolved', 'open', '2026-11-02T10:00:00.000Z', requester)]);
    expect(await findSupportTicket(db, 't2')).toMatchObject({ status: 'open', resolvedAt: null, resolutionMs: null });
    await record('t2', [moved('t2', 'open', 'resolved', '2026-11-03T10:00:00.000Z'), moved('t2', 'resolved', 'closed', '2026-11-04T10:00:00.000Z')]);
    expect(await findSupportTicket(db, 't2')).toMatchObject({ status: 'closed', resolvedAt: '2026-11-03T10:00:00.000Z' });
  });

  it('orders the queue unassigned first, then by priority and age, and filters it', async () => {
    await record('low-old', [opened('low-old', 'low', '2026-11-01T08:00:00.000Z')]);
    await record('urgent', [opened('urgent', 'urgent', '2026-11-01T09:00:00.000Z')]);
    await record('high-new', [opened('high-new', 'high', '2026-11-01T11:00:00.000Z')]);
    await record('high-old', [opened('high-old', 'high', '2026-11-01T10:00:00.000Z')]);
    await record('taken', [opened('taken', 'urgent', '2026-11-01T07:00:00.000Z'), SupportTicketAssigned.create({ ticketId: 'taken', assignee: staff, by: staff, assignedAt: OPENED })]);
    await record('done', [opened('done', 'urgent'), moved('done', 'open', 'closed', RESOLVED)]);
    const queue = (filters: Partial<Parameters<typeof listSupportQueue>[1]> = {}) =>
      listSupportQueue(db, { status: 'active', assigned: 'all', limit: 50, ...filters }, staff.userId).then((tickets) => tickets.map((t) => t.id));
    expect(await queue()).toEqual(['urgent', 'high-old', 'high-new', 'low-old', 'taken']);
    expect(await queue({ assigned: 'mine' })).toEqual(['taken']);
    expect(await queue({ assigned: 'unassigned', priority: 'high' })).toEqual(['high-old', 'high-new']);
    expect(await queue({ status: 'closed' })).toEqual(['done']);
    expect((await queue({ status: 'all' })).length).toBe(6);
    expect((await listRequesterTickets(db, requester.userId)).length).toBe(6);
    expect(await listRequesterTickets(db, staff.userId)).toEqual([]);
  });

  it('rebuilt from the events, each applied twice, equals the model built live', async () => {
    await record('t3', [opened('t3'), message('t3', 'm1', requester, 'user', false, ANSWERED), message('t3', 'm2', staff, 'support', false, RESOLVED)]);
    await record('t3', [moved('t3', 'open', 'resolved', RESOLVED)]);
    const snapshot = async () => ({
      tickets: (await db.query('SELECT * FROM support_tickets ORDER BY id')).rows,
      messages: (await db.query('SELECT * FROM support_messages ORDER BY ticket_id, id')).rows,
    });
    const live = await snapshot();
    const events = await store.readStream(supportTicketStreamId('t3'));
    await db.query('DELETE FROM support_tickets; DELETE FROM support_messages');
    await db.transaction(async (tx) => {
      for (const event of events) {
        await supportTicketsProjection.apply(tx, event);
        await supportTicketsProjection.apply(tx, event);
      }
    });
    expect(await snapshot()).toEqual(live);
  });
});
