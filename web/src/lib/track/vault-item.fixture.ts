// A vault item for the unit tests of the workflow views: a probed music upload, nothing done yet.
import { COPYRIGHT_ANALYSIS_STAGES } from '../../../../domain/constants';
import type { CopyrightCheck } from '../../../../domain/contracts/lifecycle';
import type { VaultItem } from '../../../../domain/contracts/vault';
import { lifecycleSteps, type StepStatus } from '../../../../domain/track/lifecycle';
import { UNTOUCHED_ITEM } from './demo-items';

/** The server's lifecycle steps of a probed track: intake done, every later step pending unless given; `master: null` leaves mastering out (no audio). */
export function workflowSteps(statuses: Partial<Record<string, StepStatus | null>> = {}): VaultItem['workflow']['steps'] {
  return lifecycleSteps(3)
    .filter((step) => statuses[step.name] !== null)
    .map((step) => ({ ...step, status: statuses[step.name] ?? step.status }));
}

export function vaultItem(overrides: Partial<VaultItem> = {}): VaultItem {
  return {
    ...UNTOUCHED_ITEM,
    id: '00000000-0000-4000-8000-000000000001',
    title: 'First Light',
    description: '',
    contentType: 'music',
    status: 'processing',
    filePath: '/uploads/first-light.wav',
    trackStatus: 'completed',
    createdAt: '2025-01-14T10:00:00.000Z',
    metadata: { genre: null, duration: 184, size: 1000, originalName: 'first-light.wav', mimeType: 'audio/wav', format: 'wav', sha256: null, mastering: null },
    workflow: { id: 'track-lifecycle-1', stage: 'master', stageLabel: 'Ready for mastering', steps: workflowSteps(), failureReason: null },
    ...overrides,
  };
}

export function copyrightCheck(overrides: Partial<CopyrightCheck> = {}): CopyrightCheck {
  return {
    contentId: '00000000-0000-4000-8000-000000000001',
    title: 'First Light',
    status: 'pending',
    checkId: null,
    stages: COPYRIGHT_ANALYSIS_STAGES.map((name) => ({ name, status: 'pending' as const })),
    clearanceScore: null,
    verdict: null,
    audioFingerprint: null,
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    databasesChecked: null,
    recordsScanned: null,
    conflicts: [],
    passages: [],
    searched: null,
    searchedDescription: null,
    referenceMatches: [],
    externalMatches: [],
    reviewRequest: null,
    review: null,
    recommendations: [],
    notChecked: [],
    reason: null,
    similarity: null,
    ...overrides,
  };
}
