// The dashboard's Support tab: the signed-in user's tickets, a "New ticket" dialog, and the
// conversation of the ticket picked (its address is ?ticket=<id>, so a notification links straight to
// it). Replies from support arrive live over the websocket.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useMyTickets } from '../api/support';
import '../support-centre.css';
import { NewTicketDialog } from './new-ticket-dialog';
import { TicketConversation } from './ticket-conversation';
import { TicketList } from './ticket-list';

export function SupportCentrePanel() {
  const tickets = useMyTickets();
  const [searchParams, setSearchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const selectedId = searchParams.get('ticket');
  const select = (ticketId: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (ticketId) next.set('ticket', ticketId);
      else next.delete('ticket');
      return next;
    });

  return (
    <section className="support-centre" aria-labelledby="support-centre-title">
      <div className="support-centre__heading">
        <PanelTitle id="support-centre-title" icon="pi-headphones">
          Support
        </PanelTitle>
        <Button label="New ticket" icon="pi pi-plus" onClick={() => setCreating(true)} />
      </div>
      <p className="support-centre__intro">Write to a person on the support team. You see their answers here as they arrive, and in your notifications.</p>
      <div className="support-centre__body">
        <div className="support-centre__list">
          {tickets.isPending && <Skeleton height="6rem" aria-label="Loading your tickets" />}
          {tickets.isError && <Message severity="error" text={errorMessage(tickets.error, 'Your tickets could not be read')} />}
          {tickets.data?.length === 0 && <p className="support-centre__empty">You have no tickets yet.</p>}
          {tickets.data && tickets.data.length > 0 && <TicketList tickets={tickets.data} selectedId={selectedId} onSelect={select} showRequester={false} label="Your tickets" />}
        </div>
        <div className="support-centre__conversation">
          {selectedId ? <TicketConversation ticketId={selectedId} /> : <p className="support-centre__empty">Pick a ticket to read its conversation.</p>}
        </div>
      </div>
      <NewTicketDialog
        visible={creating}
        onHide={() => setCreating(false)}
        onOpened={(ticket) => {
          setCreating(false);
          select(ticket.id);
        }}
      />
    </section>
  );
}
