import { describe, expect, it } from 'vitest';
import { masterStatusBadge } from './master-status';
import { release } from '../distribution/distribution.fixture';
import { copyrightCheck, vaultItem, workflowSteps } from './vault-item.fixture';
import { checkUnavailableReason, currentStep, isCopyrightCleared, startingStep, stepStates } from './workflow-steps';

const registration = { network: 'testnet', account: 'rAccount', resultCode: null, note: null, explorer: { xrpscan: null, xrplorer: null, bithomp: null, xrplOrg: null } };

describe('per-track workflow steps', () => {
  it('starts each track status at the step it still needs (a mastered track at copyright, ...)', () => {
    expect(startingStep('generated')).toBe('master');
    expect(startingStep('completed')).toBe('master');
    expect(startingStep('mastered')).toBe('copyright');
    expect(startingStep('copyrighted')).toBe('vault');
    expect(startingStep('in_vault')).toBe('contract');
    expect(startingStep('contracted')).toBe('distribute');
    expect(startingStep('expired')).toBe('master');
  });

  it('moves on from a finished master and from a passed check, as the server\'s steps report them', () => {
    const mastered = vaultItem({ trackStatus: 'mastered', landrMasterStatus: 'completed', landrMasterId: 'm1', workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed' }) } });
    expect(currentStep(mastered)).toBe('copyright');
    const cleared = {
      ...mastered,
      copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'cleared', clearanceScore: 92 }),
      workflow: { ...mastered.workflow, steps: workflowSteps({ master: 'completed', oracle: 'completed' }) },
    };
    expect(stepStates(cleared).copyright).toBe('completed');
    expect(currentStep(cleared)).toBe('vault');
  });

  it('counts a held or contested check as cleared only when the server reports its oracle step completed (as it does once a reviewer cleared it)', () => {
    const review = (outcome: 'cleared' | 'refused' | null) => ({
      disputeId: 'review-c1',
      openedAt: '2026-11-20T10:00:00.000Z',
      decision: outcome ? { outcome, details: 'A common progression', reviewerName: 'rita', decidedAt: '2026-11-21T10:00:00.000Z' } : null,
    });
    const contested = (outcome: 'cleared' | 'refused' | null, oracle: 'failed' | 'completed') =>
      vaultItem({
        landrMasterStatus: 'completed',
        copyrightCheck: copyrightCheck({ status: 'failed', verdict: 'conflict', review: review(outcome) }),
        workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed', oracle }) },
      });
    expect(isCopyrightCleared(contested(null, 'failed'))).toBe(false);
    expect(isCopyrightCleared(contested('refused', 'failed'))).toBe(false);
    expect(isCopyrightCleared(contested('cleared', 'completed'))).toBe(true);
    expect(stepStates(contested('cleared', 'completed')).copyright).toBe('completed');
    // The client adds nothing to the server's steps: a decision the server does not count is not counted.
    const held = (oracle: 'pending' | 'completed') =>
      vaultItem({
        landrMasterStatus: 'completed',
        copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'needs_review', review: review('cleared') }),
        workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: 'completed', oracle }) },
      });
    expect(isCopyrightCleared(held('completed'))).toBe(true);
    expect(isCopyrightCleared(held('pending'))).toBe(false);
  });

  it('stands at the failed step, and counts the vault as done once the certificate is issued', () => {
    const conflict = vaultItem({
      trackStatus: 'failed',
      landrMasterStatus: 'completed',
      copyrightCheck: copyrightCheck({ status: 'failed', verdict: 'conflict' }),
      workflow: { id: 'w', stage: 'oracle', stageLabel: 'failed', steps: [{ name: 'oracle', status: 'failed' }], failureReason: 'Matches a registered work' },
    });
    expect(currentStep(conflict)).toBe('copyright');
    expect(stepStates(conflict).copyright).toBe('failed');

    const registered = workflowSteps({ master: 'completed', oracle: 'completed', register: 'completed', certificate: 'completed', vault: 'completed' });
    const inVault = vaultItem({
      trackStatus: 'in_vault',
      landrMasterStatus: 'completed',
      xrplTxHash: 'ABC',
      registration: { ...registration, ledgerStatus: 'awaiting_submission' },
      workflow: { ...vaultItem().workflow, steps: registered },
    });
    expect(stepStates(inVault).vault).toBe('completed');
    expect(stepStates(inVault).contract).toBe('pending');
    expect(currentStep(inVault)).toBe('contract');
  });

  it('moves to distribute once a contract covers the track, and follows its release', () => {
    const registered = workflowSteps({ master: 'completed', oracle: 'completed', register: 'completed', certificate: 'completed', vault: 'completed' });
    const inVault = vaultItem({
      trackStatus: 'in_vault',
      landrMasterStatus: 'completed',
      xrplTxHash: 'ABC',
      registration: { ...registration, ledgerStatus: 'validated' },
      workflow: { ...vaultItem().workflow, steps: registered },
    });
    const contracted = { hasContract: true, release: null };
    expect(stepStates(inVault, contracted).contract).toBe('completed');
    expect(currentStep(inVault, contracted)).toBe('distribute');
    expect(currentStep({ ...inVault, trackStatus: 'contracted' })).toBe('distribute');

    expect(stepStates(inVault, contracted).distribute).toBe('pending');
    expect(stepStates(inVault, { ...contracted, release: release({ status: 'pending' }) }).distribute).toBe('running');
    expect(stepStates(inVault, { ...contracted, release: release({ status: 'uploaded' }) }).distribute).toBe('running');
    expect(stepStates(inVault, { ...contracted, release: release({ status: 'failed' }) }).distribute).toBe('failed');
    expect(stepStates(inVault, { ...contracted, release: release({ status: 'taken_down' }) }).distribute).toBe('pending');
    const live = { ...contracted, release: release({ status: 'distributed' }) };
    expect(stepStates(inVault, live).distribute).toBe('completed');
    expect(currentStep(inVault, live)).toBe('distribute');
    // The sandbox reaches no store: its release never completes the step.
    expect(stepStates(inVault, { ...contracted, release: release({ status: 'distributed', distributor: 'sandbox' }) }).distribute).toBe('pending');
  });

  it('skips mastering where the server\'s workflow has no master step (nothing to master)', () => {
    const text = vaultItem({ contentType: 'text', workflow: { ...vaultItem().workflow, steps: workflowSteps({ master: null }) } });
    expect(stepStates(text).master).toBe('skipped');
    expect(currentStep(text)).toBe('copyright');
  });

  it('labels the master status badge GOOSE: <status>, processing and mastering alike', () => {
    expect(masterStatusBadge('processing').label).toBe('GOOSE: Processing');
    expect(masterStatusBadge('mastering').label).toBe('GOOSE: Processing');
    expect(masterStatusBadge('completed').label).toBe('GOOSE: Complete');
    expect(masterStatusBadge('failed').label).toBe('GOOSE: Failed');
    expect(masterStatusBadge('expired').label).toBe('GOOSE: Expired');
    expect(masterStatusBadge('queued').label).toBe('GOOSE: queued');
  });

  it('says why the copyright check cannot run on audio shorter than the oracle analyses, and only then', () => {
    const item = vaultItem();
    const short = { ...item, metadata: { ...item.metadata, duration: 2 } };
    expect(checkUnavailableReason(short)).toBe('The track is 2.0 s long; the copyright check needs at least 3 s of audio');
    expect(checkUnavailableReason(vaultItem())).toBeNull();
    expect(checkUnavailableReason({ ...short, contentType: 'image' })).toBeNull();
  });
});
