import { describe, expect, it } from 'vitest';
import { lifecycleSteps } from '../../../../domain/track/lifecycle';
import { copyrightCheck, vaultItem, workflowSteps } from '../../lib/track/vault-item.fixture';
import { failureDetails, isWorkflowActive, ledgerWait, trackWorkflowStatus, workflowStatusDisplay } from './workflow-status';

describe('track workflow status', () => {
  it("follows pending → mastering → mastered → analyzing → registered, as the server's steps report them", () => {
    const intake = vaultItem({ trackStatus: 'processing', workflow: { ...vaultItem().workflow, stage: 'intake', steps: lifecycleSteps(1) } });
    expect(trackWorkflowStatus(intake)).toBe('intake');
    expect(trackWorkflowStatus(vaultItem())).toBe('pending');
    const mastering = vaultItem({ trackStatus: 'mastering', mastering: { masterId: 'm', kind: 'master', running: true, steps: [], results: null, error: null } });
    expect(trackWorkflowStatus(mastering)).toBe('mastering');
    expect(isWorkflowActive(mastering)).toBe(true);
    const mastered = vaultItem({ trackStatus: 'mastered', landrMasterStatus: 'completed', workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed' }) } });
    expect(trackWorkflowStatus(mastered)).toBe('mastered');
    expect(isWorkflowActive(mastered)).toBe(false);
    const analyzing = { ...mastered, copyrightCheck: copyrightCheck({ status: 'analyzing' }), workflow: { ...mastered.workflow, steps: workflowSteps({ master: 'completed', oracle: 'running' }) } };
    expect(trackWorkflowStatus(analyzing)).toBe('analyzing');
    expect(isWorkflowActive(analyzing)).toBe(true);
    expect(trackWorkflowStatus({ ...mastered, xrplTxHash: 'A1B2C3D4E5F6A7B8' })).toBe('registered');
  });

  it('reports a failure with its reason and similarity score', () => {
    const failed = vaultItem({
      trackStatus: 'failed',
      xrplTxHash: null,
      copyrightResult: { reason: 'Melody matches a registered work', similarity: 91 },
      workflow: { id: 'w', stage: 'oracle', stageLabel: 'failed', steps: [{ name: 'oracle', status: 'failed' }], failureReason: 'Melody matches a registered work' },
    });
    expect(trackWorkflowStatus(failed)).toBe('failed');
    expect(failureDetails(failed)).toEqual({ step: 'oracle', reason: 'Melody matches a registered work', similarity: 91 });
  });

  it('shows a track the check held for review as held, not failed and not running', () => {
    const held = vaultItem({ trackStatus: 'mastered', landrMasterStatus: 'completed', copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'needs_review', checkId: 'c1' }) });
    expect(trackWorkflowStatus(held)).toBe('held');
    expect(isWorkflowActive(held)).toBe(false);
    const rechecking = { ...held, copyrightCheck: copyrightCheck({ status: 'analyzing', verdict: null, checkId: 'c2' }), workflow: { ...held.workflow, steps: workflowSteps({ master: 'completed', oracle: 'running' }) } };
    expect(trackWorkflowStatus(rechecking)).toBe('analyzing');
  });

  it('stands a hold cleared on review (by a reviewer, or by the holders of the matched references) at registration', () => {
    const decision = { outcome: 'cleared' as const, details: 'Released by the holder', reviewerName: 'label', decidedAt: '2026-11-29T21:00:00.000Z' };
    const cleared = vaultItem({
      trackStatus: 'mastered',
      landrMasterStatus: 'completed',
      copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'needs_review', checkId: 'c1', review: { disputeId: 'review-c1', openedAt: '2026-11-29T20:00:00.000Z', decision } }),
      workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed', oracle: 'completed' }) },
    });
    expect(trackWorkflowStatus(cleared)).toBe('mastered');
  });

  it('calls a registration Registered only once the ledger holds it; signed and waiting says so', () => {
    const registration = (ledgerStatus: 'validated' | 'submitted' | 'awaiting_submission') => ({
      network: 'testnet',
      account: 'rPlatform',
      ledgerStatus,
      resultCode: null,
      note: null,
      explorer: { xrpscan: 'https://testnet.xrpscan.com/tx/AB', xrplorer: null, bithomp: null, xrplOrg: null },
    });
    const registered = (ledgerStatus: 'validated' | 'submitted' | 'awaiting_submission') =>
      vaultItem({ trackStatus: 'copyrighted', xrplTxHash: 'AB'.repeat(32), registration: registration(ledgerStatus) });
    expect(workflowStatusDisplay(registered('awaiting_submission')).label).toBe('Signed, waiting for the ledger');
    expect(ledgerWait(registered('awaiting_submission'))).toBe('signed');
    expect(workflowStatusDisplay(registered('submitted')).label).toBe('Sent, awaiting ledger validation');
    expect(workflowStatusDisplay(registered('validated')).label).toBe('Registered');
    expect(ledgerWait(registered('validated'))).toBeNull();
  });
});
