// What a case's workflow asks of the rest of the platform, and what the API asks of the workflows.
// Each side is built against these types; the implementations are handed in where the app is assembled.
import type { AutoAction, CaseKind, DisputePriority, DisputeType, EvidenceType } from '../contracts/disputes';
import type { DISPUTE_OUTCOMES, REVIEW_OUTCOMES, REVIEWER_STATUSES } from '../contracts/disputes';
import type { LicenseType } from '../contracts/licensing';
import type { Role } from '../contracts/roles';
import type { CaseReference } from './dispute.events';

export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export type ReviewerStatus = (typeof REVIEWER_STATUSES)[number];

/** The frozen state of a work while any case about it is open. */
export interface FreezeResult {
  payoutsFrozen: boolean;
  licensingFrozen: boolean;
  contractId: string | null;
  /** Plain words for the confirmation, e.g. "Payouts frozen: contract ... is now disputed". */
  detail: string;
}

/** The effects of a case on the work, each idempotent per disputeId (a retried activity repeats nothing). */
export interface DisputeEffects {
  /** Freezes the work's payouts (its royalty contract goes `disputed`) and licensing (purchases refused). */
  freeze(input: { disputeId: string; workId: string }): Promise<FreezeResult>;
  /** Lifts this case's freeze; the work stays frozen while another open case holds it. */
  unfreeze(input: { disputeId: string; workId: string }): Promise<{ contractId: string | null; detail: string }>;
  /** Moves up to `amountCents` of the contract's pending earnings to the claimant's tokens, once per reference. */
  compensate(input: { disputeId: string; workId: string; toUserId: string; amountCents: number; reference: string }): Promise<{
    paidCents: number;
    contractId: string | null;
    note: string | null;
  }>;
  /** Tells the work's owner a case was opened (mail when configured, and in the app). */
  notifyOwner(input: { disputeId: string; ownerId: string; subject: string }): Promise<{ channel: 'email' | 'in_app'; detail: string }>;
  /** The work's pending royalty earnings plus its license revenue, in cents: the estimated value at stake. */
  estimatedValueCents(workId: string): Promise<number>;
}

/** True while any open case freezes the work (read from events, so a freeze that returned holds at once). */
export type WorkFrozenOf = (workId: string) => Promise<boolean>;

/** Filing answers the automatic actions taken, in order. */
export interface FiledCase {
  disputeId: string;
  autoActions: AutoAction[];
}

/** Who acts on a case: a user with the roles they hold, or the platform itself (userId null, e.g. the copyright oracle). */
export interface DisputeActor {
  userId: string | null;
  name: string;
  roles: readonly Role[];
}

/** Opening a case. The work's owner, title and registration are read from its track stream, never taken from the caller. */
export interface FileCaseInput {
  /** Chosen by a caller that must not open the same case twice (e.g. `review-<checkId>`); a new id when absent. */
  disputeId?: string;
  kind: CaseKind;
  workId: string;
  disputeType: DisputeType;
  priority: DisputePriority;
  subject: string;
  description: string;
  claimedRights: LicenseType[];
  /** oracle_review: the copyright check that held the track. */
  checkId?: string | null;
  /**
   * system: the platform opens the case for the claimant (a rights holder's reference matching a
   * registered work, domain/disputes/reference-review.ts): a user's filing rules do not apply and a
   * reviewer decides. The reference goes in `references`.
   */
  filedBy?: 'user' | 'system';
  /** A case the platform opens: the reference it is about. (A review reads its matched references from the held check.) */
  references?: CaseReference[];
}

/**
 * Who holds the references a check matched: the holder's user id and name per reference id (a
 * reference no longer indexed is absent). The review case reads them so only those holders may
 * release the hold or claim the work.
 */
export type ReferenceHoldersOf = (referenceIds: string[]) => Promise<Map<string, { holderId: string; holderName: string }>>;

/** The file a party sent as evidence, already sniffed, hashed and stored by the caller. */
export interface EvidenceFile {
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
  storedName: string;
}

/** One action on an open case (the API's routes, by name in DISPUTE_ACTIONS). */
export type DisputeActionRequest =
  | { action: 'respond'; message: string }
  | { action: 'add_evidence'; evidenceId: string; type: EvidenceType; description: string | null; file: EvidenceFile | null }
  | { action: 'message'; messageId: string; message: string }
  /** The caller resolves `reviewerUsername` (or the actor themself) to the reviewer with their roles. */
  | { action: 'assign'; reviewer: DisputeActor }
  | { action: 'change_status'; status: ReviewerStatus; note: string | null }
  | { action: 'request_evidence'; from: 'claimant' | 'respondent' | 'both'; note: string }
  | { action: 'resolve'; outcome: DisputeOutcome; details: string; compensationCents: number }
  | { action: 'review_decision'; outcome: ReviewOutcome; details: string }
  | { action: 'appeal'; reason: string }
  /** A holder of a matched reference lets the upload stand. */
  | { action: 'release_hold'; note: string | null }
  /** A holder of a matched reference claims the work: they become the claimant and a reviewer decides. */
  | { action: 'claim_work'; note: string };

/**
 * What the API asks of a case's workflow (workflows/dispute/client.ts). A refusal is thrown as the
 * decider's DomainError (ValidationError 400, ForbiddenError 403, NotFoundError 404, IllegalStateError 409)
 * with the decider's message.
 */
export interface DisputeCommands {
  /** Opens the case, freezes the work and tells its owner; answers the automatic actions as they happened. */
  file(input: FileCaseInput, actor: DisputeActor): Promise<FiledCase>;
  /** Runs one action on the case once its events are appended; answers the case stream's version after it. */
  act(disputeId: string, request: DisputeActionRequest, actor: DisputeActor): Promise<{ streamVersion: number }>;
}

/** The claimant's open case (filed, not closed) about the work, if any: one at a time per claimant and work. */
export type OpenCaseOf = (workId: string, claimantUserId: string) => Promise<string | null>;

/**
 * Tells a held track's workflow the reviewer's decision (helper `review`'s `deliverReviewDecision`); idempotent per disputeId.
 * It answers whether the track took it (`delivered: false` with the track's reason when it was checked again since, say).
 */
export type DeliverReviewDecision = (input: { trackId: string; checkId: string; disputeId: string; outcome: 'cleared' | 'refused'; details: string; reviewerName: string }) => Promise<{ delivered: boolean; detail: string } | void>;
