// A track the copyright check held for review (shown in the Oracle tab and on the vault card):
// the passages that look copied, each beside the registered work it resembles, and the creator's
// way forward: ask for a review (with an optional note) or, once asked, when they did.
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
  const { reviewRequest } = check;

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
        <Tag value="Held for review" severity="warning" icon="pi pi-pause-circle" />
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
      {reviewRequest ? (
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
