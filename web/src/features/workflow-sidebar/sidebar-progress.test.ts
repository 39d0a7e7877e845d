import { describe, expect, it } from 'vitest';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { release } from '../../lib/distribution/distribution.fixture';
import { fromVaultItem, trackProgress, type SidebarTrackInput } from './sidebar-progress';

const fresh: SidebarTrackInput = {
  source: 'uploaded',
  trackStatus: 'completed',
  creationFailed: false,
  masterable: true,
  landrMasterStatus: null,
  masteringRunning: false,
  copyrightStatus: 'pending',
  copyrightVerdict: null,
  distributionStatus: null,
};

const statuses = (track: SidebarTrackInput) => Object.fromEntries(trackProgress(track).steps.map((step) => [step.id, step.status]));

describe('trackProgress', () => {
  it('starts with creation complete and mastering current', () => {
    const progress = trackProgress(fresh);
    expect(statuses(fresh)).toEqual({ creation: 'completed', mastering: 'pending', copyright: 'pending', vault: 'pending', distribution: 'pending' });
    expect(progress.percent).toBe(20);
    expect(progress.current).toBe('mastering');
  });

  it('completes mastering, copyright (cleared) and vault from the real statuses', () => {
    const track = { ...fresh, landrMasterStatus: 'completed', copyrightStatus: 'completed', copyrightVerdict: 'cleared', trackStatus: 'in_vault' };
    const progress = trackProgress(track);
    expect(progress.percent).toBe(80);
    expect(progress.current).toBe('distribution');
    expect(trackProgress({ ...track, trackStatus: 'copyrighted' }).percent).toBe(80);
    expect(trackProgress({ ...track, distributionStatus: 'completed' })).toMatchObject({ percent: 100, current: null });
  });

  it('does not count a running, failed or uncleared step as complete', () => {
    expect(statuses({ ...fresh, masteringRunning: true }).mastering).toBe('in_progress');
    expect(statuses({ ...fresh, landrMasterStatus: 'failed' }).mastering).toBe('failed');
    expect(statuses({ ...fresh, copyrightStatus: 'analyzing' }).copyright).toBe('in_progress');
    expect(statuses({ ...fresh, copyrightStatus: 'completed', copyrightVerdict: 'conflict' }).copyright).toBe('failed');
    expect(statuses({ ...fresh, copyrightStatus: 'completed', copyrightVerdict: 'needs_review' }).copyright).toBe('held');
    expect(statuses({ ...fresh, trackStatus: 'mastered' }).vault).toBe('pending');
  });

  it('takes the first step that is not complete as current, even when a later one is', () => {
    const skippedMastering = { ...fresh, copyrightStatus: 'completed', copyrightVerdict: 'cleared', trackStatus: 'copyrighted' };
    expect(trackProgress(skippedMastering)).toMatchObject({ percent: 60, current: 'mastering' });
  });

  it('leaves mastering out for a file without audio', () => {
    const image = { ...fresh, masterable: false };
    expect(statuses(image).mastering).toBe('not_applicable');
    expect(trackProgress(image)).toMatchObject({ percent: 25, current: 'copyright' });
  });

  it('sends each step to its tab', () => {
    const tabs = Object.fromEntries(trackProgress(fresh).steps.map((step) => [step.id, step.tab]));
    expect(tabs).toEqual({ creation: 'upload', mastering: 'mastering', copyright: 'oracle', vault: 'vault', distribution: 'distributions' });
    expect(trackProgress({ ...fresh, source: 'generated' }).steps[0]?.tab).toBe('create');
  });
});

describe('fromVaultItem', () => {
  it('reads the statuses of a vault item', () => {
    const item = {
      trackStatus: 'mastered',
      landrMasterStatus: 'completed',
      mastering: { masterId: 'm', kind: 'master', running: false, steps: [], results: null, error: null },
      copyrightCheck: { status: 'analyzing', verdict: null },
      workflow: { steps: [{ name: 'probe', status: 'completed' }, { name: 'master', status: 'completed' }] },
    } as unknown as VaultItem;
    expect(fromVaultItem(item)).toMatchObject({ masterable: true, creationFailed: false, landrMasterStatus: 'completed', copyrightStatus: 'analyzing', masteringRunning: false });
    const failedIntake = { ...item, workflow: { steps: [{ name: 'store', status: 'failed' }] } } as unknown as VaultItem;
    expect(trackProgress(fromVaultItem(failedIntake)).steps[0]?.status).toBe('failed');
  });

  it("completes distribution only when the track's release is live on its platforms", () => {
    const item = { trackStatus: 'in_vault', landrMasterStatus: 'completed', mastering: null, copyrightCheck: null, workflow: { steps: [] } } as unknown as VaultItem;
    const distribution = (status: 'pending' | 'uploaded' | 'distributed' | 'failed' | 'taken_down' | null) =>
      trackProgress(fromVaultItem(item, status ? release({ status }) : null)).steps.find((step) => step.id === 'distribution')?.status;
    expect(distribution(null)).toBe('pending');
    expect(distribution('pending')).toBe('in_progress');
    expect(distribution('uploaded')).toBe('in_progress');
    expect(distribution('failed')).toBe('failed');
    expect(distribution('taken_down')).toBe('pending');
    expect(distribution('distributed')).toBe('completed');
  });
});
