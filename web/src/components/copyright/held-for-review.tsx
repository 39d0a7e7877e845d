// A track the copyright check held for review (shown in the Oracle tab and on the vault card):
// the passages that look copied, each beside the registered work it resembles, the recordings
// AcoustID found (external-match.tsx), and where the
// review stands: a reviewer looking at it (its case), their decision, or — when no case is open —
// the creator's way to ask for one (with an optional note); see review-standing.tsx.
import { Tag } from 'primereact/tag';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { ExternalMatches } from './external-match';
import { describePassage, registryWorkUrl } from './registered-work';
import { REQUEST_REVIEW, ReviewDecisionTag, ReviewStanding } from './review-standing';
import './held-for-review.css';

export function HeldForReview({ check }: { check: CopyrightCheck }) {
  const decision = check.review?.decision ?? null;

  return (
    <section className="held-review" aria-label="Held for review">
      <div className="held-review__headline">
        {decision ? <ReviewDecisionTag decision={decision} /> : <Tag value="Held for review" severity="warning" icon="pi pi-pause-circle" />}
        {check.reason && <span className="muted small">{check.reason}</span>}
      </div>
      {check.passages.length > 0 && (
        <ul className="held-review__passages" aria-label="Passages that look copied">
          {check.passages.map((passage) => (
            <li key={`${passage.workId}-${passage.kind}-${passage.upload.startSeconds}`}>
              {describePassage(passage)} <a href={registryWorkUrl(passage.workId)}>View in the registry</a>
            </li>
          ))}
        </ul>
      )}
      {check.externalMatches.length > 0 && <ExternalMatches matches={check.externalMatches} />}
      {check.passages.length === 0 && check.referenceMatches.length === 0 && check.externalMatches.length === 0 && <p className="muted small">This check did not record which passages it found.</p>}
      <ReviewStanding check={check} action={REQUEST_REVIEW} />
    </section>
  );
}
