// A track the copyright check held for review (shown in the Oracle tab and on the vault card):
// the passages that look copied, each beside the registered work it resembles, and where the
// review stands: a reviewer looking at it (its case), their decision, or — when no case is open —
// the creator's way to ask for one (with an optional note).
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { errorMessage } from '../../lib/api-client';
import { useToast } from '../ui/toast';
import { describePassage, formatDay, registryWorkUrl } from './registered-work';
import { useRequestCopyrightReview } from './request-review';
import './held-for-review.css';

const NOTE_MAX = 1000;

export function HeldForReview({ check }: { check: CopyrightCheck }) {
  const toast = useToast();
  const request = useRequestCopyrightReview();
  const [note, setNote] = useState('');
  const noteId = useId();
  const { reviewRequest, review } = check;
  const decision = review?.decision ?? null;

  const submit = () =>
    request.mutate(
      { contentId: check.contentId, note },
      {
        onSuccess: () => toast.show({ severity: 'info', summary: 'Review Requested', detail: `A review of the copyright check of "${check.title}" is requested.` }),
        onError: (error) => toast.show({ severity: 'error', summary: 'Review request failed', detail: errorMessage(error, 'The review could not be requested') }),
      },
    );

  return (
    <section className="held-review" aria-label="Held for review">
      <div className="held-review__headline">
        {decision ? (
          <Tag value={decision.outcome === 'cleared' ? 'Cleared by a reviewer' : 'Refused by a reviewer'} severity={decision.outcome === 'cleared' ? 'success' : 'danger'} icon={decision.outcome === 'cleared' ? 'pi pi-check-circle' : 'pi pi-times-circle'} />
        ) : (
          <Tag value="Held for review" severity="warning" icon="pi pi-pause-circle" />
        )}
        {check.reason && <span className="muted small">{check.reason}</span>}
      </div>
      {check.passages.length > 0 ? (
        <ul className="held-review__passages" aria-label="Passages that look copied">
          {check.passages.map((passage) => (
            <li key={`${passage.workId}-${passage.kind}-${passage.upload.startSeconds}`}>
              {describePassage(passage)} <a href={registryWorkUrl(passage.workId)}>View in the registry</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">This check did not record which passages it found.</p>
      )}
      {decision ? (
        <p className="held-review__decision">
          {decision.outcome === 'cleared' ? 'Cleared' : 'Refused'} by {decision.reviewerName} on {formatDay(decision.decidedAt)}: {decision.details}
          {decision.outcome === 'cleared' ? ' You may register the track now.' : ''}
        </p>
      ) : review ? (
        <p className="held-review__reviewing">
          <i className="pi pi-eye" aria-hidden="true" /> Held for review — a reviewer is looking at it (case #{review.disputeId}, opened {formatDay(review.openedAt)}).{' '}
          <a href="/dispute-management">Open dispute management</a>
        </p>
      ) : reviewRequest ? (
        <div className="held-review__requested">
          <p>
            <i className="pi pi-check-circle" aria-hidden="true" /> Review requested on {formatDay(reviewRequest.requestedAt)}
          </p>
          {reviewRequest.note && <p className="muted small held-review__note">Your note: {reviewRequest.note}</p>}
        </div>
      ) : (
        <div className="held-review__request">
          <label htmlFor={noteId} className="small">
            Note for the reviewer (optional)
          </label>
          <InputTextarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} rows={2} maxLength={NOTE_MAX} autoResize />
          <div className="button-row">
            <Button label="Request review" icon="pi pi-eye" size="small" outlined loading={request.isPending} disabled={request.isPending} onClick={submit} />
          </div>
        </div>
      )}
    </section>
  );
}
