import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { checkOutcomeToast, contractFailure } from './outcome-toasts';
import { copyrightCheck } from './vault-item.fixture';

const passage = {
  workId: 'w1',
  title: 'Harbour Lights',
  owner: 'alice',
  registeredAt: '2026-03-12T09:00:00.000Z',
  kind: 'melody' as const,
  similarity: 71,
  upload: { startSeconds: 42, endSeconds: 70 },
  work: { startSeconds: 65, endSeconds: 93 },
};

describe('copyright check toasts', () => {
  it('tells a hold for review from a conflict', () => {
    const reason = 'A melody like “Harbour Lights” by alice';
    const held = checkOutcomeToast({ success: false, reason, check: copyrightCheck({ status: 'completed', verdict: 'needs_review', reason, passages: [passage] }) });
    expect(held).toEqual({ severity: 'warn', summary: 'Held for Review', detail: `${reason}. See the passage it found; you can request a review or run the check again.` });
    const conflict = checkOutcomeToast({ success: false, reason: 'Same recording', check: copyrightCheck({ status: 'failed', verdict: 'conflict', reason: 'Same recording' }) });
    expect(conflict).toMatchObject({ severity: 'error', summary: 'Copyright Conflict Detected', detail: 'Analysis failed: Same recording' });
  });
});

describe('contract creation failures', () => {
  it('reads the funding amounts out of a WALLET_NOT_FUNDED refusal', () => {
    const refused = new ApiError(402, JSON.stringify({ error: 'WALLET_NOT_FUNDED:16.9:49.95' }), 'Payment Required');
    expect(contractFailure(refused)).toEqual({ kind: 'wallet_not_funded', xrpAmount: '16.9', usdAmount: '49.95' });
  });

  it("reports anything else as 'Contract Creation Failed' with the server's error", () => {
    const refused = new ApiError(409, JSON.stringify({ error: 'Only registered content can have a contract' }), 'Conflict');
    expect(contractFailure(refused)).toEqual({
      kind: 'error',
      toast: { severity: 'error', summary: 'Contract Creation Failed', detail: 'Only registered content can have a contract' },
    });
  });
});
