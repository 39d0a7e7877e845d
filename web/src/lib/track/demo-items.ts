// The three items a visitor's vault shows. They are samples of what the vault
// looks like, labelled as demo everywhere they appear; they have no files behind them.
import type { VaultItem } from '../../../../domain/contracts/vault';
import { lifecycleSteps, STAGE_LABELS } from '../../../../domain/track/lifecycle';

/** A registered track's steps: everything up to the vault done, contracts and distribution open. */
const registeredSteps = lifecycleSteps(3).map((step) =>
  step.name === 'contract' || step.name === 'distribute' ? step : { ...step, status: 'completed' as const },
);

/** The fields of an item nothing has been done to yet: no files, master, check or registration. */
export const UNTOUCHED_ITEM = {
  generationId: null,
  xrplTxHash: null,
  filePath: null,
  landrMasteredFilePath: null,
  landrPreviewFilePath: null,
  landrMasterStyle: null,
  landrMasterLoudness: null,
  landrMasterFormat: null,
  landrMasterId: null,
  landrPreviewId: null,
  landrMasterStatus: null,
  copyrightChecked: false,
  mastering: null,
  copyrightCheck: null,
  copyrightResult: null,
  registration: null,
  certificateId: null,
  royaltySplit: 100,
} satisfies Partial<VaultItem>;

export const DEMO_VAULT_ITEMS: VaultItem[] = [
  {
    ...UNTOUCHED_ITEM,
    id: 'demo-1',
    title: 'Neon Skyline (demo)',
    description: 'An example track that went all the way through registration.',
    contentType: 'music',
    status: 'registered',
    trackStatus: 'in_vault',
    copyrightChecked: true,
    createdAt: '2025-01-14T10:00:00.000Z',
    metadata: { genre: 'Electronic', duration: 214, size: 8_612_000, originalName: 'neon-skyline.mp3', mimeType: 'audio/mpeg', format: 'mp3', sha256: null, mastering: null },
    workflow: { id: 'demo', stage: 'vault', stageLabel: STAGE_LABELS.vault, steps: registeredSteps, failureReason: null },
  },
  {
    ...UNTOUCHED_ITEM,
    id: 'demo-2',
    title: 'Studio Session Teaser (demo)',
    description: 'An example video upload that is still being stored.',
    contentType: 'video',
    status: 'processing',
    trackStatus: 'processing',
    createdAt: '2025-01-12T16:30:00.000Z',
    metadata: { genre: null, duration: null, size: 24_500_000, originalName: 'teaser.mp4', mimeType: 'video/mp4', format: null, sha256: null, mastering: null },
    workflow: { id: 'demo', stage: 'intake', stageLabel: STAGE_LABELS.intake, steps: lifecycleSteps(1), failureReason: null },
  },
  {
    ...UNTOUCHED_ITEM,
    id: 'demo-3',
    title: 'Album Cover Art (demo)',
    description: 'An example image upload whose intake failed.',
    contentType: 'image',
    status: 'failed',
    trackStatus: 'failed',
    createdAt: '2025-01-10T09:15:00.000Z',
    metadata: { genre: null, duration: null, size: 1_204_000, originalName: 'cover.png', mimeType: 'image/png', format: null, sha256: null, mastering: null },
    workflow: { id: 'demo', stage: 'intake', stageLabel: 'Intake failed', steps: lifecycleSteps(2, true), failureReason: 'Example: the file could not be read.' },
  },
];
