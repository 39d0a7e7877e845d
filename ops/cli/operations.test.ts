// The ops CLI's operations output: failed ledger steps with their result codes and what cannot be
// retried, and Temporal's answer — said plainly when it could not be reached.
import { describe, expect, it } from 'vitest';
import { formatLedgerFailures, formatWorkflows } from './operations';

describe('ops CLI: ledger-failures and workflows', () => {
  it('lists each failure with its result code and the notes', () => {
    const text = formatLedgerFailures({
      registrations: [{ trackId: 't1', title: 'Night Drive', ownerId: 'u1', ownerName: 'ada', resultCode: 'tecNO_DST', reason: 'refused', txHash: null, failedAt: '2026-11-26T11:00:00.000Z', retries: 2 }],
      contractAnchors: [],
      payouts: [{ contractId: 'c1', contentTitle: 'Harbour', ownerId: 'u2', runId: 'r1', lineIndex: 0, recipient: 'Cy', amountCents: 1250, method: 'recorded', resultCode: null, reason: 'recorded unpaid', at: null }],
      notes: ['No retry path for anchors.'],
    });
    expect(text).toContain('registrations (1):');
    expect(text).toMatch(/tecNO_DST\s+t1 {2}"Night Drive" by ada: refused \(retried 2x\)/);
    expect(text).toContain('contract anchors (0):');
    expect(text).toContain('$12.50 to Cy');
    expect(text).toContain('No retry path for anchors.');
  });

  it('says when Temporal is not reachable, or lists the troubled runs', () => {
    expect(formatWorkflows({ reachable: false, error: 'connection refused', workflows: [] })).toBe('Temporal is not reachable: connection refused');
    expect(formatWorkflows({ reachable: true, error: null, workflows: [] })).toBe('No stuck or failing workflows.');
    const text = formatWorkflows({ reachable: true, error: null, workflows: [{ workflowId: 'w1', runId: 'r', type: 'trackLifecycle', status: 'RUNNING', startedAt: '2026-11-26T10:00:00.000Z', problem: 'activity_failing', activity: 'register', attempt: 3, lastFailure: 'timeout', since: null }] });
    expect(text).toBe('activity_failing w1 (trackLifecycle, RUNNING) register attempt 3: timeout');
  });
});
