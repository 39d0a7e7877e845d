// The actions on a case the server allows this viewer (viewer.allowedActions): Answer
// (the respondent), Assign to me (a reviewer), Change status, Request evidence and Resolve (the
// assigned reviewer; resolve with outcome, details and compensation in dollars, sent as cents),
// Appeal (either party, once, inside the window). Each opens a small form; a refusal is shown in the
// server's words. Messages and evidence have their own tabs; an oracle review's decision is in the
// review panel.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import { DISPUTE_OUTCOMES, REVIEWER_STATUSES, type Dispute } from '../../../../../domain/contracts/disputes';
import { errorMessage } from '../../../lib/api-client';
import { useDisputeAction, type DisputeActionRequest } from '../api/disputes';
import { OUTCOME_LABELS, STATUS_DISPLAY } from '../labels';

type FormAction = 'respond' | 'change_status' | 'request_evidence' | 'resolve' | 'appeal';
type ReviewerStatus = (typeof REVIEWER_STATUSES)[number];
type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

const BUTTONS: { action: FormAction; label: string; icon: string }[] = [
  { action: 'respond', label: 'Answer', icon: 'pi-reply' },
  { action: 'change_status', label: 'Change status', icon: 'pi-sync' },
  { action: 'request_evidence', label: 'Request evidence', icon: 'pi-paperclip' },
  { action: 'resolve', label: 'Resolve', icon: 'pi-check-square' },
  { action: 'appeal', label: 'Appeal', icon: 'pi-replay' },
];

/** Dollars typed by the reviewer → whole cents for the API. */
export function centsOf(dollars: number | null): number {
  return dollars === null || !Number.isFinite(dollars) ? 0 : Math.round(dollars * 100);
}

export function DisputeActions({ dispute, initiallyOpen = null }: { dispute: Dispute; initiallyOpen?: FormAction | null }) {
  const allowed = dispute.viewer.allowedActions;
  const act = useDisputeAction();
  const [open, setOpen] = useState<FormAction | null>(initiallyOpen);
  const send = (request: DisputeActionRequest) => act.mutate({ disputeId: dispute.id, request }, { onSuccess: () => setOpen(null) });
  const buttons = BUTTONS.filter(({ action }) => allowed.includes(action));
  // The assigned reviewer may still hand the case on through the API, but taking it again means nothing.
  const canTake = allowed.includes('assign') && !dispute.viewer.isAssignedReviewer;
  if (buttons.length === 0 && !canTake) return null;
  return (
    <div className="dispute-actions">
      <div className="button-row">
        {canTake && <Button label="Assign to me" icon="pi pi-user-plus" size="small" disabled={act.isPending} onClick={() => send({ action: 'assign', body: {} })} />}
        {buttons.map(({ action, label, icon }) => (
          <Button key={action} label={label} icon={`pi ${icon}`} size="small" outlined={open !== action} disabled={act.isPending} onClick={() => setOpen(open === action ? null : action)} />
        ))}
      </div>
      {open && <ActionForm action={open} busy={act.isPending} onSend={send} onCancel={() => setOpen(null)} />}
      {act.isError && <Message severity="error" text={errorMessage(act.error, 'The action was refused')} />}
    </div>
  );
}

function ActionForm({ action, busy, onSend, onCancel }: { action: FormAction; busy: boolean; onSend(request: DisputeActionRequest): void; onCancel(): void }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<ReviewerStatus>('investigating');
  const [from, setFrom] = useState<'claimant' | 'respondent' | 'both'>('both');
  const [outcome, setOutcome] = useState<DisputeOutcome>('upheld');
  const [compensation, setCompensation] = useState<number | null>(null);

  const textLabel: Record<FormAction, string> = {
    respond: 'Your answer to the claim',
    change_status: 'Note (optional)',
    request_evidence: 'What evidence is needed',
    resolve: 'Details of the resolution',
    appeal: 'Why you appeal',
  };
  const request = (): DisputeActionRequest => {
    switch (action) {
      case 'respond':
        return { action: 'respond', body: { message: text } };
      case 'change_status':
        return { action: 'status', body: { status, note: text.trim() || undefined } };
      case 'request_evidence':
        return { action: 'request-evidence', body: { from, note: text } };
      case 'resolve':
        return { action: 'resolve', body: { outcome, details: text, compensationCents: centsOf(compensation) } };
      case 'appeal':
        return { action: 'appeal', body: { reason: text } };
    }
  };

  return (
    <form
      className="dispute-form dispute-form--inline"
      aria-label={BUTTONS.find((button) => button.action === action)?.label}
      onSubmit={(event) => {
        event.preventDefault();
        onSend(request());
      }}
    >
      {action === 'change_status' && (
        <div className="field">
          <label htmlFor={`${ids}-status`}>New status</label>
          <Dropdown inputId={`${ids}-status`} value={status} options={REVIEWER_STATUSES.map((value) => ({ label: STATUS_DISPLAY[value].label, value }))} onChange={(event) => setStatus(event.value as ReviewerStatus)} />
        </div>
      )}
      {action === 'request_evidence' && (
        <div className="field">
          <label htmlFor={`${ids}-from`}>From</label>
          <Dropdown
            inputId={`${ids}-from`}
            value={from}
            options={[
              { label: 'Both parties', value: 'both' },
              { label: 'The claimant', value: 'claimant' },
              { label: 'The respondent', value: 'respondent' },
            ]}
            onChange={(event) => setFrom(event.value as typeof from)}
          />
        </div>
      )}
      {action === 'resolve' && (
        <div className="dispute-form__row">
          <div className="field">
            <label htmlFor={`${ids}-outcome`}>Outcome</label>
            <Dropdown inputId={`${ids}-outcome`} value={outcome} options={DISPUTE_OUTCOMES.map((value) => ({ label: OUTCOME_LABELS[value], value }))} onChange={(event) => setOutcome(event.value as DisputeOutcome)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-compensation`}>Compensation ($)</label>
            <InputNumber inputId={`${ids}-compensation`} value={compensation} mode="currency" currency="USD" locale="en-US" min={0} max={1_000_000} onValueChange={(event) => setCompensation(event.value ?? null)} />
            <small className="muted">Paid to the claimant from the work's pending royalty earnings, as far as they go.</small>
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${ids}-text`}>{textLabel[action]}</label>
        <InputTextarea id={`${ids}-text`} rows={3} value={text} maxLength={5000} onChange={(event) => setText(event.target.value)} />
      </div>
      <div className="button-row">
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onCancel} />
        <Button type="submit" label={busy ? 'Sending...' : 'Submit'} icon="pi pi-check" disabled={busy || (action !== 'change_status' && text.trim() === '')} />
      </div>
    </form>
  );
}
