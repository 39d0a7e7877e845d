// Dispute case events put straight into the event store for the read models' tests (registry,
// marketplace, proofs): a case filed about a work, resolved, appealed and closed, as the dispute
// workflow would have appended them on the stream `dispute-<id>`.
import { randomUUID } from 'node:crypto';
import type { CaseKind, ResolutionOutcome } from '../../domain/contracts/disputes';
import { DisputeAppealed, DisputeClosed, DisputeFiled, DisputeResolved, disputeStreamId } from '../../domain/disputes/dispute.events';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/event-store';

export interface DisputeSeed {
  workId: string;
  workTitle?: string;
  ownerId: string;
  ownerName?: string;
  claimantId?: string;
  claimantName?: string;
  kind?: CaseKind;
}

async function append(store: EventStore, disputeId: string, event: { type: string; data: unknown }): Promise<GlobalPosition> {
  const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: `dispute-${disputeId}`, occurredAt: new Date().toISOString() };
  const { lastPosition } = await store.append(disputeStreamId(disputeId), [{ eventId: randomUUID(), metadata, ...event }], 'any');
  return lastPosition;
}

/** Files a case about `seed.workId`; returns its id and the position to wait for. */
export async function fileDispute(store: EventStore, seed: DisputeSeed): Promise<{ disputeId: string; position: GlobalPosition }> {
  const disputeId = `D-${randomUUID().slice(0, 8)}`;
  const filedAt = new Date().toISOString();
  const position = await append(store, disputeId, DisputeFiled.create({
    disputeId, kind: seed.kind ?? 'dispute', workId: seed.workId, workTitle: seed.workTitle ?? 'A work', ownerId: seed.ownerId, ownerName: seed.ownerName ?? 'owner',
    claimant: { userId: seed.claimantId ?? randomUUID(), name: seed.claimantName ?? 'claimant' },
    disputeType: 'copyright_infringement', priority: 'high', subject: 'My melody', description: 'The chorus is mine', claimedRights: ['reproduction'],
    estimatedValueCents: 1200, checkId: null, filedAt, answerDueAt: new Date(Date.parse(filedAt) + 30 * 86_400_000).toISOString(),
  }));
  return { disputeId, position };
}

export function resolveDispute(store: EventStore, disputeId: string, outcome: ResolutionOutcome, options: { details?: string; compensationCents?: number; byDefault?: boolean } = {}): Promise<GlobalPosition> {
  const resolvedAt = new Date().toISOString();
  return append(store, disputeId, DisputeResolved.create({
    disputeId, outcome, details: options.details ?? 'Decided on the evidence', compensationCents: options.compensationCents ?? 0,
    by: options.byDefault ? { userId: null, name: 'GOOSE' } : { userId: randomUUID(), name: 'rita_reviewer' }, byDefault: options.byDefault ?? false,
    resolvedAt, appealUntil: new Date(Date.parse(resolvedAt) + 7 * 86_400_000).toISOString(),
  }));
}

export function appealDispute(store: EventStore, disputeId: string): Promise<GlobalPosition> {
  return append(store, disputeId, DisputeAppealed.create({ disputeId, by: { userId: randomUUID(), name: 'owner' }, reason: 'The reviewer missed my contract', appealedAt: new Date().toISOString() }));
}

export function closeDispute(store: EventStore, disputeId: string): Promise<GlobalPosition> {
  return append(store, disputeId, DisputeClosed.create({ disputeId, closedAt: new Date().toISOString() }));
}
