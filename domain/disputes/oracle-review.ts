// The review of an oracle hold, between the two workflows that share it: the track's workflow opens
// a case (kind oracle_review) when a check holds the track or the creator contests a conflict, and
// the case's workflow hands the reviewer's decision back to the track. These are the types of both
// hand-overs; the implementations are given where the app and the worker are assembled.
import type { REVIEW_OUTCOMES } from '../contracts/disputes';
import type { TrackState } from '../track/track.decider';
import { ORACLE_ACTOR } from './dispute.decider';
import type { DisputeCommands } from './ports';

/** One case per check: the same check always names the same case, so opening it twice opens one. */
export function oracleReviewDisputeId(checkId: string): string {
  return `review-${checkId}`;
}

/** What the track knows when it asks for a review. */
export interface OracleReviewFiling {
  disputeId: string;
  /** The held track (a work's id is its track's id). */
  trackId: string;
  checkId: string;
  title: string;
  ownerId: string;
  ownerName: string;
  /** The check's reason, or the creator's note when they contest a conflict. */
  description: string;
  /** needs_review: the oracle held it; contested: the creator contests a conflict. */
  origin: 'needs_review' | 'contested';
}

/** Opens the review case (kind oracle_review, claimant the oracle); idempotent per disputeId. */
export type OpenOracleReview = (filing: OracleReviewFiling) => Promise<{ disputeId: string }>;

/**
 * The check of a track a review case may be opened for: the latest one, when it held the track
 * (needs_review) or found a conflict the creator contested, and no reviewer decided it yet.
 */
export function reviewableCheckOf(state: TrackState): string | null {
  if (state.status !== 'probed') return null;
  const { result, reviewRequest, reviewDecision } = state.stages.check;
  if (!result || reviewDecision) return null;
  if (result.analysis.status === 'needs_review') return result.checkId;
  if (result.analysis.status === 'conflict' && reviewRequest?.checkId === result.checkId) return result.checkId;
  return null;
}

/** Opens review cases through the case workflows' client, the copyright oracle as claimant. */
export function openOracleReviewThrough(commands: DisputeCommands): OpenOracleReview {
  return async (filing) => {
    const filed = await commands.file(
      {
        disputeId: filing.disputeId,
        kind: 'oracle_review',
        workId: filing.trackId,
        disputeType: 'copyright_infringement',
        priority: 'medium',
        subject: filing.origin === 'contested' ? `The creator contests the conflict found in "${filing.title}"` : `"${filing.title}" was held for review by the copyright check`,
        description: filing.description,
        claimedRights: [],
        checkId: filing.checkId,
      },
      ORACLE_ACTOR,
    );
    return { disputeId: filed.disputeId };
  };
}

export interface ReviewDecisionDelivery {
  trackId: string;
  checkId: string;
  disputeId: string;
  outcome: (typeof REVIEW_OUTCOMES)[number];
  details: string;
  reviewerName: string;
}

/**
 * Hands the decision to the track's workflow (an update; recorded as TrackCopyrightReviewDecided).
 * Delivered again, it decides nothing. `delivered: false` when the track refuses it (it was
 * checked again since, say), with the track's reason; infrastructure trouble throws, for a retry.
 */
export type DeliverReviewDecision = (decision: ReviewDecisionDelivery) => Promise<{ delivered: boolean; detail: string }>;
