// HTTP payloads of dispute management and of the review of
// oracle holds, which runs in the same machinery as a case of kind `oracle_review`. Money is integer
// cents on the wire except where the screens take dollars (estimatedValue, compensationAmount).
import { z } from 'zod';
import { externalMatchSchema, shownReferenceMatchSchema } from './copyright-sources';
import { LICENSE_TYPES } from './licensing';

export const DISPUTE_TYPES = ['copyright_infringement', 'ownership_claim', 'licensing_violation', 'attribution_dispute', 'false_dmca'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];
export const DISPUTE_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type DisputePriority = (typeof DISPUTE_PRIORITIES)[number];
export const DISPUTE_STATUSES = ['open', 'investigating', 'pending_evidence', 'under_review', 'resolved', 'dismissed', 'escalated'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** A case is a dispute filed by a user, or the review of a copyright check that held a track (filed by the oracle). */
export const CASE_KINDS = ['dispute', 'oracle_review'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
/** The rights a claimant says are infringed: the license types. */
export const CLAIMED_RIGHTS = LICENSE_TYPES;
export const EVIDENCE_TYPES = ['document', 'audio', 'image', 'contract', 'correspondence', 'other'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export const SENDER_TYPES = ['claimant', 'respondent', 'reviewer', 'system'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];
/** upheld: for the claimant; rejected: for the respondent; settled: agreed between them; dismissed: no case. Oracle reviews end cleared or refused. */
export const DISPUTE_OUTCOMES = ['upheld', 'rejected', 'settled', 'dismissed'] as const;
export const REVIEW_OUTCOMES = ['cleared', 'refused'] as const;
export const RESOLUTION_OUTCOMES = [...DISPUTE_OUTCOMES, ...REVIEW_OUTCOMES] as const;
export type ResolutionOutcome = (typeof RESOLUTION_OUTCOMES)[number];
/** The statuses a reviewer moves a case to by hand (resolved and dismissed come with a resolution). */
export const REVIEWER_STATUSES = ['investigating', 'pending_evidence', 'under_review', 'escalated'] as const;
export const DEADLINE_KINDS = ['response', 'evidence', 'appeal'] as const;
export const AUTO_ACTIONS = ['case_opened', 'payouts_frozen', 'licensing_frozen', 'owner_notified'] as const;
/** What the viewer may do on a case right now; the web shows only these buttons. */
export const DISPUTE_ACTIONS = ['respond', 'add_evidence', 'message', 'assign', 'change_status', 'request_evidence', 'resolve', 'review_decision', 'appeal', 'release_hold', 'claim_work'] as const;
export type DisputeAction = (typeof DISPUTE_ACTIONS)[number];

const claimedRights = z.array(z.enum(CLAIMED_RIGHTS)).max(CLAIMED_RIGHTS.length).refine((rights) => new Set(rights).size === rights.length, 'claimedRights: each right once');

/** POST /api/disputes/file (JSON). */
export const fileDisputeRequestSchema = z.object({
  workId: z.string().trim().min(1, 'Choose the work the dispute is about').max(200),
  disputeType: z.enum(DISPUTE_TYPES, 'Choose a dispute type'),
  priority: z.enum(DISPUTE_PRIORITIES).default('medium'),
  subject: z.string().trim().min(1, 'Subject is required').max(200),
  description: z.string().trim().min(1, 'Description is required').max(5000),
  claimedRights: claimedRights.default([]),
});
export type FileDisputeRequest = z.input<typeof fileDisputeRequestSchema>;

export const autoActionSchema = z.object({ action: z.enum(AUTO_ACTIONS), detail: z.string() });
export type AutoAction = z.infer<typeof autoActionSchema>;

export const evidenceDocumentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  type: z.enum(EVIDENCE_TYPES),
  /** Bytes; 0 for a note without a file. */
  size: z.number().int().min(0),
  mimeType: z.string().nullable(),
  sha256: z.string().nullable(),
  uploadedAt: z.string(),
  description: z.string().nullable(),
  submittedByName: z.string(),
  party: z.enum(SENDER_TYPES),
  /** Whether the viewer may download the file (parties and reviewers; never auditors). */
  downloadable: z.boolean(),
});

export const disputeMessageSchema = z.object({
  id: z.string(),
  senderName: z.string(),
  senderType: z.enum(SENDER_TYPES),
  timestamp: z.string(),
  message: z.string(),
});

export const disputeDeadlineSchema = z.object({
  kind: z.enum(DEADLINE_KINDS),
  /** Who must act before it: respondent (answer), claimant/respondent/both (evidence), either party (appeal). */
  party: z.enum(['claimant', 'respondent', 'both', 'either']),
  dueAt: z.string(),
  /** What happens when it passes, said plainly. */
  consequence: z.string(),
});

export const disputeResolutionSchema = z.object({
  outcome: z.enum(RESOLUTION_OUTCOMES),
  details: z.string(),
  /** Dollars moved to the claimant from the contract's pending earnings, when any. */
  compensationAmount: z.number().nullable(),
  /** Why less (or nothing) was paid than decided, e.g. the contract had less pending. */
  compensationNote: z.string().nullable(),
  resolvedAt: z.string(),
  resolvedByName: z.string(),
  byDefault: z.boolean(),
  appealUntil: z.string().nullable(),
});

/**
 * A rights holder's reference recording the case is about, as anyone on the case sees it: by title
 * and holder, never by its id or files. `released`: its holder let the held upload stand.
 */
export const caseReferenceViewSchema = z.object({
  title: z.string(),
  holderName: z.string(),
  /** How the check matched it: recording, music or a passage; null when a reference ingest found it. */
  kind: z.enum(['recording', 'music', 'passage']).nullable(),
  similarity: z.number(),
  upload: z.object({ startSeconds: z.number(), endSeconds: z.number() }).nullable(),
  reference: z.object({ startSeconds: z.number(), endSeconds: z.number() }).nullable(),
  released: z.boolean(),
});
export type CaseReferenceView = z.infer<typeof caseReferenceViewSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  kind: z.enum(CASE_KINDS),
  workId: z.string(),
  workTitle: z.string(),
  disputeType: z.enum(DISPUTE_TYPES),
  priority: z.enum(DISPUTE_PRIORITIES),
  subject: z.string(),
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  claimedRights: z.array(z.enum(CLAIMED_RIGHTS)),
  claimantName: z.string(),
  respondentName: z.string(),
  assignedToName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  frozenAssets: z.object({
    payoutsFreeze: z.boolean(),
    licensingFreeze: z.boolean(),
    /** Dollars: the work's pending royalty earnings plus its license revenue when filed. */
    estimatedValue: z.number(),
  }),
  evidence: z.object({ documents: z.array(evidenceDocumentSchema) }),
  messages: z.array(disputeMessageSchema),
  resolution: disputeResolutionSchema.nullable(),
  appeal: z.object({ appealedAt: z.string(), byName: z.string(), reason: z.string() }).nullable(),
  /** The respondent's answer to the claim, shown to both parties and the reviewer; null until answered. */
  answer: z.object({ answeredAt: z.string(), byName: z.string(), message: z.string() }).nullable(),
  /** Open deadlines, for the countdowns. */
  deadlines: z.array(disputeDeadlineSchema),
  /** Rights holders' references the case is about: a held upload's matched references, or the one a platform-opened dispute names. */
  references: z.array(caseReferenceViewSchema).default([]),
  /** The viewer's relation to the case and what they may do now. */
  viewer: z.object({
    isClaimant: z.boolean(),
    isRespondent: z.boolean(),
    isAssignedReviewer: z.boolean(),
    /** The viewer holds a reference the case is about (they may release the hold or claim the work while it is undecided). */
    isReferenceHolder: z.boolean().default(false),
    roles: z.array(z.string()),
    allowedActions: z.array(z.enum(DISPUTE_ACTIONS)),
  }),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const fileDisputeResponseSchema = z.object({
  disputeId: z.string(),
  autoActions: z.array(autoActionSchema),
  dispute: disputeSchema,
});

/** GET /api/disputes: parties see their own cases; reviewers and auditors see all. */
export const disputeListQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES).optional(),
  disputeType: z.enum(DISPUTE_TYPES).optional(),
  priority: z.enum(DISPUTE_PRIORITIES).optional(),
  kind: z.enum(CASE_KINDS).optional(),
  /** all (default), unassigned, or me (the signed-in reviewer). */
  assignedTo: z.enum(['all', 'unassigned', 'me']).default('all'),
  workId: z.string().trim().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type DisputeListQuery = z.input<typeof disputeListQuerySchema>;

const counts = z.record(z.string(), z.number().int());
export const disputeListResponseSchema = z.object({
  disputes: z.array(disputeSchema),
  total: z.number().int(),
  summary: z.object({ byStatus: counts, byType: counts, byPriority: counts }),
});
export type DisputeListResponse = z.infer<typeof disputeListResponseSchema>;

export const disputeResponseSchema = z.object({ dispute: disputeSchema });

/** The largest evidence file a party may send. */
export const MAX_EVIDENCE_BYTES = 25 * 1024 * 1024;

/** POST /api/disputes/{id}/evidence is multipart: `file` (optional), `type`, `description`; these are its text fields. */
export const evidenceFieldsSchema = z.object({
  type: z.enum(EVIDENCE_TYPES).default('other'),
  description: z.string().trim().max(1000).optional(),
});

/** POST /api/disputes/{id}/respond: the respondent answers the claim. */
export const respondRequestSchema = z.object({ message: z.string().trim().min(1, 'Write your answer to the claim').max(5000) });
/** POST /api/disputes/{id}/messages. */
export const postMessageRequestSchema = z.object({ message: z.string().trim().min(1, 'Write a message').max(5000) });
/** POST /api/disputes/{id}/assign (reviewers): to a named reviewer, or to oneself when absent. */
export const assignRequestSchema = z.object({ reviewerUsername: z.string().trim().min(1).max(100).optional() });
/** POST /api/disputes/{id}/status (the assigned reviewer). */
export const changeStatusRequestSchema = z.object({ status: z.enum(REVIEWER_STATUSES), note: z.string().trim().max(1000).optional() });
/** POST /api/disputes/{id}/request-evidence (the assigned reviewer): moves the case to pending_evidence, due in evidenceDueDays. */
export const requestEvidenceRequestSchema = z.object({ from: z.enum(['claimant', 'respondent', 'both']), note: z.string().trim().min(1, 'Say what evidence is needed').max(1000) });
/** POST /api/disputes/{id}/resolve (the assigned reviewer). compensationCents is moved from the contract's pending earnings to the claimant. */
export const resolveRequestSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES),
  details: z.string().trim().min(1, 'Explain the resolution').max(5000),
  compensationCents: z.number().int().min(0).max(100_000_000).default(0),
});
/** POST /api/disputes/{id}/review-decision (the assigned reviewer, oracle_review cases): clears the held track or refuses it. */
export const reviewDecisionRequestSchema = z.object({ outcome: z.enum(REVIEW_OUTCOMES), details: z.string().trim().min(1, 'Explain the decision').max(5000) });
/** POST /api/disputes/{id}/release-hold (the holder of a reference the held upload matched): the upload is licensed or not theirs. */
export const releaseHoldRequestSchema = z.object({ note: z.string().trim().max(2000, 'note must be at most 2000 characters').optional() });
/** POST /api/disputes/{id}/claim (the holder of a reference the held upload matched): they become the claimant; a reviewer decides. */
export const claimWorkRequestSchema = z.object({ note: z.string().trim().min(1, 'Say why the work is yours').max(5000) });
/** POST /api/disputes/{id}/appeal (either party, within appealWindowDays of the resolution, once). */
export const appealRequestSchema = z.object({ reason: z.string().trim().min(1, 'Say why you appeal').max(5000) });

/** GET /api/disputes/{id}/history?upTo=N (auditors, reviewers, parties): the raw events and the case as it stood after the first N (all when absent). */
export const historyQuerySchema = z.object({ upTo: z.coerce.number().int().min(0).optional() });
export const historyEventSchema = z.object({
  position: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  actor: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const disputeHistoryResponseSchema = z.object({
  disputeId: z.string(),
  events: z.array(historyEventSchema),
  /** How many events the state below folds (= upTo, capped at the event count). */
  foldedThrough: z.number().int(),
  /** The case after foldedThrough events, as the decider folds it. */
  state: z.record(z.string(), z.unknown()),
  dispute: disputeSchema,
});

/** GET /api/disputes/{id}/review (reviewers and the track's owner; oracle_review cases): both works and the matched passages. */
export const reviewPassageSchema = z.object({
  /** Seconds in the held track. */
  queryStart: z.number(),
  queryEnd: z.number(),
  /** Seconds in the registered work. */
  workStart: z.number(),
  workEnd: z.number(),
  similarity: z.number(),
});
export const reviewMaterialSchema = z.object({
  track: z.object({ id: z.string(), title: z.string(), ownerName: z.string(), audioUrl: z.string().nullable() }),
  checkId: z.string(),
  verdict: z.string(),
  reason: z.string().nullable(),
  /** What the held check searched, in words ("No match among …" reads the same list). */
  searched: z.string().nullable().default(null),
  /** Rights holders' reference recordings the held upload matched, by title and holder (their files are not on GOOSE's side to play). */
  referenceMatches: z.array(shownReferenceMatchSchema).default([]),
  /** Recordings AcoustID found for it (MusicBrainz recording and release). */
  externalMatches: z.array(externalMatchSchema).default([]),
  matches: z.array(
    z.object({
      workId: z.string(),
      title: z.string(),
      ownerName: z.string(),
      similarity: z.number(),
      audioUrl: z.string().nullable(),
      passages: z.array(reviewPassageSchema),
    }),
  ),
});
export type ReviewMaterial = z.infer<typeof reviewMaterialSchema>;
