// The "New ticket" dialog: title, description, category and priority (general and medium unless
// chosen). A missing title or description is the spec's 'Please fill in all required fields.',
// said before sending and by the server alike; the server's refusal is shown as it says it.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useId, useState } from 'react';
import {
  DEFAULT_SUPPORT_TICKET_CATEGORY,
  DEFAULT_SUPPORT_TICKET_PRIORITY,
  SUPPORT_TICKET_CATEGORIES,
  SUPPORT_TICKET_PRIORITIES,
  SUPPORT_TICKET_REQUIRED_MESSAGE,
  type SupportTicket,
  type SupportTicketCategory,
  type SupportTicketPriority,
} from '../../../../../domain/contracts/support';
import { errorMessage } from '../../../lib/api-client';
import { useOpenTicket } from '../api/support';
import { CATEGORY_LABELS, PRIORITY_LABELS } from '../labels';

const CATEGORY_OPTIONS = SUPPORT_TICKET_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
const PRIORITY_OPTIONS = SUPPORT_TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

export function NewTicketDialog({ visible, onHide, onOpened }: { visible: boolean; onHide(): void; onOpened(ticket: SupportTicket): void }) {
  return (
    <Dialog header="New ticket" visible={visible} onHide={onHide} className="support-dialog" draggable={false} modal>
      {visible && <NewTicketForm onCancel={onHide} onOpened={onOpened} />}
    </Dialog>
  );
}

function NewTicketForm({ onCancel, onOpened }: { onCancel(): void; onOpened(ticket: SupportTicket): void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<SupportTicketCategory>(DEFAULT_SUPPORT_TICKET_CATEGORY);
  const [priority, setPriority] = useState<SupportTicketPriority>(DEFAULT_SUPPORT_TICKET_PRIORITY);
  const [problem, setProblem] = useState<string | null>(null);
  const open = useOpenTicket();

  const submit = () => {
    if (!title.trim() || !description.trim()) {
      setProblem(SUPPORT_TICKET_REQUIRED_MESSAGE);
      return;
    }
    setProblem(null);
    open.mutate({ title, description, category, priority }, { onSuccess: onOpened, onError: (error) => setProblem(errorMessage(error, 'The ticket could not be opened')) });
  };

  return (
    <form
      className="support-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-title`}>Title</label>
      <InputText id={`${id}-title`} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} aria-required="true" />
      <label htmlFor={`${id}-description`}>Description</label>
      <InputTextarea id={`${id}-description`} value={description} rows={5} maxLength={10_000} autoResize onChange={(event) => setDescription(event.target.value)} aria-required="true" />
      <div className="support-form__row">
        <div className="support-form__field">
          <label htmlFor={`${id}-category`}>Category</label>
          <Dropdown inputId={`${id}-category`} value={category} options={CATEGORY_OPTIONS} onChange={(event) => setCategory(event.value as SupportTicketCategory)} />
        </div>
        <div className="support-form__field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <Dropdown inputId={`${id}-priority`} value={priority} options={PRIORITY_OPTIONS} onChange={(event) => setPriority(event.value as SupportTicketPriority)} />
        </div>
      </div>
      {problem && <Message severity="error" text={problem} />}
      <div className="support-form__actions">
        <Button type="button" label="Cancel" text onClick={onCancel} />
        <Button type="submit" label="Open ticket" icon="pi pi-send" loading={open.isPending} />
      </div>
    </form>
  );
}
