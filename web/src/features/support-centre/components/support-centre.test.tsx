// What the support centre shows, read from its rendered HTML: a requester's conversation (their own
// words as 'You', support's replies by name, the times, only the status move they may make, no
// internal-note controls), a support user's (internal notes marked, canned replies and the note
// switch, assignment), a handed-over ticket's transcript labelled 'GOOSE AI Agent' with its sources
// and scores, and the Support tab's list with its "New ticket" button.
import { describe, expect, it } from 'vitest';
import type { SupportTicket, SupportTicketDetail, SupportTicketMessage } from '../../../../../domain/contracts/support';
import { renderWithQueries } from '../../../lib/test-render';
import { SUPPORT_KEY } from '../../../lib/query-keys';
import { SupportCentrePanel } from './support-centre-panel';
import { TicketView } from './ticket-conversation';

const OPENED = '2026-11-29T10:00:00.000Z';
const ticket: SupportTicket = {
  id: 't1',
  title: 'Card charged twice',
  description: 'I paid once and was charged twice',
  category: 'billing',
  priority: 'high',
  status: 'in-progress',
  createdAt: OPENED,
  updatedAt: OPENED,
  requesterName: 'ada',
  assigneeName: 'sam',
  origin: 'user',
  handoff: null,
  firstResponseAt: '2026-11-29T10:04:00.000Z',
  resolvedAt: null,
  firstResponseMs: 4 * 60_000,
  resolutionMs: null,
};
const message = (overrides: Partial<SupportTicketMessage>): SupportTicketMessage => ({
  id: 'm1', message: 'Hello', isFromAI: false, authorRole: 'user', authorName: 'ada', internal: false, attachments: [], createdAt: OPENED, ...overrides,
});
const requesterView: SupportTicketDetail = {
  ticket,
  messages: [
    message({ id: 'm1', message: 'Any news?' }),
    message({
      id: 'm2', message: 'One charge is refunded.', authorRole: 'support', authorName: 'sam',
      attachments: [{ id: 'a1', filename: 'receipt.pdf', mimeType: 'application/pdf', sizeBytes: 2048, sha256: 'a'.repeat(64), downloadUrl: '/api/support/tickets/t1/attachments/a1' }],
    }),
  ],
  allowedStatuses: ['closed'],
  viewerIsSupport: false,
};

describe('support centre', () => {
  it("shows the requester their words as 'You', support's reply by name with its file, the times, and only closing", () => {
    const html = renderWithQueries(<TicketView detail={requesterView} />, []);
    expect(html).toContain('>You<');
    expect(html).toContain('>sam<');
    expect(html).toContain('receipt.pdf');
    expect(html).toContain('href="/api/support/tickets/t1/attachments/a1"');
    expect(html).toContain('4 min after opening');
    expect(html).toContain('Not resolved yet');
    expect(html).toContain('Close ticket');
    expect(html).not.toContain('Mark resolved');
    expect(html).not.toContain('Internal note');
    expect(html).not.toContain('canned reply');
    expect(html).toContain('Enter sends, Shift+Enter starts a new line.');
  });

  it('shows a support user the internal notes marked, the note switch, canned replies and the moves allowed', () => {
    const html = renderWithQueries(
      <TicketView detail={{ ...requesterView, messages: [...requesterView.messages, message({ id: 'n1', message: 'Checked with the provider', authorRole: 'support', authorName: 'sam', internal: true })], allowedStatuses: ['resolved', 'closed'], viewerIsSupport: true }} />,
      [],
    );
    expect(html).toContain('>ada<');
    expect(html).toContain('Internal note');
    expect(html).toContain('support-message--internal');
    expect(html).toContain('Insert a canned reply');
    expect(html).toContain('Mark resolved');
    expect(html).toContain('Assign to me');
    expect(html).toContain('by ada');
  });

  it("shows a handed-over ticket's transcript labelled 'GOOSE AI Agent', with the sources and their scores", () => {
    const handoff = {
      conversationId: 'c1',
      reason: 'refund' as const,
      transcript: [
        { from: 'user' as const, text: 'I want a refund', at: OPENED },
        { from: 'agent' as const, text: 'A person decides refunds: I am handing you over.', at: OPENED },
      ],
      sources: [{ id: 'faq/pricing#can-i-get-a-refund', title: 'Can I get a refund?', url: '/dashboard/faq#can-i-get-a-refund', score: 0.4321, excerpt: 'GOOSE makes no money-back promise.' }],
    };
    const html = renderWithQueries(<TicketView detail={{ ...requesterView, ticket: { ...ticket, origin: 'agent', handoff } }} />, []);
    expect(html).toContain('Handed over by the GOOSE AI Agent');
    expect(html).toContain('>GOOSE AI Agent<');
    expect(html).toContain('I want a refund');
    expect(html).toContain('href="/dashboard/faq#can-i-get-a-refund"');
    expect(html).toContain('score 0.432');
  });

  it('lists the user\'s tickets with a "New ticket" button, or says there are none', () => {
    const listed = renderWithQueries(<SupportCentrePanel />, [[[...SUPPORT_KEY, 'mine'], [ticket]]], { router: true });
    expect(listed).toContain('New ticket');
    expect(listed).toContain('Card charged twice');
    expect(listed).toContain('Pick a ticket to read its conversation.');
    const empty = renderWithQueries(<SupportCentrePanel />, [[[...SUPPORT_KEY, 'mine'], []]], { router: true });
    expect(empty).toContain('You have no tickets yet.');
  });
});

describe('support queue filters', () => {
  it('reads the filters from the address, falling back to the defaults for unknown values', async () => {
    const { queueFilters } = await import('./support-queue-page');
    expect(queueFilters(new URLSearchParams(''))).toEqual({ status: 'active', assigned: 'all' });
    expect(queueFilters(new URLSearchParams('status=resolved&priority=urgent&category=billing&assigned=mine'))).toEqual({ status: 'resolved', priority: 'urgent', category: 'billing', assigned: 'mine' });
    expect(queueFilters(new URLSearchParams('priority=someday'))).toEqual({ status: 'active', assigned: 'all' });
  });
});
