// The disputes read model on PGlite: a case follows its events (filed, frozen, answered, assigned,
// evidence, messages, resolved, paid, appealed, closed), claimant, respondent and reviewer are told,
// the list is scoped to the viewer with its filters and summary, and the model rebuilt from the
// events (each applied twice) equals the one built live.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DisputeAnswered,
  DisputeAppealed,
  DisputeAssetsFrozen,
  DisputeAssetsUnfrozen,
  DisputeAssigned,
  DisputeClosed,
  DisputeCompensationPaid,
  DisputeDeadlinePassed,
  DisputeEvidenceAdded,
  DisputeEvidenceRequested,
  DisputeFiled,
  DisputeMessagePosted,
  DisputeResolved,
  disputeStreamId,
} from '../../domain/disputes/dispute.events';
import type { Db } from '../../infra/db/db';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { disputesProjection } from './projection';
import { findDispute, listDisputes, openCaseFromReadModel } from './queries';

const FILED = '2026-11-01T10:00:00.000Z';
const LATER = '2026-11-02T10:00:00.000Z';
const ownerId = randomUUID();
const claimantId = randomUUID();
const reviewerId = randomUUID();
const owner = { userId: ownerId, name: 'olivia' };
const claimant = { userId: claimantId, name: 'carl' };
const reviewer = { userId: reviewerId, name: 'rita' };

type Event = { type: string; data: unknown };

function filed(disputeId: string, overrides: Partial<Parameters<typeof DisputeFiled.create>[0]> = {}): Event {
  return DisputeFiled.create({
    disputeId,
    kind: 'dispute',
    workId: 'w1',
    workTitle: 'Night Drive',
    ownerId,
    ownerName: 'olivia',
    claimant,
    disputeType: 'copyright_infringement',
    priority: 'high',
    subject: 'My melody',
    description: 'The hook is mine',
    claimedRights: ['reproduction', 'distribution'],
    estimatedValueCents: 12_345,
    filedAt: FILED,
    answerDueAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  });
}

describe('disputes projection on PGlite', () => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];

  beforeEach(async () => {
    database = await openOnPglite([disputesProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  async function record(disputeId: string, events: Event[]): Promise<void> {
    const before = (await store.readStream(disputeStreamId(disputeId))).length;
    const metadata = { correlationId: 'test', causationId: null, actor: 'workflow', workflowId: `dispute-${disputeId}`, occurredAt: FILED };
    const result = await store.append(disputeStreamId(disputeId), events.map((e) => ({ eventId: randomUUID(), metadata, type: e.type, data: e.data })), before === 0 ? 'no_stream' : before);
    await projector.waitFor(result.lastPosition);
  }

  const snapshot = async () => ({
    disputes: (await db.query(`SELECT * FROM disputes ORDER BY id`)).rows,
    evidence: (await db.query(`SELECT * FROM dispute_evidence ORDER BY dispute_id, id`)).rows,
    messages: (await db.query(`SELECT * FROM dispute_messages ORDER BY dispute_id, id`)).rows,
  });

  async function fullCase(disputeId: string): Promise<void> {
    await record(disputeId, [
      filed(disputeId),
      DisputeAssetsFrozen.create({ disputeId, workId: 'w1', payoutsFrozen: true, licensingFrozen: true, contractId: 'c1', detail: 'frozen', frozenAt: FILED }),
    ]);
    await record(disputeId, [DisputeAnswered.create({ disputeId, by: owner, message: 'It is mine', answeredAt: LATER })]);
    await record(disputeId, [
      DisputeAssigned.create({ disputeId, reviewer, assignedBy: reviewer, assignedAt: LATER }),
      DisputeEvidenceRequested.create({ disputeId, from: 'respondent', note: 'Stems please', by: reviewer, requestedAt: LATER, dueAt: '2026-11-16T10:00:00.000Z' }),
      DisputeEvidenceAdded.create({
        disputeId,
        evidenceId: 'e1',
        by: owner,
        party: 'respondent',
        type: 'audio',
        description: 'The stems',
        file: { filename: 'stems.wav', mimeType: 'audio/wav', size: 2048, sha256: 'a'.repeat(64), storedName: 'disputes/x/e1' },
        addedAt: LATER,
      }),
      DisputeMessagePosted.create({ disputeId, messageId: 'm1', sender: reviewer, senderType: 'reviewer', message: 'Thanks', postedAt: LATER }),
    ]);
  }

  it('follows a case from filing to the evidence stage and tells claimant, respondent and reviewer', async () => {
    await fullCase('d1');
    const found = await findDispute(db, 'd1');
    expect(found).toMatchObject({
      status: 'pending_evidence',
      claimantName: 'carl',
      respondentName: 'olivia',
      assignedToName: 'rita',
      answer: { byName: 'olivia', message: 'It is mine', answeredAt: expect.any(String) },
      claimedRights: ['reproduction', 'distribution'],
      frozenAssets: { payoutsFreeze: true, licensingFreeze: true, estimatedValue: 123.45 },
      deadlines: [{ kind: 'evidence', party: 'respondent', dueAt: '2026-11-16T10:00:00.000Z' }],
      resolution: null,
    });
    expect(found?.evidence.documents).toEqual([
      expect.objectContaining({ id: 'e1', filename: 'stems.wav', size: 2048, storedName: 'disputes/x/e1', submittedByName: 'olivia', party: 'respondent' }),
    ]);
    expect(found?.messages).toEqual([expect.objectContaining({ senderName: 'rita', senderType: 'reviewer', message: 'Thanks' })]);
    expect(new Set(changes.map((c) => c.ownerId))).toEqual(new Set([ownerId, claimantId, reviewerId]));
    expect(changes.every((c) => c.readModel === 'disputes' && c.subjectId === 'd1')).toBe(true);
  });

  it('shows the answer countdown while unanswered, then the resolution, the payment, the appeal and the close', async () => {
    await record('d2', [filed('d2')]);
    expect((await findDispute(db, 'd2'))?.deadlines).toEqual([expect.objectContaining({ kind: 'response', party: 'respondent', dueAt: '2026-12-01T10:00:00.000Z' })]);
    await record('d2', [
      DisputeDeadlinePassed.create({ disputeId: 'd2', kind: 'response', dueAt: '2026-12-01T10:00:00.000Z', consequence: 'resolved by default', passedAt: '2026-12-01T10:00:00.000Z' }),
      DisputeResolved.create({
        disputeId: 'd2',
        outcome: 'upheld',
        details: 'Unanswered',
        compensationCents: 5000,
        by: { userId: null, name: 'GOOSE' },
        byDefault: true,
        resolvedAt: '2026-12-01T10:00:00.000Z',
        appealUntil: '2026-12-08T10:00:00.000Z',
      }),
    ]);
    let found = await findDispute(db, 'd2');
    expect(found?.status).toBe('resolved');
    expect(found?.resolution).toMatchObject({ outcome: 'upheld', byDefault: true, compensationAmount: null, compensationNote: 'Compensation of $50.00 decided; not moved yet' });
    expect(found?.deadlines.map((d) => d.kind)).toEqual(['appeal']);
    await record('d2', [
      DisputeCompensationPaid.create({ disputeId: 'd2', decidedCents: 5000, paidCents: 1200, contractId: 'c1', toUserId: claimantId, reference: 'dispute-compensation-d2-1', note: 'Only $12.00 was pending', paidAt: '2026-12-01T10:00:01.000Z' }),
      DisputeAssetsUnfrozen.create({ disputeId: 'd2', workId: 'w1', contractId: 'c1', detail: 'lifted', unfrozenAt: '2026-12-01T10:00:02.000Z' }),
      DisputeAppealed.create({ disputeId: 'd2', by: owner, reason: 'I was away', appealedAt: '2026-12-03T10:00:00.000Z' }),
    ]);
    found = await findDispute(db, 'd2');
    expect(found).toMatchObject({ status: 'escalated', appeal: { byName: 'olivia', reason: 'I was away' }, deadlines: [] });
    expect(found?.resolution).toMatchObject({ compensationAmount: 12, compensationNote: 'Only $12.00 was pending' });
    expect(await openCaseFromReadModel(db)('w1', claimantId)).toBe('d2');
    await record('d2', [DisputeClosed.create({ disputeId: 'd2', closedAt: '2026-12-20T10:00:00.000Z' })]);
    expect((await findDispute(db, 'd2'))?.closedAt).toBe('2026-12-20T10:00:00.000Z');
    expect(await openCaseFromReadModel(db)('w1', claimantId)).toBeNull();
  });

  it('lists a party only their own cases, reviewers every case, with filters and a summary of everything in scope', async () => {
    await fullCase('d1');
    await record('d3', [filed('d3', { claimant: { userId: randomUUID(), name: 'zed' }, ownerId: randomUUID(), priority: 'critical', disputeType: 'ownership_claim' })]);
    const all = { assignedTo: 'all' as const, limit: 50, offset: 0 };
    const mine = await listDisputes(db, { everyone: false, userId: claimantId }, all);
    expect(mine.disputes.map((d) => d.id)).toEqual(['d1']);
    expect(mine.summary.byStatus).toEqual({ pending_evidence: 1 });
    const everyone = await listDisputes(db, { everyone: true, userId: reviewerId }, all);
    expect(everyone.total).toBe(2);
    expect(everyone.summary).toEqual({ byStatus: { pending_evidence: 1, open: 1 }, byType: { copyright_infringement: 1, ownership_claim: 1 }, byPriority: { high: 1, critical: 1 } });
    expect((await listDisputes(db, { everyone: true, userId: reviewerId }, { ...all, assignedTo: 'me' })).disputes.map((d) => d.id)).toEqual(['d1']);
    expect((await listDisputes(db, { everyone: true, userId: reviewerId }, { ...all, assignedTo: 'unassigned' })).disputes.map((d) => d.id)).toEqual(['d3']);
    const critical = await listDisputes(db, { everyone: true, userId: reviewerId }, { ...all, priority: 'critical' });
    expect(critical).toMatchObject({ total: 1, disputes: [{ id: 'd3' }] });
    expect(critical.summary.byPriority).toEqual({ high: 1, critical: 1 });
  });

  it('rebuilt from the events, each applied twice, equals the model built live', async () => {
    await fullCase('d1');
    await record('d2', [filed('d2')]);
    const live = await snapshot();
    const events = [...(await store.readStream(disputeStreamId('d1'))), ...(await store.readStream(disputeStreamId('d2')))];
    await db.query('DELETE FROM disputes; DELETE FROM dispute_evidence; DELETE FROM dispute_messages');
    await db.transaction(async (tx) => {
      for (const event of events) {
        await disputesProjection.apply(tx, event);
        await disputesProjection.apply(tx, event);
      }
    });
    expect(await snapshot()).toEqual(live);
  });
});
