// The case aggregate (stream `dispute-<disputeId>`): a dispute a user files about a registered work,
// or the review of a copyright check that held a track. The decider states who may do what and
// when — parties, the assigned reviewer, the platform's deadlines — from the case's events and the
// facts its caller read (the work's track stream, the claimant's other open case); the workflow
// (workflows/dispute) runs the effects and the timers. `allowedActionsOf` answers the same rules
// for the API, so the web shows only the buttons the server would accept.
import { DISPUTE_ACTIONS, type CaseKind, type DisputeAction, type DisputePriority, type DisputeStatus, type DisputeType, type EvidenceType, type ResolutionOutcome } from '../contracts/disputes';
import type { LicenseType } from '../contracts/licensing';
import type { Role } from '../contracts/roles';
import { DomainError, ForbiddenError, IllegalStateError, NotFoundError, UnauthorizedError, ValidationError } from '../shared/errors';
import { DISPUTE_DEADLINES, daysToMs, dueAfter } from './deadlines';
import {
  DisputeAnswered,
  DisputeAppealed,
  DisputeAssetsFrozen,
  DisputeAssetsUnfrozen,
  DisputeAssigned,
  DisputeClosed,
  DisputeCompensationPaid,
  DisputeDeadlinePassed,
  DisputeDeadlineReminded,
  DisputeEvidenceAdded,
  DisputeEvidenceRequested,
  DisputeFiled,
  DisputeHoldClaimed,
  DisputeHoldReleased,
  DisputeMessagePosted,
  DisputeOwnerNotified,
  DisputeResolved,
  DisputeStatusChanged,
  type CaseReference,
  type disputeEventDefinitions,
} from './dispute.events';
import type { DisputeActor, DisputeOutcome, EvidenceFile, FreezeResult, ReviewerStatus, ReviewOutcome } from './ports';

export type DisputeEvent = ReturnType<(typeof disputeEventDefinitions)[number]['create']>;

/** A person named on a case as the events record them (no roles: those are read when they act). */
export interface CaseParty {
  userId: string | null;
  name: string;
}

export interface DisputeState {
  /** 'none' before filing; closed cases keep their last status and set `closedAt`. */
  status: 'none' | DisputeStatus;
  disputeId: string | null;
  kind: CaseKind | null;
  workId: string | null;
  workTitle: string | null;
  claimant: CaseParty | null;
  /** The work's owner. */
  respondent: CaseParty | null;
  disputeType: DisputeType | null;
  priority: DisputePriority | null;
  subject: string | null;
  claimedRights: LicenseType[];
  estimatedValueCents: number;
  checkId: string | null;
  filedAt: string | null;
  answerDueAt: string | null;
  answeredAt: string | null;
  reviewer: CaseParty | null;
  /** The open request for evidence; `received` names the requested parties that sent some since. */
  evidenceRequest: { from: 'claimant' | 'respondent' | 'both'; note: string; requestedAt: string; dueAt: string; received: EvidenceParty[] } | null;
  evidenceIds: string[];
  messageIds: string[];
  /** This case's freeze on the work, while it holds. */
  freeze: { payoutsFrozen: boolean; licensingFrozen: boolean; contractId: string | null } | null;
  ownerNotified: boolean;
  /** The latest resolution (an appeal keeps it on record until the case is resolved again). */
  resolution: {
    outcome: ResolutionOutcome;
    details: string;
    compensationCents: number;
    by: CaseParty;
    byDefault: boolean;
    resolvedAt: string;
    appealUntil: string;
  } | null;
  /** How many times the case was resolved: the compensation reference's round. */
  round: number;
  /** Compensation references paid (one per round at most). */
  compensations: string[];
  appeal: { by: CaseParty; reason: string; appealedAt: string } | null;
  closedAt: string | null;
  /** The deadline reminders recorded, by reminderKey. */
  reminded: string[];
  /** Rights holders' references the case is about (a review: the ones the held upload matched). */
  references: CaseReference[];
  /** A review held for more than references: the holders' releases alone do not clear it. */
  heldBeyondReferences: boolean;
  /** The holders (user ids) who released the hold. */
  released: string[];
  filedBy: 'user' | 'system';
}

type EvidenceParty = 'claimant' | 'respondent';
type DeadlineKind = 'response' | 'evidence' | 'appeal';
/** Who a reminder is for (DisputeDeadlineReminded's party). */
export type RemindedParty = 'claimant' | 'respondent' | 'both' | 'either';

/** One reminder of one deadline: a deadline moved (a new evidence request) is a new deadline. */
export function reminderKey(kind: DeadlineKind, dueAt: string, daysBefore: number): string {
  return `${kind}@${dueAt}-${daysBefore}d`;
}

export const initialDisputeState: DisputeState = {
  status: 'none',
  disputeId: null,
  kind: null,
  workId: null,
  workTitle: null,
  claimant: null,
  respondent: null,
  disputeType: null,
  priority: null,
  subject: null,
  claimedRights: [],
  estimatedValueCents: 0,
  checkId: null,
  filedAt: null,
  answerDueAt: null,
  answeredAt: null,
  reviewer: null,
  evidenceRequest: null,
  evidenceIds: [],
  messageIds: [],
  freeze: null,
  ownerNotified: false,
  resolution: null,
  round: 0,
  compensations: [],
  appeal: null,
  closedAt: null,
  reminded: [],
  references: [],
  heldBeyondReferences: false,
  released: [],
  filedBy: 'user',
};

/** The platform acting on its own (deadlines), as the events name it. */
export const PLATFORM_ACTOR: CaseParty = { userId: null, name: 'GOOSE' };
/** The claimant of an oracle_review case. */
export const ORACLE_ACTOR: DisputeActor = { userId: null, name: 'Copyright oracle', roles: [] };

/** Refusal texts the API answers with (and the web shows as they are). */
export const DISPUTE_REFUSALS = {
  signIn: 'Sign in to file a dispute',
  noWork: (workId: string) => `No work ${workId} exists`,
  notRegistered: 'This work is not registered, so it cannot be disputed',
  ownWork: 'You cannot file a dispute against your own work',
  openCase: (disputeId: string) => `You already have an open dispute about this work (#${disputeId})`,
  oracleOnly: 'Only the copyright oracle opens a review of a held track',
  alreadyRegistered: 'This track is registered; there is no hold to review',
  notHeld: (checkId: string) => `Copyright check ${checkId} did not hold this track`,
  otherCase: (disputeId: string) => `Case ${disputeId} was filed already with other details`,
  noCase: 'No such dispute',
  closed: 'This case is closed',
  resolved: 'This case is resolved; only an appeal reopens it',
  notRespondent: "Only the work's owner answers the claim",
  notADispute: 'A review of a held track takes no answer, resolution or appeal; the reviewer clears or refuses it',
  notAReview: 'Only a review of a held track is cleared or refused',
  answered: 'The claim was answered already',
  answerLate: (dueAt: string) => `The time to answer passed on ${dueAt}`,
  reviewerRole: 'This needs the reviewer role',
  notAReviewer: (name: string) => `${name} does not hold the reviewer role`,
  ownCase: 'A reviewer cannot take a case they are a party of',
  notAssigned: 'Only the reviewer assigned to this case may do this',
  notInvolved: 'Only the parties and the assigned reviewer may do this',
  requestEvidenceInstead: 'Request evidence to move a case to pending_evidence: the request sets what is needed and when it is due',
  compensationOnlyUpheld: 'Compensation is paid only for an upheld or settled dispute',
  notResolved: 'The case is not resolved',
  notAParty: 'Only the claimant or the respondent may appeal',
  appealedAlready: 'A case is appealed once; this one was appealed already',
  appealLate: (until: string) => `The appeal window closed on ${until}`,
  notDue: (kind: string, dueAt: string) => `The ${kind} deadline is not due before ${dueAt}`,
  notAHold: "Only a review of an upload held for a rights holder's reference is released or claimed",
  notHolder: 'Only the holder of a reference this upload matched may do this',
  releasedAlready: 'You released this hold already',
  claimedAlready: (name: string) => `${name} claimed this work already; a reviewer decides the claim`,
  ownClaim: 'You claimed this work; a reviewer decides your claim',
} as const;

type At = { at: string };
export type DisputeCommand =
  | {
      type: 'File';
      data: {
        disputeId: string;
        kind: CaseKind;
        workId: string;
        /** The work's track stream as read: null when no such track exists. */
        work: { title: string; ownerId: string; ownerName: string; registered: boolean; heldCheckId: string | null } | null;
        claimant: DisputeActor;
        disputeType: DisputeType;
        priority: DisputePriority;
        subject: string;
        description: string;
        claimedRights: LicenseType[];
        checkId: string | null;
        estimatedValueCents: number;
        /** The claimant's open case about this work, when one exists. */
        openCaseId: string | null;
        filedAt: string;
        /** Rights holders' references the case is about; none when absent. */
        references?: CaseReference[];
        /** A review held for more than references (see DisputeState). */
        heldBeyondReferences?: boolean;
        /** system: the platform opens it for the claimant (a reference matching a registered work): a user's filing rules do not apply, and a reviewer decides (no default resolution). */
        filedBy?: 'user' | 'system';
      };
    }
  | { type: 'RecordFreeze'; data: FreezeResult & At }
  | { type: 'RecordUnfreeze'; data: { contractId: string | null; detail: string } & At }
  | { type: 'RecordOwnerNotified'; data: { channel: 'email' | 'in_app'; detail: string } & At }
  | { type: 'Respond'; data: { actor: DisputeActor; message: string } & At }
  | { type: 'Assign'; data: { actor: DisputeActor; reviewer: DisputeActor } & At }
  | { type: 'ChangeStatus'; data: { actor: DisputeActor; status: ReviewerStatus; note: string | null } & At }
  | { type: 'RequestEvidence'; data: { actor: DisputeActor; from: 'claimant' | 'respondent' | 'both'; note: string } & At }
  | { type: 'AddEvidence'; data: { actor: DisputeActor; evidenceId: string; evidenceType: EvidenceType; description: string | null; file: EvidenceFile | null } & At }
  | { type: 'PostMessage'; data: { actor: DisputeActor; messageId: string; message: string } & At }
  | { type: 'Resolve'; data: { actor: DisputeActor; outcome: DisputeOutcome; details: string; compensationCents: number } & At }
  | { type: 'DecideReview'; data: { actor: DisputeActor; outcome: ReviewOutcome; details: string } & At }
  | { type: 'Appeal'; data: { actor: DisputeActor; reason: string } & At }
  | { type: 'ReleaseHold'; data: { actor: DisputeActor; note: string | null } & At }
  | { type: 'ClaimWork'; data: { actor: DisputeActor; note: string } & At }
  | { type: 'RecordCompensation'; data: { decidedCents: number; paidCents: number; contractId: string | null; toUserId: string; reference: string; note: string | null } & At }
  | { type: 'PassDeadline'; data: { kind: DeadlineKind } & At }
  | { type: 'RemindDeadline'; data: { kind: DeadlineKind; dueAt: string; daysBefore: number } & At }
  | { type: 'Close'; data: At };

/** The compensation reference of a round: paid once through the token ledger. */
export function compensationReference(disputeId: string, round: number): string {
  return `dispute-compensation-${disputeId}-${round}`;
}

const party = (actor: DisputeActor): CaseParty => ({ userId: actor.userId, name: actor.name });
const same = (a: CaseParty | null, actor: DisputeActor): boolean => a !== null && a.userId !== null && a.userId === actor.userId;
const isClaimant = (state: DisputeState, actor: DisputeActor) => same(state.claimant, actor);
const isRespondent = (state: DisputeState, actor: DisputeActor) => same(state.respondent, actor);
const isParty = (state: DisputeState, actor: DisputeActor) => isClaimant(state, actor) || isRespondent(state, actor);
const isAssigned = (state: DisputeState, actor: DisputeActor) => same(state.reviewer, actor);
const isDecided = (state: DisputeState) => state.status === 'resolved' || state.status === 'dismissed';
/** The references of the case `actor` holds (none when they hold none). */
const heldBy = (state: DisputeState, actor: DisputeActor) => (actor.userId === null ? [] : state.references.filter((r) => r.holderId === actor.userId));
/** True when the user holds a reference the case is about. */
export const isReferenceHolder = (state: DisputeState, userId: string) => state.references.some((r) => r.holderId === userId);
const before = (at: string, due: string) => Date.parse(at) < Date.parse(due);

/** The case is open to work on (filed, not closed, not resolved). */
function activeRefusal(state: DisputeState): DomainError | null {
  if (state.status === 'none') return new NotFoundError(DISPUTE_REFUSALS.noCase);
  if (state.closedAt) return new IllegalStateError(DISPUTE_REFUSALS.closed);
  if (isDecided(state)) return new IllegalStateError(DISPUTE_REFUSALS.resolved);
  return null;
}

function assignedRefusal(state: DisputeState, actor: DisputeActor): DomainError | null {
  return activeRefusal(state) ?? (isAssigned(state, actor) && actor.roles.includes('reviewer') ? null : new ForbiddenError(DISPUTE_REFUSALS.notAssigned));
}

/** Why `actor` may not take `action` now (the rule without the action's input), or null when they may. */
export function refusalOf(state: DisputeState, action: DisputeAction, actor: DisputeActor, at: string): DomainError | null {
  switch (action) {
    case 'respond': {
      const inactive = activeRefusal(state);
      if (inactive) return inactive;
      if (state.kind !== 'dispute') return new IllegalStateError(DISPUTE_REFUSALS.notADispute);
      if (!isRespondent(state, actor)) return new ForbiddenError(DISPUTE_REFUSALS.notRespondent);
      if (state.answeredAt) return new IllegalStateError(DISPUTE_REFUSALS.answered);
      if (state.answerDueAt && !before(at, state.answerDueAt)) return new IllegalStateError(DISPUTE_REFUSALS.answerLate(state.answerDueAt));
      return null;
    }
    case 'assign': {
      const inactive = activeRefusal(state);
      if (inactive) return inactive;
      if (!actor.roles.includes('reviewer')) return new ForbiddenError(DISPUTE_REFUSALS.reviewerRole);
      if (isParty(state, actor)) return new ForbiddenError(DISPUTE_REFUSALS.ownCase);
      return null;
    }
    case 'change_status':
    case 'request_evidence':
      return assignedRefusal(state, actor);
    case 'resolve': {
      const refused = assignedRefusal(state, actor);
      if (refused) return refused;
      return state.kind === 'dispute' ? null : new IllegalStateError(DISPUTE_REFUSALS.notADispute);
    }
    case 'review_decision': {
      const refused = assignedRefusal(state, actor);
      if (refused) return refused;
      return state.kind === 'oracle_review' ? null : new IllegalStateError(DISPUTE_REFUSALS.notAReview);
    }
    case 'add_evidence':
    case 'message': {
      if (state.status === 'none') return new NotFoundError(DISPUTE_REFUSALS.noCase);
      if (state.closedAt) return new IllegalStateError(DISPUTE_REFUSALS.closed);
      return isParty(state, actor) || isAssigned(state, actor) ? null : new ForbiddenError(DISPUTE_REFUSALS.notInvolved);
    }
    case 'release_hold':
    case 'claim_work': {
      const inactive = activeRefusal(state);
      if (inactive) return inactive;
      if (state.kind !== 'oracle_review' || state.references.length === 0) return new IllegalStateError(DISPUTE_REFUSALS.notAHold);
      if (heldBy(state, actor).length === 0) return new ForbiddenError(DISPUTE_REFUSALS.notHolder);
      if (state.released.includes(actor.userId!)) return new IllegalStateError(DISPUTE_REFUSALS.releasedAlready);
      if (isClaimant(state, actor)) return new IllegalStateError(DISPUTE_REFUSALS.ownClaim);
      if (action === 'claim_work' && state.claimant?.userId) return new IllegalStateError(DISPUTE_REFUSALS.claimedAlready(state.claimant.name));
      return null;
    }
    case 'appeal': {
      if (state.status === 'none') return new NotFoundError(DISPUTE_REFUSALS.noCase);
      if (state.closedAt) return new IllegalStateError(DISPUTE_REFUSALS.closed);
      if (state.kind !== 'dispute') return new IllegalStateError(DISPUTE_REFUSALS.notADispute);
      if (!isParty(state, actor)) return new ForbiddenError(DISPUTE_REFUSALS.notAParty);
      if (state.appeal) return new IllegalStateError(DISPUTE_REFUSALS.appealedAlready);
      if (!isDecided(state) || !state.resolution) return new IllegalStateError(DISPUTE_REFUSALS.notResolved);
      if (!before(at, state.resolution.appealUntil)) return new IllegalStateError(DISPUTE_REFUSALS.appealLate(state.resolution.appealUntil));
      return null;
    }
    default: {
      const unknown: never = action;
      throw new Error(`Unknown dispute action ${String(unknown)}`);
    }
  }
}

/** What `viewer` may do on the case at `at` (the API's `viewer.allowedActions`). */
export function allowedActionsOf(state: DisputeState, viewer: { userId: string; roles: readonly Role[] }, at: string = new Date().toISOString()): DisputeAction[] {
  const actor: DisputeActor = { userId: viewer.userId, name: '', roles: viewer.roles };
  return DISPUTE_ACTIONS.filter((action) => refusalOf(state, action, actor, at) === null);
}

function check(state: DisputeState, action: DisputeAction, actor: DisputeActor, at: string): void {
  const refused = refusalOf(state, action, actor, at);
  if (refused) throw refused;
}

function file(data: Extract<DisputeCommand, { type: 'File' }>['data'], state: DisputeState): DisputeEvent[] {
  if (state.status !== 'none') {
    if (state.workId === data.workId && state.claimant?.userId === data.claimant.userId && state.kind === data.kind) return [];
    throw new IllegalStateError(DISPUTE_REFUSALS.otherCase(data.disputeId));
  }
  const { work } = data;
  const filedBy = data.filedBy ?? 'user';
  if (data.kind === 'dispute') {
    if (!data.claimant.userId) throw new UnauthorizedError(DISPUTE_REFUSALS.signIn);
    if (!work) throw new NotFoundError(DISPUTE_REFUSALS.noWork(data.workId));
    if (!work.registered) throw new ValidationError(DISPUTE_REFUSALS.notRegistered);
    if (work.ownerId === data.claimant.userId) throw new ForbiddenError(DISPUTE_REFUSALS.ownWork);
    // The platform opening a case for a holder is not their filing: their other open case does not stop it.
    if (data.openCaseId && filedBy === 'user') throw new IllegalStateError(DISPUTE_REFUSALS.openCase(data.openCaseId));
  } else {
    if (data.claimant.userId !== null) throw new ForbiddenError(DISPUTE_REFUSALS.oracleOnly);
    if (!work) throw new NotFoundError(DISPUTE_REFUSALS.noWork(data.workId));
    if (work.registered) throw new IllegalStateError(DISPUTE_REFUSALS.alreadyRegistered);
    if (!data.checkId || work.heldCheckId !== data.checkId) throw new ValidationError(DISPUTE_REFUSALS.notHeld(data.checkId ?? '(none)'));
  }
  return [
    DisputeFiled.create({
      disputeId: data.disputeId,
      kind: data.kind,
      workId: data.workId,
      workTitle: work.title,
      ownerId: work.ownerId,
      ownerName: work.ownerName,
      claimant: party(data.claimant),
      disputeType: data.disputeType,
      priority: data.priority,
      subject: data.subject,
      description: data.description,
      claimedRights: data.claimedRights,
      estimatedValueCents: data.estimatedValueCents,
      checkId: data.kind === 'oracle_review' ? data.checkId : null,
      filedAt: data.filedAt,
      // A case the platform opened is decided by a reviewer, never upheld by default.
      answerDueAt: data.kind === 'dispute' && filedBy === 'user' ? dueAfter(data.filedAt, DISPUTE_DEADLINES.respondentAnswerDays) : null,
      references: data.references ?? [],
      heldBeyondReferences: data.heldBeyondReferences ?? false,
      filedBy,
    }),
  ];
}

/**
 * A holder releases the hold: recorded, and when every matched holder has released it, nobody
 * claimed the work and nothing else held the upload, the review is decided cleared by that release,
 * reaching the track as a reviewer's decision does.
 */
function releaseHold(data: Extract<DisputeCommand, { type: 'ReleaseHold' }>['data'], state: DisputeState, disputeId: string): DisputeEvent[] {
  const { actor, note, at } = data;
  check(state, 'release_hold', actor, at);
  const mine = heldBy(state, actor);
  const released = DisputeHoldReleased.create({ disputeId, by: party(actor), referenceIds: mine.map((r) => r.referenceId), note, releasedAt: at });
  const holders = new Set(state.references.map((r) => r.holderId));
  const allReleased = [...holders].every((holderId) => holderId === actor.userId || state.released.includes(holderId));
  if (!allReleased || state.heldBeyondReferences || state.claimant?.userId) return [released];
  const titles = state.references.map((r) => `“${r.title}”`).join(', ');
  const details = `${actor.name} released the hold: the upload matches ${titles} and the holder lets it stand.${note ? ` “${note}”` : ''}`;
  return [released, DisputeResolved.create({ disputeId, outcome: 'cleared', details, compensationCents: 0, by: party(actor), byDefault: false, resolvedAt: at, appealUntil: at })];
}

function statusChange(state: DisputeState, to: DisputeStatus, by: CaseParty, reason: string, at: string): DisputeEvent[] {
  if (state.status === 'none' || state.status === to) return [];
  return [DisputeStatusChanged.create({ disputeId: state.disputeId!, from: state.status, to, by, reason, changedAt: at })];
}

function passDeadline(data: Extract<DisputeCommand, { type: 'PassDeadline' }>['data'], state: DisputeState, disputeId: string): DisputeEvent[] {
  if (state.closedAt) return [];
  const passed = (dueAt: string, consequence: string) => {
    if (before(data.at, dueAt)) throw new IllegalStateError(DISPUTE_REFUSALS.notDue(data.kind, dueAt));
    return DisputeDeadlinePassed.create({ disputeId, kind: data.kind, dueAt, consequence, passedAt: data.at });
  };
  switch (data.kind) {
    case 'response': {
      // Answered or decided meanwhile: the deadline no longer applies.
      if (!state.answerDueAt || state.answeredAt || isDecided(state)) return [];
      return [
        passed(state.answerDueAt, 'The owner did not answer in time: the claim is upheld by default'),
        DisputeResolved.create({
          disputeId,
          outcome: 'upheld',
          details: `The owner did not answer the claim within ${DISPUTE_DEADLINES.respondentAnswerDays} days; it is upheld by default.`,
          compensationCents: 0,
          by: PLATFORM_ACTOR,
          byDefault: true,
          resolvedAt: data.at,
          appealUntil: appealUntilOf(state, data.at),
        }),
      ];
    }
    case 'evidence': {
      if (state.status !== 'pending_evidence' || !state.evidenceRequest) return [];
      return [
        passed(state.evidenceRequest.dueAt, 'The requested evidence did not arrive in time: the case returns to review'),
        ...statusChange(state, 'under_review', PLATFORM_ACTOR, 'The evidence deadline passed', data.at),
      ];
    }
    case 'appeal': {
      if (!isDecided(state) || !state.resolution || state.appeal) return [];
      return [passed(state.resolution.appealUntil, 'No appeal was made: the resolution is final'), DisputeClosed.create({ disputeId, closedAt: data.at })];
    }
    default: {
      const unknown: never = data.kind;
      throw new Error(`Unknown deadline ${String(unknown)}`);
    }
  }
}

/**
 * Who must still act before the case's `kind` deadline due at `dueAt`, with the moment that deadline
 * started; null when it no longer applies (answered, evidence sent by every party asked, a new
 * request, decided, appealed).
 */
function deadlineOwed(state: DisputeState, kind: DeadlineKind, dueAt: string): { party: RemindedParty; since: string } | null {
  switch (kind) {
    case 'response':
      if (state.kind !== 'dispute' || state.answerDueAt !== dueAt || state.answeredAt || isDecided(state)) return null;
      return { party: 'respondent', since: state.filedAt! };
    case 'evidence': {
      const request = state.evidenceRequest;
      if (state.status !== 'pending_evidence' || !request || request.dueAt !== dueAt) return null;
      const asked: EvidenceParty[] = request.from === 'both' ? ['claimant', 'respondent'] : [request.from];
      // The oracle (no user) claims a review: nobody to remind on its side.
      const owing = asked.filter((p) => !request.received.includes(p) && (p === 'claimant' ? state.claimant : state.respondent)?.userId);
      if (owing.length === 0) return null;
      return { party: owing.length === 2 ? 'both' : owing[0]!, since: request.requestedAt };
    }
    case 'appeal':
      if (state.kind !== 'dispute' || !isDecided(state) || !state.resolution || state.resolution.appealUntil !== dueAt || state.appeal) return null;
      return { party: 'either', since: state.resolution.resolvedAt };
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown deadline ${String(unknown)}`);
    }
  }
}

/**
 * A reminder `daysBefore` days before a deadline, once: nothing when the deadline no longer applies,
 * has passed, or the reminder's moment is not after the deadline started (the appeal window is 7
 * days, so its 7-day reminder would say nothing new).
 */
function remindDeadline(data: Extract<DisputeCommand, { type: 'RemindDeadline' }>['data'], state: DisputeState, disputeId: string): DisputeEvent[] {
  const { kind, dueAt, daysBefore, at } = data;
  if (state.closedAt || !before(at, dueAt) || state.reminded.includes(reminderKey(kind, dueAt, daysBefore))) return [];
  const owed = deadlineOwed(state, kind, dueAt);
  if (!owed || Date.parse(dueAt) - daysToMs(daysBefore) <= Date.parse(owed.since)) return [];
  return [DisputeDeadlineReminded.create({ disputeId, kind, party: owed.party, dueAt, daysBefore, remindedAt: at })];
}

/** Either party may appeal for the window, once; a case already appealed (or a review) is final at once. */
function appealUntilOf(state: DisputeState, at: string): string {
  return state.appeal || state.kind === 'oracle_review' ? at : dueAfter(at, DISPUTE_DEADLINES.appealWindowDays);
}

export function decideDispute(command: DisputeCommand, state: DisputeState): DisputeEvent[] {
  if (command.type === 'File') return file(command.data, state);
  if (state.status === 'none' || !state.disputeId) throw new NotFoundError(DISPUTE_REFUSALS.noCase);
  const disputeId = state.disputeId;
  switch (command.type) {
    case 'RecordFreeze': {
      if (state.freeze || state.closedAt) return [];
      const { payoutsFrozen, licensingFrozen, contractId, detail, at } = command.data;
      return [DisputeAssetsFrozen.create({ disputeId, workId: state.workId!, payoutsFrozen, licensingFrozen, contractId, detail, frozenAt: at })];
    }
    case 'RecordUnfreeze': {
      if (!state.freeze) return [];
      return [DisputeAssetsUnfrozen.create({ disputeId, workId: state.workId!, contractId: command.data.contractId, detail: command.data.detail, unfrozenAt: command.data.at })];
    }
    case 'RecordOwnerNotified': {
      if (state.ownerNotified) return [];
      return [DisputeOwnerNotified.create({ disputeId, ownerId: state.respondent!.userId!, channel: command.data.channel, detail: command.data.detail, notifiedAt: command.data.at })];
    }
    case 'Respond': {
      const { actor, message, at } = command.data;
      check(state, 'respond', actor, at);
      return [
        DisputeAnswered.create({ disputeId, by: party(actor), message, answeredAt: at }),
        ...(state.status === 'open' ? statusChange(state, 'investigating', party(actor), 'The owner answered the claim', at) : []),
      ];
    }
    case 'Assign': {
      const { actor, reviewer, at } = command.data;
      check(state, 'assign', actor, at);
      if (!reviewer.userId || !reviewer.roles.includes('reviewer')) throw new ValidationError(DISPUTE_REFUSALS.notAReviewer(reviewer.name));
      if (isParty(state, reviewer)) throw new ForbiddenError(DISPUTE_REFUSALS.ownCase);
      if (isAssigned(state, reviewer)) return [];
      return [DisputeAssigned.create({ disputeId, reviewer: party(reviewer), assignedBy: party(actor), assignedAt: at })];
    }
    case 'ChangeStatus': {
      const { actor, status, note, at } = command.data;
      check(state, 'change_status', actor, at);
      if (status === 'pending_evidence') throw new ValidationError(DISPUTE_REFUSALS.requestEvidenceInstead);
      return statusChange(state, status, party(actor), note ?? '', at);
    }
    case 'RequestEvidence': {
      const { actor, from, note, at } = command.data;
      check(state, 'request_evidence', actor, at);
      const dueAt = dueAfter(at, DISPUTE_DEADLINES.evidenceDueDays);
      return [
        DisputeEvidenceRequested.create({ disputeId, from, note, by: party(actor), requestedAt: at, dueAt }),
        ...statusChange(state, 'pending_evidence', party(actor), note, at),
      ];
    }
    case 'AddEvidence': {
      const { actor, evidenceId, evidenceType, description, file, at } = command.data;
      check(state, 'add_evidence', actor, at);
      if (state.evidenceIds.includes(evidenceId)) return [];
      const role = isClaimant(state, actor) ? 'claimant' : isRespondent(state, actor) ? 'respondent' : 'reviewer';
      return [DisputeEvidenceAdded.create({ disputeId, evidenceId, by: party(actor), party: role, type: evidenceType, description, file, addedAt: at })];
    }
    case 'PostMessage': {
      const { actor, messageId, message, at } = command.data;
      check(state, 'message', actor, at);
      if (state.messageIds.includes(messageId)) return [];
      const senderType = isClaimant(state, actor) ? 'claimant' : isRespondent(state, actor) ? 'respondent' : 'reviewer';
      return [DisputeMessagePosted.create({ disputeId, messageId, sender: party(actor), senderType, message, postedAt: at })];
    }
    case 'Resolve': {
      const { actor, outcome, details, compensationCents, at } = command.data;
      check(state, 'resolve', actor, at);
      if (compensationCents > 0 && outcome !== 'upheld' && outcome !== 'settled') throw new ValidationError(DISPUTE_REFUSALS.compensationOnlyUpheld);
      return [DisputeResolved.create({ disputeId, outcome, details, compensationCents, by: party(actor), byDefault: false, resolvedAt: at, appealUntil: appealUntilOf(state, at) })];
    }
    case 'DecideReview': {
      const { actor, outcome, details, at } = command.data;
      check(state, 'review_decision', actor, at);
      return [DisputeResolved.create({ disputeId, outcome, details, compensationCents: 0, by: party(actor), byDefault: false, resolvedAt: at, appealUntil: at })];
    }
    case 'Appeal': {
      const { actor, reason, at } = command.data;
      check(state, 'appeal', actor, at);
      return [DisputeAppealed.create({ disputeId, by: party(actor), reason, appealedAt: at })];
    }
    case 'ReleaseHold':
      return releaseHold(command.data, state, disputeId);
    case 'ClaimWork': {
      const { actor, note, at } = command.data;
      check(state, 'claim_work', actor, at);
      return [DisputeHoldClaimed.create({ disputeId, by: party(actor), referenceIds: heldBy(state, actor).map((r) => r.referenceId), note, claimedAt: at })];
    }
    case 'RecordCompensation': {
      const { reference, at, ...paid } = command.data;
      if (state.compensations.includes(reference)) return [];
      if (!state.resolution) throw new IllegalStateError(DISPUTE_REFUSALS.notResolved);
      return [DisputeCompensationPaid.create({ disputeId, ...paid, reference, paidAt: at })];
    }
    case 'PassDeadline':
      return passDeadline(command.data, state, disputeId);
    case 'RemindDeadline':
      return remindDeadline(command.data, state, disputeId);
    case 'Close': {
      if (state.closedAt) return [];
      if (!isDecided(state) || !state.resolution) throw new IllegalStateError(DISPUTE_REFUSALS.notResolved);
      if (before(command.data.at, state.resolution.appealUntil)) throw new IllegalStateError(DISPUTE_REFUSALS.notDue('appeal', state.resolution.appealUntil));
      return [DisputeClosed.create({ disputeId, closedAt: command.data.at })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown dispute command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveDispute(state: DisputeState, event: DisputeEvent): DisputeState {
  switch (event.type) {
    case 'DisputeFiled': {
      const d = event.data;
      return {
        ...state,
        status: 'open',
        disputeId: d.disputeId,
        kind: d.kind,
        workId: d.workId,
        workTitle: d.workTitle,
        claimant: d.claimant,
        respondent: { userId: d.ownerId, name: d.ownerName },
        disputeType: d.disputeType,
        priority: d.priority,
        subject: d.subject,
        claimedRights: d.claimedRights,
        estimatedValueCents: d.estimatedValueCents,
        checkId: d.checkId,
        filedAt: d.filedAt,
        answerDueAt: d.answerDueAt,
        references: d.references,
        heldBeyondReferences: d.heldBeyondReferences,
        filedBy: d.filedBy,
      };
    }
    case 'DisputeHoldReleased':
      return { ...state, released: [...state.released, event.data.by.userId!] };
    case 'DisputeHoldClaimed':
      return { ...state, claimant: event.data.by };
    case 'DisputeAssetsFrozen':
      return { ...state, freeze: { payoutsFrozen: event.data.payoutsFrozen, licensingFrozen: event.data.licensingFrozen, contractId: event.data.contractId } };
    case 'DisputeAssetsUnfrozen':
      return { ...state, freeze: null };
    case 'DisputeOwnerNotified':
      return { ...state, ownerNotified: true };
    case 'DisputeAnswered':
      return { ...state, answeredAt: event.data.answeredAt };
    case 'DisputeAssigned':
      return { ...state, reviewer: event.data.reviewer };
    case 'DisputeStatusChanged':
      return { ...state, status: event.data.to, evidenceRequest: event.data.to === 'pending_evidence' ? state.evidenceRequest : null };
    case 'DisputeEvidenceRequested':
      return { ...state, evidenceRequest: { from: event.data.from, note: event.data.note, requestedAt: event.data.requestedAt, dueAt: event.data.dueAt, received: [] } };
    case 'DisputeEvidenceAdded': {
      const { party: by } = event.data;
      const request = state.evidenceRequest;
      const fromParty = by === 'claimant' || by === 'respondent';
      const received = request && fromParty && !request.received.includes(by) ? { ...request, received: [...request.received, by] } : request;
      return { ...state, evidenceIds: [...state.evidenceIds, event.data.evidenceId], evidenceRequest: received };
    }
    case 'DisputeMessagePosted':
      return { ...state, messageIds: [...state.messageIds, event.data.messageId] };
    case 'DisputeDeadlinePassed':
      return state;
    case 'DisputeDeadlineReminded':
      return { ...state, reminded: [...state.reminded, reminderKey(event.data.kind, event.data.dueAt, event.data.daysBefore)] };
    case 'DisputeResolved': {
      const { outcome, details, compensationCents, by, byDefault, resolvedAt, appealUntil } = event.data;
      return {
        ...state,
        status: outcome === 'dismissed' ? 'dismissed' : 'resolved',
        evidenceRequest: null,
        resolution: { outcome, details, compensationCents, by, byDefault, resolvedAt, appealUntil },
        round: state.round + 1,
      };
    }
    case 'DisputeCompensationPaid':
      return { ...state, compensations: [...state.compensations, event.data.reference] };
    case 'DisputeAppealed':
      return { ...state, status: 'escalated', appeal: { by: event.data.by, reason: event.data.reason, appealedAt: event.data.appealedAt } };
    case 'DisputeClosed':
      return { ...state, closedAt: event.data.closedAt };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown dispute event ${JSON.stringify(unknown)}`);
    }
  }
}

export const disputeDecider = { decide: decideDispute, evolve: evolveDispute, initialState: initialDisputeState };
