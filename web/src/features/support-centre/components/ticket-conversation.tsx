// One ticket as its requester or a support user sees it: its status, category, priority, who has it
// and its times (first response, resolution); what the support agent handed over (the transcript and
// the sources it found, with their scores); the messages (internal notes marked, support users
// only); and the answer box (Enter sends, Shift+Enter a new line; a file may go with it; support
// users add internal notes and insert canned replies), with the status moves the server allows.
// Kept current by the websocket (SUPPORT_KEY), so a reply appears without reloading.
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { useId, useRef, useState } from 'react';
import type { AgentHandoff, SupportTicketDetail, SupportTicketMessage } from '../../../../../domain/contracts/support';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { useCannedReplies, useChangeStatus, useSendMessage, useTakeTicket, useTicket } from '../api/support';
import { AGENT_LABEL, authorLabel, CATEGORY_LABELS, formatBytes, formatDuration, MOVE_LABELS, PRIORITY_LABELS, sendsOnKey, STATUS_LABELS, STATUS_SEVERITY, when } from '../labels';

export function TicketConversation({ ticketId }: { ticketId: string }) {
  const ticket = useTicket(ticketId);
  if (ticket.isPending) return <Skeleton height="12rem" aria-label="Loading the ticket" />;
  if (ticket.isError) return <Message severity="error" text={errorMessage(ticket.error, 'The ticket could not be read')} />;
  return <TicketView detail={ticket.data} />;
}

export function TicketView({ detail }: { detail: SupportTicketDetail }) {
  const { ticket, messages, viewerIsSupport } = detail;
  const { user } = useCurrentUser();
  const viewerIsRequester = !viewerIsSupport;
  const firstResponse = formatDuration(ticket.firstResponseMs);
  const resolution = formatDuration(ticket.resolutionMs);
  return (
    <article className="support-ticket" aria-labelledby={`ticket-${ticket.id}-title`}>
      <header className="support-ticket__header">
        <h3 id={`ticket-${ticket.id}-title`} className="support-ticket__title">
          {ticket.title}
        </h3>
        <div className="support-ticket__tags">
          <Tag value={STATUS_LABELS[ticket.status]} severity={STATUS_SEVERITY[ticket.status]} />
          <Tag value={`${PRIORITY_LABELS[ticket.priority]} priority`} severity={ticket.priority === 'urgent' || ticket.priority === 'high' ? 'danger' : 'secondary'} />
          <Tag value={CATEGORY_LABELS[ticket.category]} severity="secondary" />
        </div>
      </header>
      <dl className="support-ticket__facts">
        <div>
          <dt>Opened</dt>
          <dd>
            {when(ticket.createdAt)}
            {viewerIsSupport ? ` by ${ticket.requesterName}` : ''}
            {ticket.origin === 'agent' ? ' (handed over by the GOOSE AI Agent)' : ''}
          </dd>
        </div>
        <div>
          <dt>Assigned to</dt>
          <dd>{ticket.assigneeName ?? 'Nobody yet'}</dd>
        </div>
        <div>
          <dt>First response</dt>
          <dd>{firstResponse ? `${firstResponse} after opening` : 'No reply from a person yet'}</dd>
        </div>
        <div>
          <dt>Resolution</dt>
          <dd>{resolution ? `${resolution} after opening` : 'Not resolved yet'}</dd>
        </div>
      </dl>
      <p className="support-ticket__description">{ticket.description}</p>
      {ticket.handoff && <HandoffView handoff={ticket.handoff} requesterLabel={viewerIsRequester ? 'You' : ticket.requesterName} />}
      <ol className="support-messages" aria-label="Messages">
        {messages.length === 0 && <li className="support-messages__empty">No messages yet.</li>}
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} viewerIsRequester={viewerIsRequester} />
        ))}
      </ol>
      <TicketActions detail={detail} username={user?.username ?? null} />
      {ticket.status === 'closed' ? (
        <Message severity="info" text="This ticket is closed. Open a new ticket to ask again." />
      ) : (
        <Composer ticketId={ticket.id} viewerIsSupport={viewerIsSupport} resolved={ticket.status === 'resolved'} />
      )}
    </article>
  );
}

function HandoffView({ handoff, requesterLabel }: { handoff: AgentHandoff; requesterLabel: string }) {
  return (
    <section className="support-handoff" aria-label="Conversation with the GOOSE AI Agent">
      <h4>Handed over by the {AGENT_LABEL}</h4>
      <ol className="support-handoff__transcript">
        {handoff.transcript.map((entry, index) => (
          <li key={index} className={`support-message support-message--${entry.from === 'agent' ? 'agent' : 'user'}`}>
            <span className="support-message__author">{entry.from === 'agent' ? AGENT_LABEL : requesterLabel}</span>
            <span className="support-message__time">{when(entry.at)}</span>
            <p className="support-message__text">{entry.text}</p>
          </li>
        ))}
      </ol>
      {handoff.sources.length > 0 && (
        <>
          <h5>Sources the agent found</h5>
          <ul className="support-handoff__sources">
            {handoff.sources.map((source) => (
              <li key={source.id}>
                {source.url ? <a href={source.url}>{source.title}</a> : <span>{source.title}</span>} <span className="support-handoff__score">score {source.score.toFixed(3)}</span>
                <p>{source.excerpt}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function MessageItem({ message, viewerIsRequester }: { message: SupportTicketMessage; viewerIsRequester: boolean }) {
  const kind = message.internal ? 'internal' : message.isFromAI ? 'agent' : message.authorRole;
  return (
    <li className={`support-message support-message--${kind}`}>
      <span className="support-message__author">{authorLabel(message, viewerIsRequester)}</span>
      {message.internal && <Tag value="Internal note" severity="warning" className="support-message__internal" />}
      <span className="support-message__time">{when(message.createdAt)}</span>
      {message.message && <p className="support-message__text">{message.message}</p>}
      {message.attachments.length > 0 && (
        <ul className="support-message__files" aria-label="Attachments">
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a href={file.downloadUrl} download={file.filename}>
                <i className="pi pi-paperclip" aria-hidden="true" /> {file.filename}
              </a>{' '}
              <span className="support-message__size">{formatBytes(file.sizeBytes)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function TicketActions({ detail, username }: { detail: SupportTicketDetail; username: string | null }) {
  const { ticket, allowedStatuses, viewerIsSupport } = detail;
  const take = useTakeTicket();
  const move = useChangeStatus();
  const failure = take.error ?? move.error;
  const mayTake = viewerIsSupport && ticket.status !== 'closed' && ticket.assigneeName !== username;
  if (!mayTake && allowedStatuses.length === 0) return null;
  return (
    <div className="support-ticket__actions">
      {mayTake && <Button label="Assign to me" icon="pi pi-user-plus" outlined size="small" loading={take.isPending} onClick={() => take.mutate(ticket.id)} />}
      {allowedStatuses.map((status) => (
        <Button
          key={status}
          label={MOVE_LABELS[status]}
          size="small"
          outlined
          severity={status === 'closed' ? 'secondary' : status === 'resolved' ? 'success' : undefined}
          loading={move.isPending && move.variables.status === status}
          onClick={() => move.mutate({ ticketId: ticket.id, status })}
        />
      ))}
      {failure && <Message severity="error" text={errorMessage(failure, 'The ticket could not be changed')} />}
    </div>
  );
}

function Composer({ ticketId, viewerIsSupport, resolved }: { ticketId: string; viewerIsSupport: boolean; resolved: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [internal, setInternal] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const canned = useCannedReplies(viewerIsSupport);

  const submit = () => {
    if (send.isPending || (!text.trim() && !file)) return;
    send.mutate(
      { ticketId, message: text, internal: viewerIsSupport && internal, file },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
      },
    );
  };

  const label = viewerIsSupport && internal ? 'Internal note (support users only)' : resolved && !viewerIsSupport ? 'Reply (this opens the ticket again)' : 'Your reply';
  return (
    <form
      className="support-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={`${id}-text`}>{label}</label>
      <InputTextarea
        id={`${id}-text`}
        value={text}
        rows={3}
        autoResize
        maxLength={10_000}
        className={internal ? 'support-composer__text support-composer__text--internal' : 'support-composer__text'}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (sendsOnKey(event)) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <p className="support-composer__hint">Enter sends, Shift+Enter starts a new line.</p>
      <div className="support-composer__tools">
        <input ref={fileInput} id={`${id}-file`} type="file" className="support-composer__file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        <label htmlFor={`${id}-file`} className="p-button p-button-outlined p-button-sm">
          <i className="pi pi-paperclip" aria-hidden="true" />
          <span>&nbsp;{file ? `${file.name} (${formatBytes(file.size)})` : 'Attach a file'}</span>
        </label>
        {viewerIsSupport && (
          <>
            <span className="support-composer__check">
              <Checkbox inputId={`${id}-internal`} checked={internal} onChange={(event) => setInternal(Boolean(event.checked))} />
              <label htmlFor={`${id}-internal`}>Internal note</label>
            </span>
            <Dropdown
              aria-label="Insert a canned reply"
              placeholder="Insert a canned reply"
              options={canned.data?.replies ?? []}
              optionLabel="title"
              value={null}
              disabled={!canned.data}
              onChange={(event) => {
                const reply = (canned.data?.replies ?? []).find((r) => r.id === (event.value as { id: string }).id);
                if (reply) setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${reply.body}` : reply.body));
              }}
              className="support-composer__canned"
            />
          </>
        )}
        <Button type="submit" label={viewerIsSupport && internal ? 'Add note' : 'Send'} icon="pi pi-send" loading={send.isPending} disabled={!text.trim() && !file} />
      </div>
      {send.isError && <Message severity="error" text={errorMessage(send.error, 'The message was not sent')} />}
    </form>
  );
}
