// Where the review of a copyright check stands, shared by a track held for review and a conflict
// the creator contests (both open the same `oracle_review` case): the reviewer's decision, a
// reviewer looking at it (its case), the request made, or — when none is — the creator's way to
// ask for one, with an optional note, and the server's reason when it refuses.
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import { errorMessage } from '../../lib/api-client';
import { useToast } from '../ui/toast';
import { formatDay } from './registered-work';
import { useRequestCopyrightReview } from './request-review';
import './held-for-review.css';

const NOTE_MAX = 1000;

export type ReviewDecision = NonNullable<NonNullable<CopyrightCheck['review']>['decision']>;

/** How the creator asks for the review: the button, and the toast once the case is asked for. */
export interface ReviewAction {
  label: string;
  icon: string;
  summary: string;
  detail: (title: string) => string;
  failed: string;
}

export const REQUEST_REVIEW: ReviewAction = {
  label: 'Request review',
  icon: 'pi pi-eye',
  summary: 'Review Requested',
  detail: (title) => `A review of the copyright check of "${title}" is requested.`,
  failed: 'The review could not be requested',
};

export const CONTEST_CONFLICT: ReviewAction = {
  label: 'Contest this result',
  icon: 'pi pi-flag',
  summary: 'Result Contested',
  detail: (title) => `The conflict found for "${title}" is contested; a reviewer will look at it.`,
  failed: 'The result could not be contested',
};

export function ReviewDecisionTag({ decision }: { decision: ReviewDecision }) {
  const cleared = decision.outcome === 'cleared';
  return <Tag value={cleared ? 'Cleared by a reviewer' : 'Refused by a reviewer'} severity={cleared ? 'success' : 'danger'} icon={cleared ? 'pi pi-check-circle' : 'pi pi-times-circle'} />;
}

export function ReviewStanding({ check, action }: { check: CopyrightCheck; action: ReviewAction }) {
  const { reviewRequest, review } = check;
  const decision = review?.decision ?? null;
  if (decision) {
    return (
      <p className="held-review__decision">
        {decision.outcome === 'cleared' ? 'Cleared' : 'Refused'} by {decision.reviewerName} on {formatDay(decision.decidedAt)}: {decision.details}
        {decision.outcome === 'cleared' ? ' You may register the track now.' : ''}
      </p>
    );
  }
  if (review) {
    return (
      <p className="held-review__reviewing">
        <i className="pi pi-eye" aria-hidden="true" /> Held for review — a reviewer is looking at it (case #{review.disputeId}, opened {formatDay(review.openedAt)}).{' '}
        <a href="/dispute-management">Open dispute management</a>
      </p>
    );
  }
  if (reviewRequest) {
    return (
      <div className="held-review__requested">
        <p>
          <i className="pi pi-check-circle" aria-hidden="true" /> Review requested on {formatDay(reviewRequest.requestedAt)}
        </p>
        {reviewRequest.note && <p className="muted small held-review__note">Your note: {reviewRequest.note}</p>}
      </div>
    );
  }
  return <RequestReview check={check} action={action} />;
}

function RequestReview({ check, action }: { check: CopyrightCheck; action: ReviewAction }) {
  const toast = useToast();
  const request = useRequestCopyrightReview();
  const [note, setNote] = useState('');

  const submit = () =>
    request.mutate({ contentId: check.contentId, note }, { onSuccess: () => toast.show({ severity: 'info', summary: action.summary, detail: action.detail(check.title) }) });

  return (
    <ReviewRequestForm
      action={action}
      note={note}
      onNoteChange={setNote}
      pending={request.isPending}
      error={request.isError ? errorMessage(request.error, action.failed) : null}
      onSubmit={submit}
    />
  );
}

/** The note and the button; `error` is the server's reason for refusing the last request. */
export function ReviewRequestForm({ action, note, onNoteChange, pending, error, onSubmit }: {
  action: ReviewAction;
  note: string;
  onNoteChange: (note: string) => void;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
}) {
  const noteId = useId();
  return (
    <div className="held-review__request">
      <label htmlFor={noteId} className="small">
        Note for the reviewer (optional)
      </label>
      <InputTextarea id={noteId} value={note} onChange={(event) => onNoteChange(event.target.value)} rows={2} maxLength={NOTE_MAX} autoResize />
      <div className="button-row">
        <Button label={action.label} icon={action.icon} size="small" outlined loading={pending} disabled={pending} onClick={onSubmit} />
      </div>
      {error && (
        <p className="held-review__error small" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {error}
        </p>
      )}
    </div>
  );
}
