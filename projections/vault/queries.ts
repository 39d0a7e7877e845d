// Reads of the vault read model, shaped as the API's VaultItem and CopyrightCheck.
import { COPYRIGHT_ANALYSIS_STAGES, type ContentType, type TrackStatus } from '../../domain/constants';
import type { CheckOutcome } from '../../domain/contracts/analytics';
import { searchedWords } from '../../domain/contracts/copyright-sources';
import type { CopyrightCheck } from '../../domain/contracts/lifecycle';
import type { VaultItem, VaultStatus } from '../../domain/contracts/vault';
import { STAGE_LABELS, type LifecycleStage, type StepProgress } from '../../domain/track/lifecycle';
import { currentStage, workflowSteps, type UploadedTrack } from '../../domain/track/progress';
import type { ProbedTrack, TrackState } from '../../domain/track/track.decider';
import type { Queryable } from '../../infra/db/db';
import { explorerLinks, type XrplNetwork } from '../../infra/xrpl/ledger';
import type { TrackProgress } from './projection';

export interface VaultRow {
  id: string;
  owner_id: string;
  workflow_id: string | null;
  state: TrackState;
  progress: TrackProgress;
  created_at: Date;
  updated_at: Date;
  /** The version of the track's stream the row has folded up to. */
  stream_version: number;
}

const COLUMNS = 'id::text AS id, owner_id::text AS owner_id, workflow_id, state, progress, created_at, updated_at, stream_version';


export function toVaultItem(row: VaultRow): VaultItem {
  const state = row.state as UploadedTrack;
  const upload = state.upload;
  const file = 'file' in state ? state.file : null;
  const probe = state.status === 'probed' ? state.probe : null;
  const probed = state.status === 'probed' ? state : null;
  const stages = probed?.stages ?? null;
  const master = stages?.mastering.master ?? null;
  const preview = stages?.mastering.preview ?? null;
  const registration = stages?.registration ?? null;
  const steps = workflowSteps(state);
  const stage = currentStage(steps);
  const failure = state.status === 'intake_failed' ? { reason: state.reason } : stages?.failure ?? null;
  return {
    id: row.id,
    title: upload.title,
    description: upload.description,
    contentType: upload.contentType,
    generationId: upload.generationId ?? null,
    status: vaultStatus(state),
    trackStatus: trackStatusOf({ status: state.status, stagesStatus: state.status === 'probed' ? state.stages.status : null, certified: false }),
    xrplTxHash: registration?.signed?.txHash ?? null,
    filePath: file ? `/uploads/${file.storedName}` : null,
    landrMasteredFilePath: master ? `/uploads/${master.files.master}` : null,
    landrPreviewFilePath: preview ? `/uploads/${preview.files.preview}` : null,
    landrMasterStyle: master?.settings.style ?? null,
    landrMasterLoudness: master?.settings.loudness ?? null,
    landrMasterFormat: master?.settings.format ?? null,
    landrMasterId: master?.masteringId ?? null,
    landrPreviewId: preview?.masteringId ?? null,
    landrMasterStatus: probed ? masterStatus(probed) : null,
    copyrightChecked: Boolean(stages?.check.result),
    mastering: probed ? masteringView(probed, row.progress) : null,
    copyrightCheck: probed ? copyrightCheckView(row, probed) : null,
    copyrightResult: failure && stages?.failure?.step === 'oracle' ? { reason: stages.failure.reason, similarity: stages.failure.similarity } : null,
    registration: registration?.signed ? registrationView(probed!) : null,
    certificateId: stages?.certificate?.certificateId ?? null,
    royaltySplit: upload.royaltySplit,
    createdAt: new Date(row.created_at).toISOString(),
    metadata: {
      genre: upload.genre,
      duration: probe?.durationSeconds ?? null,
      size: file?.size ?? upload.size,
      originalName: upload.originalName,
      mimeType: upload.detectedMimeType,
      format: probe?.format ?? null,
      sha256: file?.sha256 ?? null,
      mastering: master ? { results: master.results } : null,
    },
    workflow: {
      id: row.workflow_id ?? '',
      stage,
      stageLabel: stageLabel(state, steps, stage),
      steps,
      failureReason: failure?.reason ?? null,
    },
  };
}

function vaultStatus(state: UploadedTrack): VaultStatus {
  return vaultStatusOf({ status: state.status, stagesStatus: state.status === 'probed' ? state.stages.status : null, certified: state.status === 'probed' && Boolean(state.stages.certificate) });
}

/** The parts of a track's state its vault status and track status follow; the analytics reads them by SQL, so both agree with the Vault tab. */
export interface TrackStatusFacts {
  status: TrackState['status'];
  stagesStatus: TrackStatus | null;
  certified: boolean;
}

export function vaultStatusOf(facts: TrackStatusFacts): VaultStatus {
  if (facts.status === 'intake_failed') return 'failed';
  if (facts.status !== 'probed') return 'processing';
  if (facts.certified) return 'registered';
  return facts.stagesStatus === 'failed' ? 'failed' : 'processing';
}

/** The track's lifecycle status as the vault item's `trackStatus` says it. */
export function trackStatusOf(facts: TrackStatusFacts): TrackStatus {
  if (facts.status === 'probed') return facts.stagesStatus ?? 'completed';
  return facts.status === 'intake_failed' ? 'failed' : 'processing';
}

/** The master status badge's value: processing, completed or failed (null before any mastering). */
function masterStatus(track: ProbedTrack): string | null {
  const { mastering, failure } = track.stages;
  if (mastering.running?.kind === 'master') return 'processing';
  if (failure?.step === 'master') return 'failed';
  return mastering.master ? 'completed' : null;
}

function masteringView(track: ProbedTrack, progress: TrackProgress): VaultItem['mastering'] {
  const { running, master, preview } = track.stages.mastering;
  const latest = running ?? [master, preview].find((m) => m?.masteringId === progress.mastering?.masteringId) ?? null;
  const masteringId = progress.mastering?.masteringId ?? latest?.masteringId;
  if (!masteringId) return null;
  const done = [master, preview].find((m) => m?.masteringId === masteringId) ?? null;
  const failed = !running && !done && track.stages.failure?.step === 'master';
  return {
    masterId: masteringId,
    kind: running?.kind ?? done?.kind ?? 'master',
    running: running?.masteringId === masteringId,
    steps: progress.mastering?.masteringId === masteringId ? progress.mastering.steps : [],
    results: done?.results ?? null,
    error: failed ? track.stages.failure!.reason : null,
  };
}

function copyrightCheckView(row: VaultRow, track: ProbedTrack): CopyrightCheck {
  const { running, result } = track.stages.check;
  const failure = track.stages.failure?.step === 'oracle' ? track.stages.failure : null;
  const stageStates = row.progress.check?.stages ?? {};
  const analysis = result?.analysis ?? null;
  // A hold for review is a finished check with a verdict, not a failure: the verdict tells them apart.
  const finished = analysis?.status === 'cleared' || analysis?.status === 'needs_review';
  const status: CopyrightCheck['status'] = running ? 'analyzing' : analysis ? (finished ? 'completed' : 'failed') : failure ? 'failed' : 'pending';
  const { reviewRequest, reviewCase, reviewDecision } = track.stages.check;
  return {
    contentId: row.id,
    title: track.upload.title,
    status,
    // A check that failed left no result; the vault's progress still names it.
    checkId: running?.checkId ?? result?.checkId ?? (failure ? (row.progress.check?.checkId ?? null) : null),
    stages: COPYRIGHT_ANALYSIS_STAGES.map((name) => ({ name, status: stageStates[name] ?? 'pending' })),
    clearanceScore: analysis?.clearanceScore ?? null,
    verdict: analysis?.status ?? null,
    audioFingerprint: analysis?.audioFingerprint ?? null,
    melodicId: analysis?.melodicId ?? null,
    harmonicId: analysis?.harmonicId ?? null,
    rhythmicId: analysis?.rhythmicId ?? null,
    databasesChecked: analysis?.databasesChecked ?? null,
    recordsScanned: analysis?.recordsScanned ?? null,
    conflicts: (analysis?.conflicts ?? []).map(({ workId, title, owner, registeredAt, similarity, kind }) => ({
      workId,
      title: title ?? null,
      owner,
      registeredAt: registeredAt ?? null,
      similarity,
      kind,
    })),
    passages: (analysis?.passages ?? []).map(({ workId, title, owner, registeredAt, kind, similarity, upload, work }) => ({
      workId,
      title,
      owner,
      registeredAt,
      kind,
      similarity,
      upload: { startSeconds: upload.startSeconds, endSeconds: upload.endSeconds },
      work: { startSeconds: work.startSeconds, endSeconds: work.endSeconds },
    })),
    searched: analysis?.searched ?? null,
    searchedDescription: analysis ? searchedWords(analysis.searched, typeof analysis.contentKind === 'string' ? analysis.contentKind : undefined) : null,
    referenceMatches: (analysis?.referenceMatches ?? []).map(({ title, holderName, kind, similarity, upload, reference }) => ({ title, holderName, kind, similarity, upload, reference })),
    externalMatches: analysis?.externalMatches ?? [],
    reviewRequest: reviewRequest ? { requestedAt: reviewRequest.requestedAt, note: reviewRequest.note ?? null } : null,
    review: reviewCase
      ? {
          disputeId: reviewCase.disputeId,
          openedAt: reviewCase.openedAt,
          decision: reviewDecision ? { outcome: reviewDecision.outcome, details: reviewDecision.details, reviewerName: reviewDecision.reviewerName, decidedAt: reviewDecision.decidedAt } : null,
        }
      : null,
    recommendations: analysis?.recommendations ?? [],
    notChecked: analysis?.notChecked ?? [],
    reason: failure?.reason ?? analysis?.reason ?? null,
    similarity: failure?.similarity ?? null,
  };
}

function registrationView(track: ProbedTrack): NonNullable<VaultItem['registration']> {
  const { signed, submitted } = track.stages.registration;
  const failure = track.stages.failure?.step === 'register' ? track.stages.failure : null;
  return {
    network: signed!.network,
    account: signed!.account,
    ledgerStatus: failure ? 'failed' : (submitted?.outcome ?? 'signed'),
    resultCode: failure?.resultCode ?? submitted?.engineResult ?? null,
    note: failure?.reason ?? submitted?.note ?? null,
    explorer: explorerLinks(signed!.network, signed!.txHash),
  };
}

function stageLabel(state: UploadedTrack, steps: StepProgress[], stage: LifecycleStage): string {
  if (state.status === 'intake_failed') return 'Intake failed';
  const step = steps.find((s) => s.name === stage);
  if (step?.status === 'failed') return `${STAGE_LABELS[stage]}: failed`;
  if (step?.status === 'running') return RUNNING_LABELS[stage] ?? STAGE_LABELS[stage];
  // A held track cannot be registered until a review or a new check clears it, whatever stage it is at.
  if (state.status === 'probed' && state.stages.check.result?.analysis.status === 'needs_review' && !state.stages.check.reviewDecision) {
    if (state.stages.check.reviewCase) return 'Held for review — a reviewer is looking at it';
    return state.stages.check.reviewRequest ? 'Held for copyright review: review requested' : 'Held for copyright review';
  }
  return STAGE_LABELS[stage];
}

const RUNNING_LABELS: Partial<Record<LifecycleStage, string>> = {
  intake: 'Intake',
  master: 'Mastering',
  oracle: 'Checking copyright',
  register: 'Registering on the XRP Ledger',
};

export async function listVault(db: Queryable, ownerId: string): Promise<VaultItem[]> {
  const { rows } = await db.query<VaultRow>(`SELECT ${COLUMNS} FROM vault_items WHERE owner_id = $1 ORDER BY created_at DESC, id`, [ownerId]);
  return rows.map(toVaultItem);
}

export async function listCopyrightChecks(db: Queryable, ownerId: string): Promise<CopyrightCheck[]> {
  const items = await listVault(db, ownerId);
  return items.flatMap((item) => (item.copyrightCheck ? [item.copyrightCheck] : []));
}

/** One vault row whoever owns it (operators); null when it does not exist. */
export async function findTrack(db: Queryable, trackId: string): Promise<VaultRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(trackId)) return null;
  const { rows } = await db.query<VaultRow>(`SELECT ${COLUMNS} FROM vault_items WHERE id = $1`, [trackId]);
  return rows[0] ?? null;
}

/** One vault row, for the owner's commands; null when it is not theirs or does not exist. */
export async function findOwnedTrack(db: Queryable, ownerId: string, trackId: string): Promise<VaultRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(trackId)) return null;
  const { rows } = await db.query<VaultRow>(`SELECT ${COLUMNS} FROM vault_items WHERE id = $1 AND owner_id = $2`, [trackId, ownerId]);
  return rows[0] ?? null;
}

export async function findTrackByTxHash(db: Queryable, ownerId: string, txHash: string): Promise<VaultRow | null> {
  const { rows } = await db.query<VaultRow>(`SELECT ${COLUMNS} FROM vault_items WHERE xrpl_tx_hash = $1 AND owner_id = $2`, [txHash.toUpperCase(), ownerId]);
  return rows[0] ?? null;
}

export interface CertificateRow {
  certificate_id: string;
  track_id: string;
  owner_id: string;
  tx_hash: string;
  network: XrplNetwork;
  document: Record<string, unknown>;
  signature: Record<string, unknown>;
  issued_at: Date;
}

export async function findCertificate(db: Queryable, certificateId: string): Promise<CertificateRow | null> {
  const { rows } = await db.query<CertificateRow>(
    'SELECT certificate_id, track_id::text AS track_id, owner_id::text AS owner_id, tx_hash, network, document, signature, issued_at FROM certificates WHERE certificate_id = $1',
    [certificateId],
  );
  return rows[0] ?? null;
}

/** The owner of a stored file, for serving /uploads/{name} to its owner only. */
export async function findStoredFileOwner(db: Queryable, storedName: string): Promise<{ ownerId: string; mimeType: string } | null> {
  const { rows } = await db.query<{ owner_id: string; mime_type: string }>(
    'SELECT owner_id::text AS owner_id, mime_type FROM vault_files WHERE stored_name = $1',
    [storedName],
  );
  return rows[0] ? { ownerId: rows[0].owner_id, mimeType: rows[0].mime_type } : null;
}

/** What a track's latest copyright check ended in (see CHECK_OUTCOMES), from its state's `status` and `stages`, in SQL. */
const CHECK_OUTCOME_SQL = `CASE
    WHEN status <> 'probed' THEN 'not_checked'
    WHEN jsonb_typeof(stages->'check'->'running') = 'object' THEN 'analyzing'
    WHEN jsonb_typeof(stages->'check'->'reviewDecision') = 'object'
      THEN CASE WHEN stages->'check'->'reviewDecision'->>'outcome' = 'cleared' THEN 'cleared_on_review' ELSE 'refused_on_review' END
    WHEN jsonb_typeof(stages->'check'->'result') = 'object' THEN stages->'check'->'result'->'analysis'->>'status'
    WHEN stages->'failure'->>'step' = 'oracle' THEN 'check_failed'
    ELSE 'not_checked'
  END`;

export interface ContentTally {
  contentType: ContentType;
  statusFacts: TrackStatusFacts;
  checkOutcome: CheckOutcome;
  count: number;
}

/**
 * The owner's content uploaded since `since` (all when null), counted per content type, status and
 * check outcome: one grouped read of the vault rows, whose state is read in place, never sent here.
 */
export async function tallyContent(db: Queryable, ownerId: string, since: Date | null): Promise<ContentTally[]> {
  const { rows } = await db.query<{ content_type: ContentType; status: TrackState['status']; stages_status: TrackStatus | null; certified: boolean; outcome: CheckOutcome; count: string }>(
    `SELECT content_type, status, stages->>'status' AS stages_status, coalesce(jsonb_typeof(stages->'certificate') = 'object', false) AS certified,
       ${CHECK_OUTCOME_SQL} AS outcome, count(*)::text AS count
     FROM (
       -- Each reference to a stored state reads it whole again: the parts are taken out once, here.
       SELECT state->'upload'->>'contentType' AS content_type, state->>'status' AS status, state->'stages' AS stages
       FROM vault_items WHERE owner_id = $1 AND ($2::timestamptz IS NULL OR created_at >= $2) OFFSET 0
     ) parts
     GROUP BY 1, 2, 3, 4, 5`,
    [ownerId, since],
  );
  return rows.map((row) => ({
    contentType: row.content_type,
    statusFacts: { status: row.status, stagesStatus: row.stages_status, certified: row.certified },
    checkOutcome: row.outcome,
    count: Number(row.count),
  }));
}

/** The owner's tracks changed most recently, newest first: the vault's part of the recent activity. */
export async function recentVaultChanges(db: Queryable, ownerId: string, limit: number): Promise<Array<{ id: string; title: string; status: VaultStatus; stage: string; at: Date }>> {
  const { rows } = await db.query<VaultRow>(
    `SELECT ${COLUMNS} FROM vault_items WHERE id IN (SELECT id FROM vault_items WHERE owner_id = $1 ORDER BY updated_at DESC LIMIT $2) ORDER BY updated_at DESC`,
    [ownerId, limit],
  );
  return rows.map((row) => {
    const item = toVaultItem(row);
    return { id: item.id, title: item.title, status: item.status, stage: item.workflow.stageLabel, at: row.updated_at };
  });
}
