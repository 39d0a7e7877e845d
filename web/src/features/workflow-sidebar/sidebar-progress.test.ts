import { describe, expect, it } from 'vitest';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { lifecycleSteps, type StepStatus } from '../../../../domain/track/lifecycle';
import { release } from '../../lib/distribution/distribution.fixture';
import { copyrightCheck, vaultItem, workflowSteps } from '../../lib/track/vault-item.fixture';
import { trackProgress } from './sidebar-progress';

/** A vault item whose server-reported lifecycle steps have these statuses. */
const withSteps = (statuses: Partial<Record<string, StepStatus | null>>, overrides: Partial<VaultItem> = {}) =>
  vaultItem({ ...overrides, workflow: { ...vaultItem().workflow, steps: workflowSteps(statuses) } });

const fresh = vaultItem();
const registered = { master: 'completed', oracle: 'completed', register: 'completed', certificate: 'completed', vault: 'completed' } as const;

const statuses = (item: VaultItem) => Object.fromEntries(trackProgress(item).steps.map((step) => [step.id, step.status]));

describe('trackProgress', () => {
  it('starts with creation complete and mastering current', () => {
    const progress = trackProgress(fresh);
    expect(statuses(fresh)).toEqual({ creation: 'completed', mastering: 'pending', copyright: 'pending', vault: 'pending', distribution: 'pending' });
    expect(progress.percent).toBe(20);
    expect(progress.current).toBe('mastering');
  });

  it("completes mastering, copyright (cleared) and vault from the server's steps", () => {
    const track = withSteps(registered, { trackStatus: 'in_vault' });
    const progress = trackProgress(track);
    expect(progress.percent).toBe(80);
    expect(progress.current).toBe('distribution');
    expect(trackProgress(withSteps({ ...registered, vault: 'pending' }, { trackStatus: 'copyrighted' })).percent).toBe(80);
    expect(trackProgress(track, release({ status: 'distributed' }))).toMatchObject({ percent: 100, current: null });
  });

  it('does not count a running, failed or uncleared step as complete', () => {
    expect(statuses(withSteps({ master: 'running' })).mastering).toBe('in_progress');
    expect(statuses(withSteps({ master: 'failed' })).mastering).toBe('failed');
    expect(statuses(withSteps({ oracle: 'running' })).copyright).toBe('in_progress');
    expect(statuses(withSteps({ oracle: 'failed' }, { copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'conflict' }) })).copyright).toBe('failed');
    expect(statuses(withSteps({}, { copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'needs_review' }) })).copyright).toBe('held');
    expect(statuses(withSteps({ master: 'completed' }, { trackStatus: 'mastered' })).vault).toBe('pending');
  });

  it('counts a held check a reviewer cleared as complete from the server\'s completed oracle step, as the workflow card does', () => {
    const review = { disputeId: 'review-c1', openedAt: '2026-11-20T10:00:00.000Z', decision: { outcome: 'cleared' as const, details: 'A common progression', reviewerName: 'rita', decidedAt: '2026-11-21T10:00:00.000Z' } };
    expect(statuses(withSteps({ oracle: 'completed' }, { copyrightCheck: copyrightCheck({ status: 'completed', verdict: 'needs_review', review }) })).copyright).toBe('completed');
  });

  it('shows a registration on its way, or failed, at the vault step', () => {
    expect(statuses(withSteps({ oracle: 'completed', register: 'running' })).vault).toBe('in_progress');
    expect(statuses(withSteps({ oracle: 'completed', register: 'failed' })).vault).toBe('failed');
  });

  it('takes the first step that is not complete as current, even when a later one is', () => {
    const skippedMastering = withSteps({ oracle: 'completed', register: 'completed', certificate: 'completed' }, { trackStatus: 'copyrighted' });
    expect(trackProgress(skippedMastering)).toMatchObject({ percent: 60, current: 'mastering' });
  });

  it('leaves mastering out for a file without audio', () => {
    const image = withSteps({ master: null }, { contentType: 'image' });
    expect(statuses(image).mastering).toBe('not_applicable');
    expect(trackProgress(image)).toMatchObject({ percent: 25, current: 'copyright' });
  });

  it('sends each step to its tab', () => {
    const tabs = Object.fromEntries(trackProgress(fresh).steps.map((step) => [step.id, step.tab]));
    expect(tabs).toEqual({ creation: 'upload', mastering: 'mastering', copyright: 'oracle', vault: 'vault', distribution: 'distributions' });
  });

  it('fails creation when intake failed', () => {
    const failedIntake = vaultItem({ workflow: { ...vaultItem().workflow, steps: lifecycleSteps(1, true) } });
    expect(trackProgress(failedIntake).steps[0]).toMatchObject({ status: 'failed', note: 'The upload could not be stored' });
  });

  it("completes distribution only when the track's release is live on its platforms", () => {
    const item = withSteps(registered, { trackStatus: 'in_vault' });
    const distribution = (shown: ReturnType<typeof release> | null) => trackProgress(item, shown).steps.find((step) => step.id === 'distribution');
    expect(distribution(null)).toMatchObject({ status: 'pending', note: null });
    expect(distribution(release({ status: 'pending' }))).toMatchObject({ status: 'in_progress', note: 'Submitted, waiting for the distributor' });
    expect(distribution(release({ status: 'uploaded' }))?.status).toBe('in_progress');
    expect(distribution(release({ status: 'failed' }))?.status).toBe('failed');
    expect(distribution(release({ status: 'taken_down' }))).toMatchObject({ status: 'pending', note: 'Taken down' });
    expect(distribution(release({ status: 'distributed' }))).toMatchObject({ status: 'completed', note: null });
    expect(distribution(release({ status: 'distributed', distributor: 'sandbox' }))).toMatchObject({ status: 'pending', note: 'Sandbox only: no store received it' });
  });
});
