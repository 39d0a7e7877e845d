// Events of one case (stream `dispute-<disputeId>`): a dispute a user filed about a registered work,
// or the review of a copyright check that held a track (kind oracle_review, filed by the oracle).
// The case's workflow appends them; the disputes read model, the registry, the proofs and the
// marketplace read them. Money is integer cents.
import { z } from 'zod';
import {
  CASE_KINDS,
  CLAIMED_RIGHTS,
  DEADLINE_KINDS,
  DISPUTE_PRIORITIES,
  DISPUTE_STATUSES,
  DISPUTE_TYPES,
  EVIDENCE_TYPES,
  RESOLUTION_OUTCOMES,
  SENDER_TYPES,
} from '../contracts/disputes';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);
const at = z.iso.datetime();
/** The person who acted: a user id and the username shown, or the platform itself (userId null). */
const actor = z.object({ userId: z.uuid().nullable(), name: z.string().min(1) });
const timeRange = z.object({ startSeconds: z.number().nonnegative(), endSeconds: z.number().nonnegative() });

/**
 * A rights holder's reference recording a case is about: for a review (oracle_review), one the held
 * upload matched, whose holder may release the hold or claim the work; for a dispute the platform
 * opened when a delivered reference matched a registered work, that reference. The holder's id
 * decides who may act; the upload's parties only ever see the title and the holder's name.
 */
export const caseReferenceSchema = z.object({
  referenceId: id,
  title: z.string(),
  holderId: z.uuid(),
  holderName: z.string(),
  /** How the check matched it (recording, music, passage); null when a reference ingest found it. */
  kind: z.enum(['recording', 'music', 'passage']).nullable(),
  similarity: z.number().min(0).max(100),
  /** The matched stretch in the upload (or work) and in the reference; null when not recorded. */
  upload: timeRange.nullable(),
  reference: timeRange.nullable(),
});
export type CaseReference = z.infer<typeof caseReferenceSchema>;

export const DisputeFiled = defineEvent(
  'DisputeFiled',
  1,
  z.object({
    disputeId: id,
    kind: z.enum(CASE_KINDS),
    workId: id,
    workTitle: z.string(),
    /** The work's owner: the respondent. */
    ownerId: z.uuid(),
    ownerName: z.string(),
    /** The claimant: a user, or the oracle (userId null) for an oracle_review. */
    claimant: actor,
    disputeType: z.enum(DISPUTE_TYPES),
    priority: z.enum(DISPUTE_PRIORITIES),
    subject: z.string(),
    description: z.string(),
    claimedRights: z.array(z.enum(CLAIMED_RIGHTS)),
    /** The work's pending royalty earnings plus license revenue when filed. */
    estimatedValueCents: z.number().int().min(0),
    /** oracle_review: the check that held the track. */
    checkId: z.string().nullable().default(null),
    filedAt: at,
    /** The respondent's answer is due by then (DISPUTE_DEADLINES.respondentAnswerDays); null for an oracle_review and a case the platform opened. */
    answerDueAt: at.nullable(),
    /** Rights holders' references the case is about (see caseReferenceSchema); none on cases filed before references. */
    references: z.array(caseReferenceSchema).default([]),
    /** A review whose check also held the upload for something else than references (a GOOSE passage, AcoustID, the score): the holders' releases alone do not clear it. */
    heldBeyondReferences: z.boolean().default(false),
    /** user: a person filed it; system: the platform opened it for the claimant (a reference matching a registered work). */
    filedBy: z.enum(['user', 'system']).default('user'),
  }),
);

/** A holder of a matched reference lets the upload stand (it is licensed, or not theirs). */
export const DisputeHoldReleased = defineEvent(
  'DisputeHoldReleased',
  1,
  z.object({ disputeId: id, by: actor, referenceIds: z.array(id), note: z.string().nullable(), releasedAt: at }),
);

/** A holder of a matched reference claims the work: they become the case's claimant, and a reviewer decides. */
export const DisputeHoldClaimed = defineEvent(
  'DisputeHoldClaimed',
  1,
  z.object({ disputeId: id, by: actor, referenceIds: z.array(id), note: z.string(), claimedAt: at }),
);

/** The work's payouts (its contract goes disputed) and licensing (purchases refused) are frozen for this case. */
export const DisputeAssetsFrozen = defineEvent(
  'DisputeAssetsFrozen',
  1,
  z.object({
    disputeId: id,
    workId: id,
    payoutsFrozen: z.boolean(),
    licensingFrozen: z.boolean(),
    /** The royalty contract put in dispute, when the work has one. */
    contractId: z.string().nullable(),
    detail: z.string(),
    frozenAt: at,
  }),
);

export const DisputeAssetsUnfrozen = defineEvent(
  'DisputeAssetsUnfrozen',
  1,
  z.object({ disputeId: id, workId: id, contractId: z.string().nullable(), detail: z.string(), unfrozenAt: at }),
);

export const DisputeOwnerNotified = defineEvent(
  'DisputeOwnerNotified',
  1,
  z.object({ disputeId: id, ownerId: z.uuid(), channel: z.enum(['email', 'in_app']), detail: z.string(), notifiedAt: at }),
);

export const DisputeAnswered = defineEvent('DisputeAnswered', 1, z.object({ disputeId: id, by: actor, message: z.string(), answeredAt: at }));

export const DisputeAssigned = defineEvent('DisputeAssigned', 1, z.object({ disputeId: id, reviewer: actor, assignedBy: actor, assignedAt: at }));

export const DisputeStatusChanged = defineEvent(
  'DisputeStatusChanged',
  1,
  z.object({ disputeId: id, from: z.enum(DISPUTE_STATUSES), to: z.enum(DISPUTE_STATUSES), by: actor, reason: z.string(), changedAt: at }),
);

export const DisputeEvidenceRequested = defineEvent(
  'DisputeEvidenceRequested',
  1,
  z.object({ disputeId: id, from: z.enum(['claimant', 'respondent', 'both']), note: z.string(), by: actor, requestedAt: at, dueAt: at }),
);

export const DisputeEvidenceAdded = defineEvent(
  'DisputeEvidenceAdded',
  1,
  z.object({
    disputeId: id,
    evidenceId: id,
    by: actor,
    party: z.enum(SENDER_TYPES),
    type: z.enum(EVIDENCE_TYPES),
    description: z.string().nullable(),
    /** The stored file, when one was sent: its name as given, sniffed type, size and SHA-256. */
    file: z
      .object({ filename: z.string(), mimeType: z.string(), size: z.number().int().positive(), sha256: z.string().regex(/^[0-9a-f]{64}$/), storedName: z.string().min(1) })
      .nullable(),
    addedAt: at,
  }),
);

export const DisputeMessagePosted = defineEvent(
  'DisputeMessagePosted',
  1,
  z.object({ disputeId: id, messageId: id, sender: actor, senderType: z.enum(SENDER_TYPES), message: z.string(), postedAt: at }),
);

/** A deadline passed and the workflow acted on it (default resolution, evidence closed, case closed). */
export const DisputeDeadlinePassed = defineEvent(
  'DisputeDeadlinePassed',
  1,
  z.object({ disputeId: id, kind: z.enum(DEADLINE_KINDS), dueAt: at, consequence: z.string(), passedAt: at }),
);

export const DisputeResolved = defineEvent(
  'DisputeResolved',
  1,
  z.object({
    disputeId: id,
    outcome: z.enum(RESOLUTION_OUTCOMES),
    details: z.string(),
    /** Decided compensation to the claimant, moved from the contract's pending earnings (see DisputeCompensationPaid). */
    compensationCents: z.number().int().min(0),
    by: actor,
    /** True when a deadline resolved it (the respondent never answered). */
    byDefault: z.boolean(),
    resolvedAt: at,
    /** Either party may appeal until then. */
    appealUntil: at,
  }),
);

/** The compensation moved through the token ledger, once (reference `dispute-compensation-<disputeId>-<round>`). */
export const DisputeCompensationPaid = defineEvent(
  'DisputeCompensationPaid',
  1,
  z.object({
    disputeId: id,
    /** Cents decided; paidCents may be less when the contract had less pending (note says so). */
    decidedCents: z.number().int().min(0),
    paidCents: z.number().int().min(0),
    contractId: z.string().nullable(),
    toUserId: z.uuid(),
    reference: z.string().min(1),
    note: z.string().nullable(),
    paidAt: at,
  }),
);

export const DisputeAppealed = defineEvent('DisputeAppealed', 1, z.object({ disputeId: id, by: actor, reason: z.string(), appealedAt: at }));

/**
 * A reminder that a deadline is near (7 days and 1 day before it), from the case workflow's own
 * timers; the notifications read model tells the party who must act.
 */
export const DisputeDeadlineReminded = defineEvent(
  'DisputeDeadlineReminded',
  1,
  z.object({
    disputeId: id,
    kind: z.enum(DEADLINE_KINDS),
    /** Who must act before it, as the case's deadline says. */
    party: z.enum(['claimant', 'respondent', 'both', 'either']),
    dueAt: at,
    daysBefore: z.number().int().positive(),
    remindedAt: at,
  }),
);

/** The appeal window passed with no appeal (or the appeal was decided): the resolution is final. */
export const DisputeClosed = defineEvent('DisputeClosed', 1, z.object({ disputeId: id, closedAt: at }));

export const disputeEventDefinitions = [
  DisputeFiled,
  DisputeAssetsFrozen,
  DisputeAssetsUnfrozen,
  DisputeOwnerNotified,
  DisputeAnswered,
  DisputeAssigned,
  DisputeStatusChanged,
  DisputeEvidenceRequested,
  DisputeEvidenceAdded,
  DisputeMessagePosted,
  DisputeDeadlinePassed,
  DisputeDeadlineReminded,
  DisputeResolved,
  DisputeCompensationPaid,
  DisputeAppealed,
  DisputeClosed,
  DisputeHoldReleased,
  DisputeHoldClaimed,
] as const;

export function disputeStreamId(disputeId: string): string {
  return `dispute-${disputeId}`;
}
