// The File New Dispute dialog: the work (picked from the public registry's
// registered works, or its id typed), dispute type, priority (medium by default), subject, description
// and the claimed rights. The request is checked with the contract's schema before it is sent; the
// server's refusal is shown as it says it. On success the confirmation lists what the server did
// automatically (autoActions: case opened, payouts and licensing frozen, and the case listed for the
// owner, who is sent no notification).
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { MultiSelect } from 'primereact/multiselect';
import { useId, useState } from 'react';
import { CLAIMED_RIGHTS, DISPUTE_PRIORITIES, DISPUTE_TYPES, fileDisputeRequestSchema, type AutoAction, type DisputePriority, type DisputeType } from '../../../../../domain/contracts/disputes';
import type { LicenseType } from '../../../../../domain/contracts/licensing';
import type { Work } from '../../../../../domain/contracts/registry';
import { errorMessage } from '../../../lib/api-client';
import { useCapability } from '../../../lib/capabilities';
import { searchRegisteredWorks, useFileDispute, type FileDisputeResponse } from '../api/disputes';
import { autoActionText, DISPUTE_TYPE_DISPLAY, PRIORITY_DISPLAY, RIGHT_LABELS } from '../labels';

export function FileDisputeDialog({ visible, onHide, onOpenCase }: { visible: boolean; onHide(): void; onOpenCase(disputeId: string): void }) {
  const [filed, setFiled] = useState<FileDisputeResponse | null>(null);
  const close = () => {
    setFiled(null);
    onHide();
  };
  return (
    <Dialog header={filed ? 'Dispute filed' : 'File New Dispute'} visible={visible} onHide={close} className="dispute-dialog" draggable={false} modal>
      {visible &&
        (filed ? (
          <FiledConfirmation
            disputeId={filed.disputeId}
            autoActions={filed.autoActions}
            onOpenCase={() => {
              close();
              onOpenCase(filed.disputeId);
            }}
            onClose={close}
          />
        ) : (
          <FileDisputeForm onCancel={close} onFiled={setFiled} />
        ))}
    </Dialog>
  );
}

export interface FileDisputeFormValues {
  work: Work | string;
  disputeType: DisputeType | null;
  priority: DisputePriority;
  subject: string;
  description: string;
  claimedRights: LicenseType[];
}

export const EMPTY_FORM: FileDisputeFormValues = { work: '', disputeType: null, priority: 'medium', subject: '', description: '', claimedRights: [] };

/** The request for these values, or the first problem in the contract's words. */
export function fileRequestFrom(values: FileDisputeFormValues) {
  const parsed = fileDisputeRequestSchema.safeParse({
    workId: typeof values.work === 'string' ? values.work : values.work.id,
    disputeType: values.disputeType ?? undefined,
    priority: values.priority,
    subject: values.subject,
    description: values.description,
    claimedRights: values.claimedRights,
  });
  return parsed.success ? ({ ok: true, request: parsed.data } as const) : ({ ok: false, error: parsed.error.issues[0]?.message ?? 'Check the form' } as const);
}

export function FileDisputeForm({ initial = EMPTY_FORM, onCancel, onFiled }: { initial?: FileDisputeFormValues; onCancel(): void; onFiled(answer: FileDisputeResponse): void }) {
  const ids = useId();
  const file = useFileDispute();
  const notifications = useCapability('notifications');
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Work[]>([]);
  const set = <K extends keyof FileDisputeFormValues>(key: K, value: FileDisputeFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const busy = file.isPending;

  const submit = () => {
    const checked = fileRequestFrom(values);
    if (!checked.ok) {
      setProblem(checked.error);
      return;
    }
    setProblem(null);
    file.mutate(checked.request, { onSuccess: onFiled, onError: (error) => setProblem(errorMessage(error, 'The dispute could not be filed')) });
  };

  return (
    <form
      className="dispute-form"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="field">
        <label htmlFor={`${ids}-work`}>Work</label>
        <AutoComplete
          inputId={`${ids}-work`}
          value={values.work}
          suggestions={suggestions}
          field="title"
          itemTemplate={(work: Work) => (
            <span>
              {work.title} <span className="muted">by {work.creator} · {work.id}</span>
            </span>
          )}
          completeMethod={(event) => {
            searchRegisteredWorks(event.query)
              .then(setSuggestions)
              .catch(() => setSuggestions([]));
          }}
          placeholder="Search the registry, or type the work's ID"
          disabled={busy}
          onChange={(event) => set('work', event.value as Work | string)}
        />
        <small className="muted">{typeof values.work === 'string' ? 'A registered work: pick it from the registry, or type its ID.' : `ID ${values.work.id}, owned by ${values.work.creator}`}</small>
      </div>
      <div className="dispute-form__row">
        <div className="field">
          <label htmlFor={`${ids}-type`}>Dispute type</label>
          <Dropdown
            inputId={`${ids}-type`}
            value={values.disputeType}
            placeholder="Choose a dispute type"
            options={DISPUTE_TYPES.map((value) => ({ label: DISPUTE_TYPE_DISPLAY[value].label, value }))}
            disabled={busy}
            onChange={(event) => set('disputeType', event.value as DisputeType)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-priority`}>Priority</label>
          <Dropdown
            inputId={`${ids}-priority`}
            value={values.priority}
            options={DISPUTE_PRIORITIES.map((value) => ({ label: PRIORITY_DISPLAY[value].label, value }))}
            disabled={busy}
            onChange={(event) => set('priority', event.value as DisputePriority)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-subject`}>Subject</label>
        <InputText id={`${ids}-subject`} value={values.subject} maxLength={200} disabled={busy} onChange={(event) => set('subject', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description</label>
        <InputTextarea id={`${ids}-description`} rows={4} value={values.description} maxLength={5000} disabled={busy} onChange={(event) => set('description', event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-rights`}>Claimed rights</label>
        <MultiSelect
          inputId={`${ids}-rights`}
          value={values.claimedRights}
          options={CLAIMED_RIGHTS.map((value) => ({ label: RIGHT_LABELS[value], value }))}
          placeholder="The rights you say are infringed"
          display="chip"
          disabled={busy}
          onChange={(event) => set('claimedRights', event.value as LicenseType[])}
        />
      </div>
      <p className="muted">
        Filing freezes the work's royalty payouts and its licensing until the case is resolved. The case is listed in the owner's Disputes tab
        {notifications.available ? '.' : '; no notification is sent to them.'}
      </p>
      {problem && <Message severity="error" text={problem} />}
      <div className="button-row">
        <Button type="button" label="Cancel" outlined disabled={busy} onClick={onCancel} />
        <Button type="submit" label={busy ? 'Filing...' : 'File Dispute'} icon="pi pi-flag" disabled={busy} />
      </div>
    </form>
  );
}

export function FiledConfirmation({ disputeId, autoActions, onOpenCase, onClose }: { disputeId: string; autoActions: readonly AutoAction[]; onOpenCase(): void; onClose(): void }) {
  const notifications = useCapability('notifications').available;
  return (
    <div className="dispute-filed">
      <Message severity="success" text={`Dispute #${disputeId} is filed.`} />
      <p>What happened automatically:</p>
      <ul className="dispute-filed__actions">
        {autoActions.map((action) => (
          <li key={action.action}>
            <i className="pi pi-check" aria-hidden="true" /> {autoActionText(action, notifications)}
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Button label="Open the case" icon="pi pi-eye" onClick={onOpenCase} />
        <Button label="Close" outlined onClick={onClose} />
      </div>
    </div>
  );
}
