// The vault read model (the vault's content items): one row per piece of content holding the
// track aggregate's state folded event by event (the same evolve the workflow's decider uses), the
// live progress of its running mastering and copyright check, and the lookups the API needs: which
// stored files belong to whom, and the issued certificates by id (public verification).
import { COPYRIGHT_ANALYSIS_STAGES } from '../../domain/constants';
import { evolveTrack, initialTrackState, type TrackState } from '../../domain/track/track.decider';
import { trackEventDefinitions, type TrackEvent } from '../../domain/track/track.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

/** Progress that the aggregate does not keep (it decides nothing from it) but creators watch. */
export interface TrackProgress {
  mastering: { masteringId: string; steps: { step: string; description: string; progress: number }[] } | null;
  check: { checkId: string; stages: Record<string, 'running' | 'completed' | 'failed'> } | null;
}

export const vaultProjection: Projection = {
  name: 'vault',
  // 4: a check held for review no longer fails the track, and review requests are kept.
  // 6: a preview run's files other than its preview are no longer served.
  version: 6,
  tables: ['vault_items', 'vault_files', 'certificates'],
  schema: `
    CREATE TABLE IF NOT EXISTS vault_items (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      workflow_id text,
      state jsonb NOT NULL,
      progress jsonb NOT NULL,
      xrpl_tx_hash text,
      certificate_id text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS vault_items_owner_idx ON vault_items (owner_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS vault_items_tx_idx ON vault_items (xrpl_tx_hash);
    CREATE TABLE IF NOT EXISTS vault_files (
      stored_name text PRIMARY KEY,
      track_id uuid NOT NULL,
      owner_id uuid NOT NULL,
      mime_type text NOT NULL
    );
    CREATE TABLE IF NOT EXISTS certificates (
      certificate_id text PRIMARY KEY,
      track_id uuid NOT NULL,
      owner_id uuid NOT NULL,
      tx_hash text NOT NULL,
      network text NOT NULL,
      document jsonb NOT NULL,
      signature jsonb NOT NULL,
      issued_at timestamptz NOT NULL
    );`,
  handles: new Set(trackEventDefinitions.map((d) => d.type)),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    const trackEvent = { type: event.type, data: event.data } as TrackEvent;
    const trackId = (event.data as { trackId: string }).trackId;
    let ownerId: string;
    if (trackEvent.type === 'TrackUploadReceived') {
      ownerId = trackEvent.data.ownerId;
      const { rows: inserted } = await tx.query(
        `INSERT INTO vault_items (id, owner_id, workflow_id, state, progress, created_at, updated_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [trackId, ownerId, event.metadata.workflowId, JSON.stringify(evolveTrack(initialTrackState, trackEvent)),
         JSON.stringify(emptyProgress), event.recordedAt, event.streamVersion],
      );
      if (inserted.length === 0) return null;
    } else {
      const { rows } = await tx.query<{ owner_id: string; state: TrackState; progress: TrackProgress; stream_version: number }>(
        'SELECT owner_id::text AS owner_id, state, progress, stream_version FROM vault_items WHERE id = $1 FOR UPDATE',
        [trackId],
      );
      const row = rows[0];
      // Applied already (a redelivered event), or a stream whose first event never arrived.
      if (!row || row.stream_version >= event.streamVersion) return null;
      ownerId = row.owner_id;
      const state = evolveTrack(row.state, trackEvent);
      const progress = evolveProgress(row.progress, trackEvent);
      await tx.query(
        `UPDATE vault_items SET state = $2, progress = $3, xrpl_tx_hash = $4, certificate_id = $5, updated_at = $6, stream_version = $7
         WHERE id = $1`,
        [trackId, JSON.stringify(state), JSON.stringify(progress), txHashOf(state), certificateIdOf(state), event.recordedAt, event.streamVersion],
      );
      await recordLookups(tx, trackId, ownerId, state, trackEvent, event.recordedAt);
    }
    return {
      readModel: 'vault',
      ownerId,
      subjectId: trackId,
      streamId: event.streamId,
      eventType: event.type,
      workflowId: event.metadata.workflowId,
      recordedAt: event.recordedAt.toISOString(),
    };
  },
};

const emptyProgress: TrackProgress = { mastering: null, check: null };

function evolveProgress(progress: TrackProgress, event: TrackEvent): TrackProgress {
  switch (event.type) {
    case 'TrackMasteringRequested':
      return { ...progress, mastering: { masteringId: event.data.masteringId, steps: [] } };
    case 'TrackMasteringProgressed': {
      if (progress.mastering?.masteringId !== event.data.masteringId) return progress;
      const { step, description, progress: percent } = event.data;
      const others = progress.mastering.steps.filter((s) => s.step !== step);
      const index = progress.mastering.steps.findIndex((s) => s.step === step);
      const steps = index < 0 ? [...others, { step, description, progress: percent }] : progress.mastering.steps.map((s, i) => (i === index ? { step, description, progress: percent } : s));
      return { ...progress, mastering: { ...progress.mastering, steps } };
    }
    case 'TrackCopyrightCheckStarted':
      return { ...progress, check: { checkId: event.data.checkId, stages: {} } };
    case 'TrackCopyrightCheckProgressed': {
      if (progress.check?.checkId !== event.data.checkId) return progress;
      const stages = { ...progress.check.stages, [event.data.stage]: event.data.state === 'started' ? 'running' : 'completed' } as const;
      return { ...progress, check: { ...progress.check, stages } };
    }
    case 'TrackCopyrightChecked':
      if (progress.check?.checkId !== event.data.checkId) return progress;
      return { ...progress, check: { ...progress.check, stages: Object.fromEntries(COPYRIGHT_ANALYSIS_STAGES.map((s) => [s, 'completed'])) } };
    case 'TrackCopyrightCheckFailed': {
      if (progress.check?.checkId !== event.data.checkId) return progress;
      const stages = Object.fromEntries(Object.entries(progress.check.stages).map(([stage, state]) => [stage, state === 'running' ? 'failed' : state]));
      return { ...progress, check: { ...progress.check, stages } };
    }
    default:
      return progress;
  }
}

function txHashOf(state: TrackState): string | null {
  return state.status === 'probed' ? (state.stages.registration.signed?.txHash ?? null) : null;
}

function certificateIdOf(state: TrackState): string | null {
  return state.status === 'probed' ? (state.stages.certificate?.certificateId ?? null) : null;
}

/** The files a track owns (served to its owner only) and its certificate (public by id). */
async function recordLookups(tx: Queryable, trackId: string, ownerId: string, state: TrackState, event: TrackEvent, at: Date): Promise<void> {
  const addFile = (storedName: string, mimeType: string) =>
    tx.query('INSERT INTO vault_files (stored_name, track_id, owner_id, mime_type) VALUES ($1, $2, $3, $4) ON CONFLICT (stored_name) DO NOTHING', [
      storedName, trackId, ownerId, mimeType,
    ]);
  if (event.type === 'TrackFileStored' && state.status === 'stored') {
    await addFile(event.data.storedName, state.upload.detectedMimeType);
  } else if (event.type === 'TrackMastered') {
    const mime = event.data.settings.format === 'mp3' ? 'audio/mpeg' : 'audio/wav';
    await addFile(event.data.files.preview, mime);
    // A free preview is its excerpt only: its run's master and the files beside it equal the paid master.
    if (event.data.kind === 'preview') return;
    await addFile(event.data.files.master, mime);
    await addFile(event.data.files.abOriginal, 'audio/wav');
    await addFile(event.data.files.abMaster, 'audio/wav');
    await addFile(event.data.files.preLimiter, 'audio/wav');
  } else if (event.type === 'TrackCertificateIssued' && state.status === 'probed') {
    await tx.query(
      `INSERT INTO certificates (certificate_id, track_id, owner_id, tx_hash, network, document, signature, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (certificate_id) DO NOTHING`,
      [event.data.certificateId, trackId, ownerId, event.data.certificate.xrplTxHash, state.stages.registration.signed!.network,
       JSON.stringify(event.data.certificate), JSON.stringify(event.data.signature), at],
    );
  }
}
