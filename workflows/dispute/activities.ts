// The dispute case's activities. Every write runs the case decider through handleCommand; the facts
// a filing is decided on (the work's owner, title and registration, the held check, the claimant's
// other open case) are read here from their streams, never taken from the caller. Each activity
// answers the case's clock so the workflow knows its next effect and deadline. A refusal is answered
// as data (the workflow turns it into the update's failure); any other error is retried. A deadline's
// reminder is appended with an event id derived from the reminder, so a retried activity appends it once.
import type { AutoAction } from '../../domain/contracts/disputes';
import { compensationReference, disputeDecider, reminderKey, type DisputeCommand, type DisputeEvent, type DisputeState } from '../../domain/disputes/dispute.decider';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { CaseReference } from '../../domain/disputes/dispute.events';
import type { DeliverReviewDecision, DisputeActionRequest, DisputeActor, DisputeEffects, OpenCaseOf, ReferenceHoldersOf } from '../../domain/disputes/ports';
import type { CopyrightAnalysisRecord } from '../../domain/track/stage.events';
import { userStreamId } from '../../domain/identity/user.events';
import { DomainError } from '../../domain/shared/errors';
import { trackStreamId } from '../../domain/track/track.events';
import { CLEARANCE_THRESHOLD } from '../../infra/audio/oracle';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { START, type EventStore } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import { disputeWorkflowId, type CaseClock, type CaseEffect, type DisputeSteps, type StepAnswer } from './shared';
import { currentWorkflowIdOrNull } from '../activity-context';
import { deterministicEventId } from '../track-lifecycle/activities';

export interface DisputeActivityDeps {
  eventStore: EventStore;
  effects: DisputeEffects;
  /** The claimant's open case about a work; scanning the store's events when absent. */
  openCaseOf?: OpenCaseOf;
  /** Delivers an oracle review's decision to the held track; without it the decision is recorded on the case only (logged). */
  deliverReviewDecision?: DeliverReviewDecision;
  /** Who holds the references a held check matched; without it no holder can release or claim, and a reviewer decides alone. */
  referenceHoldersOf?: ReferenceHoldersOf;
}

export type DisputeActivities = DisputeSteps;

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const log = logger.child({ module: 'dispute' });

function fold(events: { type: string; data: unknown }[]): DisputeState {
  return events.reduce((s, e) => disputeDecider.evolve(s, e as DisputeEvent), disputeDecider.initialState);
}

const isDecided = (state: DisputeState) => state.status === 'resolved' || state.status === 'dismissed';

/** The effect the case owes next (see CaseEffect for the order). */
function nextEffect(state: DisputeState): CaseEffect | null {
  if (state.status === 'none' || state.closedAt) return null;
  const decided = isDecided(state);
  if (state.kind === 'dispute' && !decided && !state.freeze) return 'freeze';
  if (!state.ownerNotified) return 'notify';
  if (decided && state.resolution && state.resolution.compensationCents > 0 && !state.compensations.includes(compensationReference(state.disputeId!, state.round))) return 'compensate';
  if (decided && state.freeze) return 'unfreeze';
  if (decided && (state.appeal || state.kind === 'oracle_review')) return 'close';
  return null;
}

export function clockOf(state: DisputeState, version: number): CaseClock {
  const decided = isDecided(state);
  const open = state.status !== 'none' && !state.closedAt;
  return {
    version,
    filed: state.status !== 'none',
    kind: state.kind ?? 'dispute',
    closed: state.closedAt !== null,
    answerDueAt: open && state.kind === 'dispute' && !state.answeredAt && !decided ? state.answerDueAt : null,
    evidenceDueAt: open && state.status === 'pending_evidence' ? (state.evidenceRequest?.dueAt ?? null) : null,
    appealUntil: open && decided && !state.appeal && state.kind === 'dispute' ? (state.resolution?.appealUntil ?? null) : null,
    next: nextEffect(state),
  };
}

/** The claimant's open case about the work, found by reading every event (fine for a small store; wire a read-model query for a large one). */
export function openCaseFromEvents(eventStore: EventStore): OpenCaseOf {
  return async (workId, claimantUserId) => {
    const open = new Set<string>();
    let position = START;
    for (;;) {
      const batch = await eventStore.readAll(position, { limit: 1000 });
      for (const event of batch) {
        const data = event.data as { disputeId?: string; workId?: string; kind?: string; claimant?: { userId: string | null } };
        if (event.type === 'DisputeFiled' && data.workId === workId && data.kind === 'dispute' && data.claimant?.userId === claimantUserId) open.add(data.disputeId!);
        if (event.type === 'DisputeClosed') open.delete(data.disputeId!);
      }
      if (batch.length < 1000) break;
      position = batch.at(-1)!.position;
    }
    return [...open][0] ?? null;
  };
}

export function createDisputeActivities(deps: DisputeActivityDeps): DisputeActivities {
  const { eventStore, effects } = deps;
  const openCaseOf = deps.openCaseOf ?? openCaseFromEvents(eventStore);

  async function read(disputeId: string) {
    const events = await eventStore.readStream(disputeStreamId(disputeId));
    return { events, state: fold(events), version: events.length };
  }

  async function run(disputeId: string, command: DisputeCommand, context: { correlationId: string; actor: string; eventIds?: (index: number) => string }): Promise<CaseClock> {
    const { state, result } = await handleCommand(eventStore, disputeStreamId(disputeId), disputeDecider, command, { ...context, workflowId: currentWorkflowIdOrNull() });
    return clockOf(state, result?.nextVersion ?? (await read(disputeId)).version);
  }

  async function refusable(work: () => Promise<CaseClock>): Promise<StepAnswer> {
    try {
      return { clock: await work() };
    } catch (error) {
      if (error instanceof DomainError && error.kind !== 'concurrency') return { refused: { kind: error.kind, message: error.message } };
      throw error;
    }
  }

  /** The work as its track stream tells it, with the owner's username. */
  async function workOf(workId: string) {
    const events = await eventStore.readStream(trackStreamId(workId));
    const received = events.find((e) => e.type === 'TrackUploadReceived')?.data as { ownerId: string; title: string } | undefined;
    if (!received) return null;
    const lastCheck = events.filter((e) => e.type === 'TrackCopyrightChecked').at(-1)?.data as { checkId: string; analysis: CopyrightAnalysisRecord } | undefined;
    const user = (await eventStore.readStream(userStreamId(received.ownerId))).find((e) => e.type === 'UserRegistered')?.data as { username: string } | undefined;
    return {
      title: received.title,
      ownerId: received.ownerId,
      ownerName: user?.username ?? 'unknown owner',
      registered: events.some((e) => e.type === 'TrackCertificateIssued'),
      heldCheckId: lastCheck && (lastCheck.analysis.status === 'needs_review' || lastCheck.analysis.status === 'conflict') ? lastCheck.checkId : null,
      heldAnalysis: lastCheck?.analysis ?? null,
    };
  }

  /**
   * The references a held check matched, with their holders, and whether it held the upload for
   * anything else too (a GOOSE passage, AcoustID, a score under the mark, a contested conflict).
   */
  async function referenceHoldOf(analysis: CopyrightAnalysisRecord | null): Promise<{ references: CaseReference[]; heldBeyondReferences: boolean }> {
    const matches = analysis?.referenceMatches ?? [];
    const heldBeyondReferences =
      analysis?.status !== 'needs_review' || (analysis.passages?.length ?? 0) > 0 || (analysis.externalMatches?.length ?? 0) > 0 || (analysis.clearanceScore ?? 0) < CLEARANCE_THRESHOLD;
    if (matches.length === 0 || !deps.referenceHoldersOf) return { references: [], heldBeyondReferences: true };
    const holders = await deps.referenceHoldersOf([...new Set(matches.map((m) => m.referenceId))]);
    const references = matches.flatMap((m) => {
      const holder = holders.get(m.referenceId);
      // Holders are users (their id a UUID): an index entry of anything else cannot act on a case.
      return holder && USER_ID.test(holder.holderId) ? [{ referenceId: m.referenceId, title: m.title, holderId: holder.holderId, holderName: holder.holderName, kind: m.kind, similarity: m.similarity, upload: m.upload, reference: m.reference }] : [];
    });
    // A matched reference whose holder is unknown (taken out since) cannot be released by them: a reviewer decides.
    return { references, heldBeyondReferences: heldBeyondReferences || references.length < matches.length };
  }

  const actorOf = (actor: DisputeActor) => (actor.userId ? `user:${actor.userId}` : `system:${actor.name}`);

  function commandOf(request: DisputeActionRequest, actor: DisputeActor, at: string): DisputeCommand {
    switch (request.action) {
      case 'respond':
        return { type: 'Respond', data: { actor, message: request.message, at } };
      case 'add_evidence':
        return { type: 'AddEvidence', data: { actor, evidenceId: request.evidenceId, evidenceType: request.type, description: request.description, file: request.file, at } };
      case 'message':
        return { type: 'PostMessage', data: { actor, messageId: request.messageId, message: request.message, at } };
      case 'assign':
        return { type: 'Assign', data: { actor, reviewer: request.reviewer, at } };
      case 'change_status':
        return { type: 'ChangeStatus', data: { actor, status: request.status, note: request.note, at } };
      case 'request_evidence':
        return { type: 'RequestEvidence', data: { actor, from: request.from, note: request.note, at } };
      case 'resolve':
        return { type: 'Resolve', data: { actor, outcome: request.outcome, details: request.details, compensationCents: request.compensationCents, at } };
      case 'review_decision':
        return { type: 'DecideReview', data: { actor, outcome: request.outcome, details: request.details, at } };
      case 'appeal':
        return { type: 'Appeal', data: { actor, reason: request.reason, at } };
      case 'release_hold':
        return { type: 'ReleaseHold', data: { actor, note: request.note, at } };
      case 'claim_work':
        return { type: 'ClaimWork', data: { actor, note: request.note, at } };
      default: {
        const unknown: never = request;
        throw new Error(`Unknown dispute action ${JSON.stringify(unknown)}`);
      }
    }
  }

  return {
    async fileCase(input) {
      const { filing, claimant, disputeId, at } = input;
      return refusable(async () => {
        const found = await workOf(filing.workId);
        const work = found ? { title: found.title, ownerId: found.ownerId, ownerName: found.ownerName, registered: found.registered, heldCheckId: found.heldCheckId } : null;
        const kind = filing.kind;
        const filedBy = filing.filedBy ?? 'user';
        const openCaseId = kind === 'dispute' && claimant.userId && filedBy === 'user' ? await openCaseOf(filing.workId, claimant.userId) : null;
        const hold = kind === 'oracle_review' && found && filing.checkId === found.heldCheckId ? await referenceHoldOf(found.heldAnalysis) : { references: filing.references ?? [], heldBeyondReferences: true };
        const estimatedValueCents = kind === 'dispute' && work?.registered ? await effects.estimatedValueCents(filing.workId) : 0;
        return run(
          disputeId,
          {
            type: 'File',
            data: {
              disputeId,
              kind,
              workId: filing.workId,
              work,
              claimant,
              disputeType: filing.disputeType,
              priority: filing.priority,
              subject: filing.subject,
              description: filing.description,
              claimedRights: filing.claimedRights,
              checkId: filing.checkId ?? null,
              estimatedValueCents,
              openCaseId: openCaseId === disputeId ? null : openCaseId,
              filedAt: at,
              filedBy,
              references: hold.references,
              heldBeyondReferences: hold.heldBeyondReferences,
            },
          },
          { correlationId: input.correlationId, actor: actorOf(claimant) },
        );
      });
    },

    actOnCase(input) {
      return refusable(() => run(input.disputeId, commandOf(input.request, input.actor, input.at), { correlationId: input.correlationId, actor: actorOf(input.actor) }));
    },

    async applyCaseEffect({ disputeId, effect, correlationId, at }) {
      const { state } = await read(disputeId);
      const context = { correlationId, actor: 'system:dispute' };
      const workId = state.workId!;
      switch (effect) {
        case 'freeze': {
          const frozen = await effects.freeze({ disputeId, workId });
          return run(disputeId, { type: 'RecordFreeze', data: { ...frozen, at } }, context);
        }
        case 'notify': {
          const subject = state.kind === 'oracle_review' ? `Your track "${state.workTitle}" is held for a reviewer` : `A dispute was filed about "${state.workTitle}": ${state.subject}`;
          const told = await effects.notifyOwner({ disputeId, ownerId: state.respondent!.userId!, subject });
          return run(disputeId, { type: 'RecordOwnerNotified', data: { ...told, at } }, context);
        }
        case 'compensate': {
          const reference = compensationReference(disputeId, state.round);
          const decidedCents = state.resolution!.compensationCents;
          const toUserId = state.claimant!.userId!;
          const paid = await effects.compensate({ disputeId, workId, toUserId, amountCents: decidedCents, reference });
          return run(disputeId, { type: 'RecordCompensation', data: { decidedCents, paidCents: paid.paidCents, contractId: paid.contractId, toUserId, reference, note: paid.note, at } }, context);
        }
        case 'unfreeze': {
          const lifted = await effects.unfreeze({ disputeId, workId });
          return run(disputeId, { type: 'RecordUnfreeze', data: { ...lifted, at } }, context);
        }
        case 'close': {
          if (state.kind === 'oracle_review' && state.resolution && (state.resolution.outcome === 'cleared' || state.resolution.outcome === 'refused')) {
            if (deps.deliverReviewDecision) {
              await deps.deliverReviewDecision({ trackId: workId, checkId: state.checkId!, disputeId, outcome: state.resolution.outcome, details: state.resolution.details, reviewerName: state.resolution.by.name });
            } else {
              log.warn({ disputeId, trackId: workId }, 'no review-decision delivery configured: the decision is recorded on the case, the track is not told');
            }
          }
          return run(disputeId, { type: 'Close', data: { at } }, context);
        }
        default: {
          const unknown: never = effect;
          throw new Error(`Unknown case effect ${String(unknown)}`);
        }
      }
    },

    passCaseDeadline({ disputeId, kind, correlationId, at }) {
      return run(disputeId, { type: 'PassDeadline', data: { kind, at } }, { correlationId, actor: 'system:dispute-deadline' });
    },

    remindDeadline({ disputeId, kind, dueAt, daysBefore, correlationId, at }) {
      const reminder = `remind:${reminderKey(kind, dueAt, daysBefore)}`;
      return run(disputeId, { type: 'RemindDeadline', data: { kind, dueAt, daysBefore, at } }, {
        correlationId,
        actor: 'system:dispute-reminder',
        eventIds: (index) => deterministicEventId(disputeWorkflowId(disputeId), reminder, index),
      });
    },

    async autoActionsOf(disputeId) {
      const { events, state } = await read(disputeId);
      const actions: AutoAction[] = [];
      for (const event of events) {
        const data = event.data as Record<string, unknown>;
        if (event.type === 'DisputeFiled') {
          const due = data.answerDueAt ? `; the owner has until ${String(data.answerDueAt).slice(0, 16).replace('T', ' ')} UTC to answer` : '; a reviewer will look at it';
          actions.push({ action: 'case_opened', detail: `Case #${disputeId} opened about "${state.workTitle}"${due}` });
        }
        if (event.type === 'DisputeAssetsFrozen' && !actions.some((a) => a.action === 'payouts_frozen' || a.action === 'licensing_frozen')) {
          // One line per action; the freeze's own detail (both together) stays on the event.
          if (data.payoutsFrozen) actions.push({ action: 'payouts_frozen', detail: `Payouts frozen: the work's royalty contract ${String(data.contractId)} is disputed until the case ends` });
          if (data.licensingFrozen) actions.push({ action: 'licensing_frozen', detail: 'Licensing frozen: no new offer, change to an offer or purchase of this work is accepted until the case ends' });
        }
        if (event.type === 'DisputeOwnerNotified') actions.push({ action: 'owner_notified', detail: String(data.detail) });
      }
      return actions;
    },
  };
}
