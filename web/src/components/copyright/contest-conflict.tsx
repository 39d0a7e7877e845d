// A conflict the copyright check found, contested by its creator (shown under the conflicting works
// in the check report): "Contest this result" with an optional note opens the same review case a
// held track's request opens (POST /api/copyright-check/{id}/review-request); once it is open, the
// same standing a held track shows: a reviewer looking at it (its case), then their decision.
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { CONTEST_CONFLICT, ReviewDecisionTag, ReviewStanding } from './review-standing';
import './held-for-review.css';

/** True when the latest finished check found a conflict (which its creator may contest). */
export function isConflict(check: CopyrightCheck | null): check is CopyrightCheck {
  return (check?.status === 'completed' || check?.status === 'failed') && check.verdict === 'conflict';
}

export function ContestConflict({ check }: { check: CopyrightCheck }) {
  const decision = check.review?.decision ?? null;
  const asked = check.review !== null || check.reviewRequest !== null;
  return (
    <section className="held-review" aria-label="Contest the conflict">
      {decision && (
        <div className="held-review__headline">
          <ReviewDecisionTag decision={decision} />
        </div>
      )}
      {!asked && (
        <p className="muted small">
          If this track is yours to register (the matching work is yours, or you hold a licence), contest the result: a reviewer listens to both and
          clears or refuses the track.
        </p>
      )}
      <ReviewStanding check={check} action={CONTEST_CONFLICT} />
    </section>
  );
}
