// What dispute management shows, read from its rendered HTML: the
// page's header, cards, filters (Assigned to Me for reviewers only) and rows; loading, failure and
// empty states; a row's badges, frozen assets, relative time, counts and buttons; the file dialog's
// fields and its confirmation; the case dialog's tabs with countdowns and only the actions the server allows.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { DISPUTES_KEY } from '../../../lib/query-keys';
import { dispute } from '../dispute.fixture';
import { DEFAULT_FILTERS } from '../labels';
import { DisputeActions } from './dispute-actions';
import { DisputeDetails, EvidenceTab, MessagesTab, OverviewTab, ResolutionTab, TimelineTab } from './dispute-details-dialog';
import { DisputeFiltersPanel, DisputeList, DisputeManagementPage } from './dispute-management-page';
import { DisputeRow } from './dispute-row';
import { FiledConfirmation, FileDisputeForm, fileRequestFrom, EMPTY_FORM } from './file-dispute-dialog';

function render(node: ReactNode, { queryClient = new QueryClient(), url = '/dispute-management' } = {}): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;
const now = new Date('2026-11-26T12:00:00.000Z');
const summary = { byStatus: { open: 1, investigating: 2, under_review: 3, resolved: 4 }, byType: {}, byPriority: { critical: 5 } };

describe('dispute management page', () => {
  it('shows the header, File New Dispute, the four cards from the summary and the rows', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([...DISPUTES_KEY, ''], { disputes: [dispute()], total: 1, summary });
    const html = render(<DisputeManagementPage roles={['creator']} />, { queryClient });
    expect(html).toContain('Dispute Management');
    expect(html).toContain('File New Dispute');
    for (const [label, value] of [['Open Disputes', 3], ['Under Review', 3], ['Resolved', 4], ['Critical Priority', 5]] as const) {
      expect(html).toMatch(new RegExp(`>${value}</span><span class="muted">${label}<`));
    }
    expect(html).toContain('My melody in the chorus');
    expect(html).toContain('1 dispute');
  });

  it('reads the filters from the address and asks the server for those cases', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([...DISPUTES_KEY, 'status=open&assignedTo=unassigned'], { disputes: [], total: 0, summary });
    const html = render(<DisputeManagementPage roles={['reviewer']} />, { queryClient, url: '/dispute-management?status=open&assignedTo=unassigned' });
    expect(html).toContain('No disputes found');
    expect(html).toContain('Clear filters');
  });

  it('says Loading disputes... before the answer, the failure in the server’s words, and the empty state', () => {
    expect(render(<DisputeList status="pending" data={undefined} error={null} now={now} onOpen={noop} />)).toContain('Loading disputes...');
    expect(render(<DisputeList status="error" data={undefined} error={new Error('403: {"error":"Not signed in"}')} now={now} onOpen={noop} />)).toContain('Not signed in');
    const empty = render(<DisputeList status="success" data={{ disputes: [], total: 0, summary }} error={null} now={now} onOpen={noop} />);
    expect(empty).toContain('No disputes found');
    expect(empty).toContain('No disputes match your current filters');
  });
});

describe('filter panel', () => {
  it('has status, type, priority, Assigned To and work ID; Assigned to Me only for reviewers', () => {
    const creator = render(<DisputeFiltersPanel filters={{ ...DEFAULT_FILTERS, assignedTo: 'unassigned' }} canFilterAssignee={false} onChange={noop} />);
    for (const label of ['Status', 'Dispute type', 'Priority', 'Assigned To', 'Work ID']) expect(creator).toContain(`>${label}</label>`);
    expect(creator).toContain('Unassigned');
    expect(creator).not.toContain('Assigned to Me');
    const reviewer = render(<DisputeFiltersPanel filters={{ ...DEFAULT_FILTERS, assignedTo: 'me' }} canFilterAssignee onChange={noop} />);
    expect(reviewer).toContain('Assigned to Me');
  });
});

describe('a row', () => {
  it('shows type icon, subject, badges, work and claimant, rights, the frozen assets box, time, counts and assignee', () => {
    const html = render(<DisputeRow dispute={dispute({ createdAt: '2026-11-24T10:00:00.000Z' })} now={now} onOpen={noop} />);
    expect(html).toContain('pi-copy');
    expect(html).toContain('My melody in the chorus');
    expect(html).toContain('>Open<');
    expect(html).toContain('>High<');
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('claimed by bob');
    expect(html).toContain('>Reproduction<');
    expect(html).toContain('Assets Frozen');
    expect(html).toContain('Payouts frozen');
    expect(html).toContain('Licensing frozen');
    expect(html).toContain('$1,234.50');
    expect(html).toContain('2 days ago');
    expect(html).toContain('1 document');
    expect(html).toContain('1 message');
    expect(html).toContain('Unassigned');
  });

  it('offers View Details always, Add Evidence when allowed, Messages only when there are any', () => {
    const html = render(<DisputeRow dispute={dispute()} now={now} onOpen={noop} />);
    expect(html).toContain('View Details');
    expect(html).toContain('Add Evidence');
    expect(html).toContain('>Messages<');
    const auditor = render(<DisputeRow dispute={dispute({ messages: [], assignedToName: 'rita', frozenAssets: { payoutsFreeze: false, licensingFreeze: false, estimatedValue: 0 }, viewer: { isClaimant: false, roles: ['auditor'], allowedActions: [] } })} now={now} onOpen={noop} />);
    expect(auditor).not.toContain('Add Evidence');
    expect(auditor).not.toContain('>Messages<');
    expect(auditor).not.toContain('Assets Frozen');
    expect(auditor).toContain('rita');
  });
});

describe('file dialog', () => {
  it('has the work picker, type, priority (medium), subject, description (4 rows) and claimed rights', () => {
    const html = render(<FileDisputeForm onCancel={noop} onFiled={noop} />);
    for (const label of ['Work', 'Dispute type', 'Priority', 'Subject', 'Description', 'Claimed rights']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('Search the registry, or type the work&#x27;s ID');
    expect(html).toContain('Medium');
    expect(html).toMatch(/<textarea[^>]*rows="4"/);
    expect(html).toContain('File Dispute');
    expect(html).toContain('The case is listed in the owner&#x27;s Disputes tab; no notification is sent to them.');
    expect(html).not.toContain('tells the owner');
  });

  it('checks the request with the contract before sending, in its words', () => {
    expect(fileRequestFrom(EMPTY_FORM)).toEqual({ ok: false, error: 'Choose the work the dispute is about' });
    expect(fileRequestFrom({ ...EMPTY_FORM, work: 'track-1' })).toEqual({ ok: false, error: 'Choose a dispute type' });
    expect(fileRequestFrom({ ...EMPTY_FORM, work: 'track-1', disputeType: 'false_dmca', subject: 'S' })).toEqual({ ok: false, error: 'Description is required' });
    const checked = fileRequestFrom({ ...EMPTY_FORM, work: 'track-1', disputeType: 'false_dmca', subject: ' S ', description: 'D', claimedRights: ['adaptation'] });
    expect(checked).toEqual({ ok: true, request: { workId: 'track-1', disputeType: 'false_dmca', priority: 'medium', subject: 'S', description: 'D', claimedRights: ['adaptation'] } });
  });

  it('confirms the filing with every automatic action the server took', () => {
    const html = render(
      <FiledConfirmation
        disputeId="dsp-9"
        autoActions={[
          { action: 'case_opened', detail: 'Case dsp-9 opened' },
          { action: 'licensing_frozen', detail: 'Licensing of Midnight Rain frozen: purchases are refused' },
          { action: 'owner_notified', detail: 'alice was told in the app (no mail server is configured)' },
        ]}
        onOpenCase={noop}
        onClose={noop}
      />,
    );
    expect(html).toContain('Dispute #dsp-9 is filed.');
    expect(html).toContain('Licensing of Midnight Rain frozen: purchases are refused');
    expect(html).toContain("The case is listed in the owner&#x27;s Disputes tab; no notification is sent to them");
    expect(html).not.toMatch(/notified|was told/);
  });
});

describe('case dialog', () => {
  it('has the five tabs', () => {
    const html = render(<DisputeDetails dispute={dispute()} tab="overview" onTab={noop} />);
    for (const tab of ['Overview', 'Evidence (1)', 'Messages (1)', 'Timeline', 'Resolution']) expect(html).toContain(`>${tab}<`);
  });

  it('counts down to each open deadline and says what happens when it passes', () => {
    const html = render(<OverviewTab dispute={dispute()} now={new Date('2026-11-26T09:00:00.000Z')} />);
    expect(html).toContain('29 days 23 h left to answer');
    expect(html).toContain('Unanswered, the claim is upheld by default');
    expect(html).toContain('Replay the case&#x27;s history');
  });

  it('shows only the actions the server allows', () => {
    const respondent = render(<DisputeActions dispute={dispute({ viewer: { isClaimant: false, isRespondent: true, allowedActions: ['respond', 'add_evidence', 'message'] } })} />);
    expect(respondent).toContain('>Answer<');
    expect(respondent).not.toContain('Assign to me');
    expect(respondent).not.toContain('>Resolve<');
    const reviewer = render(<DisputeActions dispute={dispute({ viewer: { isClaimant: false, roles: ['reviewer'], allowedActions: ['assign'] } })} />);
    expect(reviewer).toContain('Assign to me');
    expect(reviewer).not.toContain('>Answer<');
    expect(render(<DisputeActions dispute={dispute({ viewer: { allowedActions: [] } })} />)).toBe('');
    const assigned = render(<DisputeActions dispute={dispute({ viewer: { isClaimant: false, isAssignedReviewer: true, roles: ['reviewer'], allowedActions: ['assign', 'resolve'] } })} />);
    expect(assigned).not.toContain('Assign to me');
    expect(assigned).toContain('>Resolve<');
  });

  it('shows the respondent’s answer in the overview and the timeline', () => {
    const answered = dispute({ answer: { answeredAt: '2026-11-27T10:00:00.000Z', byName: 'olivia', message: 'I wrote it in 2018' } });
    const overview = render(<OverviewTab dispute={answered} now={now} />);
    expect(overview).toContain('aria-label="The respondent&#x27;s answer"');
    expect(overview).toContain('I wrote it in 2018');
    const timeline = render(<TimelineTab dispute={answered} />);
    expect(timeline).toContain('Respondent Answered');
    expect(timeline).toContain('olivia: I wrote it in 2018');
  });

  it('resolves with outcome, details and compensation in dollars', () => {
    const html = render(<DisputeActions dispute={dispute({ viewer: { isAssignedReviewer: true, allowedActions: ['change_status', 'request_evidence', 'resolve'] } })} initiallyOpen="resolve" />);
    expect(html).toContain('>Change status<');
    expect(html).toContain('>Request evidence<');
    expect(html).toContain('>Outcome</label>');
    expect(html).toContain('>Compensation ($)</label>');
    expect(html).toContain('>Details of the resolution</label>');
  });

  it('lists evidence with name, type, size in KB, date, description and View when downloadable; the add form when allowed', () => {
    const html = render(<EvidenceTab dispute={dispute()} />);
    expect(html).toContain('original-score.pdf');
    expect(html).toContain('>Document<');
    expect(html).toContain('20.0 KB');
    expect(html).toContain('The score as registered in 2019');
    expect(html).toContain('>View<');
    expect(html).toContain('New evidence');
    expect(html).toContain('File (up to 25 MB, optional)');
    const auditor = dispute({ viewer: { isClaimant: false, roles: ['auditor'], allowedActions: [] } });
    const documents = auditor.evidence.documents.map((document) => ({ ...document, downloadable: false }));
    const auditorHtml = render(<EvidenceTab dispute={{ ...auditor, evidence: { documents } }} />);
    expect(auditorHtml).toContain('original-score.pdf');
    expect(auditorHtml).not.toContain('>View<');
    expect(auditorHtml).not.toContain('Add Evidence');
  });

  it('lists messages with sender, type, time and text, and a box to send when allowed', () => {
    const html = render(<MessagesTab dispute={dispute()} />);
    expect(html).toContain('bob');
    expect(html).toContain('>Claimant<');
    expect(html).toContain('Please compare bars 12 to 20.');
    expect(html).toContain('>Send<');
    expect(render(<MessagesTab dispute={dispute({ viewer: { allowedActions: [] } })} />)).not.toContain('>Send<');
  });

  it('shows the timeline, and the resolution or Dispute resolution pending', () => {
    const timeline = render(<TimelineTab dispute={dispute()} />);
    expect(timeline).toContain('Dispute Filed');
    expect(timeline).toContain('Evidence Submitted');
    expect(render(<ResolutionTab dispute={dispute()} />)).toContain('Dispute resolution pending');
    const resolved = render(
      <ResolutionTab
        dispute={dispute({
          status: 'resolved',
          resolution: { outcome: 'upheld', details: 'No answer came', compensationAmount: 25.5, compensationNote: 'The contract had $25.50 pending', resolvedAt: '2026-12-26T08:00:00.000Z', resolvedByName: 'GOOSE', byDefault: true, appealUntil: '2027-01-02T08:00:00.000Z' },
        })}
      />,
    );
    expect(resolved).toContain('Upheld (for the claimant)');
    expect(resolved).toContain('by default');
    expect(resolved).toContain('$25.50');
    expect(resolved).toContain('The contract had $25.50 pending');
  });
});

describe('oracle review', () => {
  it('mounts the review panel on an oracle_review case only', () => {
    const review = dispute({ kind: 'oracle_review', viewer: { isClaimant: false, isAssignedReviewer: true, roles: ['reviewer'], allowedActions: ['review_decision', 'message'] } });
    expect(render(<OverviewTab dispute={review} now={now} />)).toContain('Loading the review material...');
    expect(render(<OverviewTab dispute={dispute()} now={now} />)).not.toContain('review material');
  });
});
