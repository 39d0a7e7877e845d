// The decision on an oracle hold (an oracle_review case), at the path agreed with helper `review`,
// whose full panel (both works side by side with players and the matched passages) replaces this
// one on merge. Until then it says that plainly and gives the assigned reviewer Clear / Refuse with
// the details, as the server allows (viewer.allowedActions has review_decision).
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import type { Dispute } from '../../../../../domain/contracts/disputes';
import { errorMessage } from '../../../lib/api-client';
import { useDisputeAction } from '../api/disputes';

export function ReviewPanel({ dispute }: { dispute: Dispute }) {
  const ids = useId();
  const act = useDisputeAction();
  const [details, setDetails] = useState('');
  const decide = (outcome: 'cleared' | 'refused') => act.mutate({ disputeId: dispute.id, request: { action: 'review-decision', body: { outcome, details } } });
  return (
    <div className="dispute-form dispute-form--inline" aria-label="Review of the held track">
      <Message severity="info" text="The side-by-side comparison of the held track and the matched work is not in this build; the check's result is in the case's description." />
      {dispute.viewer.allowedActions.includes('review_decision') && (
        <>
          <label htmlFor={`${ids}-details`}>Details of the decision</label>
          <InputTextarea id={`${ids}-details`} rows={3} value={details} maxLength={5000} disabled={act.isPending} onChange={(event) => setDetails(event.target.value)} />
          {act.isError && <Message severity="error" text={errorMessage(act.error, 'The decision was refused')} />}
          <div className="button-row">
            <Button label="Clear" icon="pi pi-check" disabled={act.isPending || details.trim() === ''} onClick={() => decide('cleared')} />
            <Button label="Refuse" icon="pi pi-times" severity="danger" outlined disabled={act.isPending || details.trim() === ''} onClick={() => decide('refused')} />
          </div>
        </>
      )}
    </div>
  );
}
