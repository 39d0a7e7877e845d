import { describe, expect, it } from 'vitest';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { isMasterable } from '../../lib/track/workflow-steps';
import { completionMessage, DEFAULT_COMPLETION_MESSAGE, milestoneDetail, milestoneForEvent, nextStep, runningSteps, TASKS } from './milestones';

type Item = Parameters<typeof milestoneForEvent>[1] & Pick<VaultItem, 'registration' | 'workflow'>;

const item = (overrides: Partial<NonNullable<Item>> = {}): NonNullable<Item> => ({
  generationId: null,
  mastering: null,
  landrMasterStatus: null,
  copyrightCheck: null,
  registration: null,
  workflow: { id: 'w', stage: 'master', stageLabel: 'Ready for mastering', steps: [{ name: 'master', status: 'pending' }], failureReason: null },
  ...overrides,
});

const check = (status: 'completed' | 'failed', verdict: string) => ({ status, verdict }) as NonNullable<VaultItem['copyrightCheck']>;
const mastering = (kind: 'preview' | 'master', running = false) => ({ masterId: 'm', kind, running, steps: [], results: null, error: null });

describe('milestoneForEvent', () => {
  it('maps the lifecycle events to their tasks', () => {
    expect(milestoneForEvent('TrackProbed', null)).toBe('upload');
    expect(milestoneForEvent('TrackProbed', item())).toBe('upload');
    expect(milestoneForEvent('TrackRegistrationSubmitted', null)).toBe('xrpl-registry');
    expect(milestoneForEvent('TrackStoredInVault', null)).toBe('vault');
    expect(milestoneForEvent('TrackMasteringProgressed', item())).toBeNull();
    expect(milestoneForEvent('TrackCopyrightCheckFailed', item())).toBeNull();
  });

  it('completes the AI creation, not an upload, when the studio generated the track', () => {
    const task = milestoneForEvent('TrackProbed', item({ generationId: 'gen-1' }));
    expect(task).toBe('ai-creation');
    expect(completionMessage(task!)).toBe('Your AI track has been created.');
    expect(nextStep(task!)).toMatchObject({ label: 'Go to Mastering', tab: 'mastering' });
  });

  it('counts mastering only for a finished master, not a preview', () => {
    expect(milestoneForEvent('TrackMastered', item({ mastering: mastering('master'), landrMasterStatus: 'completed' }))).toBe('mastering');
    expect(milestoneForEvent('TrackMastered', item({ mastering: mastering('preview'), landrMasterStatus: null }))).toBeNull();
    expect(milestoneForEvent('TrackMastered', null)).toBeNull();
  });

  it('counts the copyright analysis only when it cleared the track', () => {
    expect(milestoneForEvent('TrackCopyrightChecked', item({ copyrightCheck: check('completed', 'cleared') }))).toBe('copyright-analysis');
    expect(milestoneForEvent('TrackCopyrightChecked', item({ copyrightCheck: check('failed', 'conflict') }))).toBeNull();
    expect(milestoneForEvent('TrackCopyrightChecked', null)).toBeNull();
  });
});

describe('next steps', () => {
  it('follows the guided order, switching to the tab of each step', () => {
    expect(nextStep('ai-creation')?.tab).toBe('mastering');
    expect(nextStep('upload')).toMatchObject({ label: 'Master Track (optional)', tab: 'mastering' });
    expect(nextStep('mastering')).toMatchObject({ label: 'Run Copyright Analysis', tab: 'oracle' });
    expect(nextStep('copyright-analysis')).toMatchObject({ label: 'Register on XRPL', tab: 'vault' });
    expect(nextStep('xrpl-registry')).toMatchObject({ label: 'Move to Vault', tab: 'vault' });
    expect(nextStep('vault')).toMatchObject({ label: 'Publish', tab: 'distributions' });
    expect(nextStep('distribution')).toBeNull();
    expect(nextStep('publish')).toBeNull();
  });

  it('never offers a step the track is already running', () => {
    const checking = item({ workflow: { ...item().workflow, steps: [{ name: 'master', status: 'completed' }, { name: 'oracle', status: 'running' }] } });
    expect(runningSteps(checking)).toEqual(['oracle']);
    expect(nextStep('mastering', { running: runningSteps(checking) })).toBeNull();
    expect(nextStep('upload', { masterable: false, running: runningSteps(checking) })).toBeNull();
    expect(nextStep('upload', { running: runningSteps(item({ mastering: mastering('master', true) })) })).toBeNull();
    expect(nextStep('copyright-analysis', { running: ['register'] })).toBeNull();
    expect(nextStep('upload', { running: ['oracle'] })).toMatchObject({ label: 'Master Track (optional)' });
  });

  it('skips mastering for a file without audio', () => {
    expect(nextStep('upload', { masterable: false })?.tab).toBe('oracle');
    expect(isMasterable(item({ workflow: { ...item().workflow, steps: [{ name: 'oracle', status: 'pending' }] } }))).toBe(false);
    expect(isMasterable(item())).toBe(true);
  });
});

describe('messages', () => {
  it('has a message for every task and a default', () => {
    for (const task of TASKS) expect(completionMessage(task)).not.toBe(DEFAULT_COMPLETION_MESSAGE);
    expect(completionMessage('something-else')).toBe(DEFAULT_COMPLETION_MESSAGE);
  });

  it('says plainly when a registration is only signed', () => {
    const registration = { network: 'testnet', account: 'r', ledgerStatus: 'awaiting_submission', resultCode: null, note: 'No ledger is configured.', explorer: null } as unknown as VaultItem['registration'];
    expect(milestoneDetail('xrpl-registry', item({ registration }))).toBe('Signed, awaiting ledger submission. No ledger is configured.');
    expect(milestoneDetail('vault', item({ registration }))).toBeNull();
  });
});
