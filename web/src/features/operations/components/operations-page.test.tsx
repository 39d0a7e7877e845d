// What the operations page shows, read from its rendered HTML: failed registrations with their
// result codes, relative times and a Retry button; anchors and payouts without one; Temporal not
// reachable said plainly; the outbox's undelivered mail; and the page refused to a non-operator.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LedgerFailuresResponse } from '../../../../../domain/contracts/operations';
import { CURRENT_USER_KEY, MY_ROLES_KEY } from '../../../lib/query-keys';
import { LedgerFailures, OperationsPage, Outbox, TroubledWorkflows, WaitingDeliveries } from './operations-page';

const now = new Date('2026-11-26T12:00:00.000Z');
const noop = () => undefined;

function render(node: ReactNode, queryClient = new QueryClient()): string {
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

const failures: LedgerFailuresResponse = {
  registrations: [{ trackId: 't1', title: 'Night Drive', ownerId: 'u1', ownerName: 'ada', resultCode: 'tecNO_DST', reason: 'The ledger refused it', txHash: null, failedAt: '2026-11-26T11:57:00.000Z', retries: 1 }],
  contractAnchors: [{ contractId: 'c1', contentId: 't2', contentTitle: 'Harbour', ownerId: 'u2', ownerName: 'bea', network: 'testnet', resultCode: 'tecUNFUNDED_PAYMENT', reason: 'Not accepted', txHash: null, createdAt: '2026-11-25T12:00:00.000Z' }],
  payouts: [{ contractId: 'c1', contentTitle: 'Harbour', ownerId: 'u2', runId: 'r1', lineIndex: 0, recipient: 'Cy', amountCents: 1250, method: 'recorded', resultCode: null, reason: 'recorded unpaid', at: '2026-11-26T09:00:00.000Z' }],
  notes: ['A contract anchor the ledger refused has no retry path here.'],
};

describe('operations page', () => {
  it('lists releases waiting for the delivery partner with why, since when, and a Retry', () => {
    const data = {
      partner: 'Acme Distribution',
      waiting: [{ distributionId: 'd1', songName: 'Night Drive', ownerId: 'u1', ownerName: 'ada', since: '2026-11-26T11:50:00.000Z', reason: 'The delivery partner Acme Distribution could not be reached over SFTP: connect ECONNREFUSED' }],
      note: 'Retry tries now.',
    };
    const html = render(<WaitingDeliveries data={data} now={now} onRetry={noop} retrying={null} retryResult={{ distributionId: 'd1', ok: true, text: '"Night Drive" tries its delivery again now' }} />);
    expect(html).toContain('Night Drive');
    expect(html).toContain('ECONNREFUSED');
    expect(html).toContain('waiting since 10 minutes ago');
    expect(html.match(/>Retry</g)).toHaveLength(1);
    expect(html).toContain('tries its delivery again now');
    expect(render(<WaitingDeliveries data={{ ...data, waiting: [] }} onRetry={noop} retrying={null} retryResult={null} />)).toContain('No release is waiting for Acme Distribution.');
  });

  it('lists failed registrations with result code, relative time and Retry; anchors and payouts without Retry', () => {
    const html = render(<LedgerFailures data={failures} now={now} onRetry={noop} retrying={null} retryResult={null} />);
    expect(html).toContain('tecNO_DST');
    expect(html).toContain('failed 3 minutes ago');
    expect(html).toContain('retried 1×');
    expect(html.match(/>Retry</g)).toHaveLength(1);
    expect(html).toContain('tecUNFUNDED_PAYMENT');
    expect(html).toContain('$12.50 to Cy');
    expect(html).toContain('no result code');
    expect(html).toContain('has no retry path here');
  });

  it('shows the retry\'s answer beside the registration', () => {
    const html = render(<LedgerFailures data={failures} now={now} onRetry={noop} retrying={null} retryResult={{ trackId: 't1', ok: false, text: 'Only a failed registration can be retried' }} />);
    expect(html).toContain('Only a failed registration can be retried');
  });

  it('says plainly when Temporal is not reachable, and lists failing workflows when it is', () => {
    expect(render(<TroubledWorkflows data={{ reachable: false, error: 'connection refused', workflows: [] }} />)).toContain('Temporal is not reachable: connection refused');
    const html = render(
      <TroubledWorkflows
        now={now}
        data={{ reachable: true, error: null, workflows: [{ workflowId: 'track-t1', runId: 'r', type: 'trackLifecycle', status: 'RUNNING', startedAt: '2026-11-26T10:00:00.000Z', problem: 'activity_failing', activity: 'registerOnLedger', attempt: 4, lastFailure: 'ECONNREFUSED', since: '2026-11-26T11:00:00.000Z' }] }}
      />,
    );
    expect(html).toContain('Activity failing');
    expect(html).toContain('registerOnLedger, attempt 4');
    expect(html).toContain('1 hour ago');
  });

  it('shows the outbox as undelivered mail with its links', () => {
    const html = render(<Outbox now={now} data={{ transport: 'outbox', note: 'never delivered', messages: [{ messageId: 'm1', kind: 'royalty-invitation', to: 'ana@example.com', subject: 'Join', link: 'https://goose.example/i/1', createdAt: '2026-11-24T12:00:00.000Z' }] }} />);
    expect(html).toContain('never delivered');
    expect(html).toContain('To ana@example.com');
    expect(html).toContain('2 days ago');
    expect(html).toContain('href="https://goose.example/i/1"');
  });

  it('refuses the page to a signed-in user without the operator role', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, { id: 'u1', username: 'ada', tokenBalance: 0, xrplWallet: null, createdAt: now.toISOString() });
    queryClient.setQueryData([...MY_ROLES_KEY, 'u1'], ['creator', 'reviewer']);
    expect(render(<OperationsPage />, queryClient)).toContain('it needs the operator role');
  });
});
