// The Royalty Receivers tab: choose a registered content item,
// add a receiver (name, email, 1–50 %, default 15, optional XRPL wallet; an invitation is mailed),
// and see its receivers with their invitation status (pending shows the sent date) and remove them.
// A receiver is paid only after accepting; the shares never exceed the creator's share (the server
// refuses it and says so).
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useId, useState, type FormEvent } from 'react';
import { addReceiverRequestSchema, type Receiver } from '../../../../../domain/contracts/royalties';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { RECEIVER_DEFAULT_PERCENTAGE, RECEIVER_MAX_PERCENTAGE, RECEIVER_MIN_PERCENTAGE } from '../../../../../domain/royalties/terms';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useAddReceiver, useReceivers, useRemoveReceiver } from '../api/receivers';
import { invitationText, receiversTotal } from '../labels';

export function ReceiversTab({ items }: { items: readonly VaultItem[] }) {
  const ids = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const contentId = chosen ?? items[0]?.id ?? null;
  const receivers = useReceivers(contentId);

  if (items.length === 0) {
    return <Message severity="info" text="Receivers share the royalties of registered content. Register a track first; it then appears here." />;
  }
  return (
    <div className="receivers">
      <div className="field receivers__content">
        <label htmlFor={`${ids}-content`}>Content</label>
        <Dropdown
          inputId={`${ids}-content`}
          value={contentId}
          options={items.map((item) => ({ label: item.title, value: item.id }))}
          onChange={(event) => setChosen(typeof event.value === 'string' ? event.value : null)}
        />
      </div>
      {contentId && <AddReceiverForm key={contentId} contentId={contentId} />}
      <ReceiverList status={receivers.status} receivers={receivers.data ?? []} error={receivers.error} />
    </div>
  );
}

function AddReceiverForm({ contentId }: { contentId: string }) {
  const toast = useToast();
  const add = useAddReceiver();
  const ids = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [percentage, setPercentage] = useState<number | null>(RECEIVER_DEFAULT_PERCENTAGE);
  const [wallet, setWallet] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = addReceiverRequestSchema.safeParse({
      contentId,
      receiverName: name,
      receiverEmail: email.trim(),
      royaltyPercentage: percentage ?? 0,
      receiverWallet: wallet.trim() || null,
    });
    if (!parsed.success) {
      toast.show({ severity: 'error', summary: 'Failed to Add Collaborator', detail: parsed.error.issues[0]?.message ?? 'Please check the form' });
      return;
    }
    add.mutate(
      { ...parsed.data, receiverWallet: parsed.data.receiverWallet ?? null },
      {
        onSuccess: (answer) => {
          toast.show({ severity: 'success', summary: 'Receiver Added', detail: answer.message });
          setName('');
          setEmail('');
          setPercentage(RECEIVER_DEFAULT_PERCENTAGE);
          setWallet('');
        },
        onError: (error) => toast.show({ severity: 'error', summary: 'Failed to Add Collaborator', detail: errorMessage(error, 'The receiver could not be added') }),
      },
    );
  };

  const busy = add.isPending;
  const outOfRange = percentage !== null && (percentage < RECEIVER_MIN_PERCENTAGE || percentage > RECEIVER_MAX_PERCENTAGE);
  return (
    <form className="receiver-form inset-box" onSubmit={submit} noValidate aria-busy={busy} aria-label="Add a receiver">
      <div className="field">
        <label htmlFor={`${ids}-name`}>Name</label>
        <InputText id={`${ids}-name`} value={name} maxLength={120} disabled={busy} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-email`}>Email</label>
        <InputText id={`${ids}-email`} type="email" value={email} disabled={busy} onChange={(event) => setEmail(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-percentage`}>Royalty share (%)</label>
        {/* No min/max on the input: PrimeReact would clamp 60 to 50 silently; the share is refused with a message instead. */}
        <InputNumber
          inputId={`${ids}-percentage`}
          value={percentage}
          maxFractionDigits={2}
          showButtons
          disabled={busy}
          invalid={outOfRange}
          aria-describedby={outOfRange ? `${ids}-percentage-error` : undefined}
          onValueChange={(event) => setPercentage(event.value ?? null)}
        />
        {outOfRange && (
          <small id={`${ids}-percentage-error`} className="p-error" role="alert">
            A receiver's share must be between {RECEIVER_MIN_PERCENTAGE} and {RECEIVER_MAX_PERCENTAGE} %.
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-wallet`}>XRPL wallet (optional)</label>
        <InputText id={`${ids}-wallet`} value={wallet} maxLength={64} disabled={busy} placeholder="r…" onChange={(event) => setWallet(event.target.value)} />
      </div>
      <div className="button-row receiver-form__actions">
        <Button type="submit" label="Add receiver" icon="pi pi-user-plus" loading={busy} disabled={busy || !name.trim() || !email.trim() || !percentage} />
        <span className="muted small">An invitation is mailed; the receiver is paid only after accepting it.</span>
      </div>
    </form>
  );
}

interface ReceiverListProps {
  status: 'pending' | 'error' | 'success';
  receivers: readonly Receiver[];
  error?: unknown;
}

export function ReceiverList({ status, receivers, error }: ReceiverListProps) {
  if (status === 'pending') {
    return (
      <div className="receiver-list" aria-busy="true" aria-label="Loading the receivers">
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    );
  }
  if (status === 'error') return <Message severity="error" text={`The receivers could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  if (receivers.length === 0) {
    return (
      <Card className="empty-state">
        <i className="pi pi-users empty-state__icon" aria-hidden="true" />
        <h3>No royalty receivers added yet</h3>
        <p className="muted">Add collaborators above; each gets their percentage of this content's royalties once they accept.</p>
      </Card>
    );
  }
  return (
    <div className="receiver-list">
      <p className="muted small">Receivers' total: {receiversTotal(receivers)}% of the royalties.</p>
      <ul aria-label="Receivers">
        {receivers.map((receiver) => (
          <ReceiverRow key={receiver.id} receiver={receiver} />
        ))}
      </ul>
    </div>
  );
}

function ReceiverRow({ receiver }: { receiver: Receiver }) {
  const toast = useToast();
  const remove = useRemoveReceiver();
  const severity = receiver.invitationStatus === 'accepted' ? 'success' : receiver.invitationStatus === 'declined' ? 'danger' : 'warning';
  return (
    <li className="receiver-row inset-box">
      <div className="receiver-row__who">
        <strong>{receiver.receiverName}</strong>
        <span className="muted small">{receiver.receiverEmail}</span>
        {receiver.receiverWallet && (
          <span className="muted small">
            Wallet <code>{receiver.receiverWallet}</code>
          </span>
        )}
      </div>
      <span className="receiver-row__share">{receiver.royaltyPercentage}%</span>
      <div className="receiver-row__status">
        <Tag value={invitationText(receiver)} severity={severity} />
        {receiver.invitationStatus === 'pending' && receiver.invitationSentAt && <span className="muted small">Sent {formatDate(receiver.invitationSentAt)}</span>}
        {receiver.invitationStatus === 'accepted' && receiver.acceptedAt && <span className="muted small">Accepted {formatDate(receiver.acceptedAt)}</span>}
      </div>
      <Button
        icon="pi pi-trash"
        rounded
        text
        severity="danger"
        aria-label={`Remove ${receiver.receiverName}`}
        loading={remove.isPending}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(receiver.id, {
            onSuccess: () => toast.show({ severity: 'success', summary: 'Receiver Removed', detail: `${receiver.receiverName} no longer shares these royalties.` }),
            onError: (error) => toast.show({ severity: 'error', summary: 'Failed to Remove Collaborator', detail: errorMessage(error, 'The receiver could not be removed') }),
          })
        }
      />
    </li>
  );
}
