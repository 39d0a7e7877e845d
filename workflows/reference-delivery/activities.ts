// The reference-delivery activities. `ingestReference` takes one recording of a rights holder's
// delivery: an SFTP delivery's file is first fetched from the delivery partner into the file store;
// the recording is then compared with GOOSE works (`analyzeAudio` as the holder, so only others'
// works count), every registered GOOSE work it matches whole opens a review case for both sides
// through the OpenReferenceConflict port, and it is fingerprinted and indexed as a reference
// (`registerReference`). Each outcome is recorded on the delivery's stream once (ids derived from the
// workflow and the recording, and the decider decides nothing for a recording already settled), which
// is how the holder's page shows progress. A recording that cannot be read is its own failure, never
// the delivery's.
import { Context } from '@temporalio/activity';
import { referenceConflictDisputeId, type OpenReferenceConflict } from '../../domain/disputes/reference-review';
import { referenceDeliveryDecider, type ReferenceDeliveryCommand, type ReferenceDeliveryState } from '../../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId, type ReferenceWorkMatch } from '../../domain/references/reference-delivery.events';
import { FfmpegError } from '../../infra/audio/ffmpeg';
import { analyzeAudio, AudioTooShortError, registerReference, type WorkMatch } from '../../infra/audio/oracle';
import type { Db } from '../../infra/db/db';
import type { DeliveryPartnerConfig } from '../../infra/distribution/partner-config';
import { withPartnerSftp } from '../../infra/distribution/partner-sftp';
import { handleCommandWithRetry, readState } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import type { ContentStorage } from '../../infra/storage/storage';
import { currentWorkflowIdOrNull } from '../activity-context';
import { deterministicEventId } from '../track-lifecycle/activities';
import type { ReferenceDeliveryInput, ReferenceDeliveryOutcome } from './shared';

export interface ReferenceDeliveryActivityDeps {
  eventStore: EventStore;
  db: Db;
  storage: ContentStorage;
  /** The delivery partner SFTP deliveries are fetched from; null: none configured (the API refuses SFTP deliveries then). */
  deliveryPartner: DeliveryPartnerConfig | null;
  /** Opens the review case when a reference matches a registered GOOSE work; absent: recorded that none could be opened. */
  openReferenceConflict?: OpenReferenceConflict;
}

/** Said on a recording whose matched works got no review case because no case service is wired here. */
export const NO_CASE_SERVICE = 'No review case could be opened: the dispute service is not connected to this worker. An operator must open the cases by hand.';

function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Outside an activity (the in-process runner) there is no one to tell.
  }
}

/** The registered GOOSE works (not other holders' references) among an analysis's whole matches. */
async function gooseWorksAmong(db: Db, conflicts: WorkMatch[]): Promise<WorkMatch[]> {
  if (conflicts.length === 0) return [];
  const { rows } = await db.query<{ work_id: string }>(`SELECT work_id FROM audio_works WHERE source = 'work' AND work_id = ANY($1::text[])`, [conflicts.map((c) => c.workId)]);
  const works = new Set(rows.map((r) => r.work_id));
  return conflicts.filter((c) => works.has(c.workId));
}

export function createReferenceDeliveryActivities({ eventStore, db, storage, deliveryPartner, openReferenceConflict }: ReferenceDeliveryActivityDeps) {
  const streamOf = (input: ReferenceDeliveryInput) => referenceDeliveryStreamId(input.deliveryId);
  const stateOf = async (input: ReferenceDeliveryInput): Promise<Exclude<ReferenceDeliveryState, { status: 'none' }>> => {
    const state = await readState(eventStore, streamOf(input), referenceDeliveryDecider);
    if (state.status === 'none') throw new Error(`Delivery ${input.deliveryId} is not recorded`);
    return state;
  };
  const record = async (input: ReferenceDeliveryInput, key: string, command: ReferenceDeliveryCommand) => {
    const workflowId = currentWorkflowIdOrNull();
    // The holder may remove a reference of the same delivery meanwhile: decided again on a concurrent write.
    await handleCommandWithRetry(eventStore, streamOf(input), referenceDeliveryDecider, command, {
      correlationId: input.correlationId,
      actor: input.actor,
      workflowId,
      eventIds: workflowId ? (index) => deterministicEventId(workflowId, key, index) : undefined,
    });
  };
  const failRecording = (input: ReferenceDeliveryInput, referenceId: string, reason: string) =>
    record(input, `referenceFailed:${referenceId}`, { type: 'RecordReferenceFailed', data: { referenceId, reason: reason.slice(0, 500), at: new Date().toISOString() } });

  /** A local copy of the recording, fetched from the partner's SFTP first when it came that way. */
  const localFile = async (state: Awaited<ReturnType<typeof stateOf>>, folder: string | null, recording: { file: string; storedName: string }): Promise<string> => {
    if (folder !== null && (await storage.size(recording.storedName)) === null) {
      if (!deliveryPartner) throw new Error('No delivery partner is configured on this worker: the SFTP delivery cannot be fetched');
      const target = storage.workingPath(recording.storedName);
      await withPartnerSftp(deliveryPartner, (sftp) => sftp.fastGet(`${folder.replace(/\/+$/, '')}/${recording.file}`, target));
      await storage.save(recording.storedName);
      logger.info({ deliveryId: state.deliveryId, file: recording.file }, 'reference fetched from the delivery partner');
    }
    return storage.localCopy(recording.storedName);
  };

  return {
    async pendingReferences(input: ReferenceDeliveryInput): Promise<string[]> {
      return (await stateOf(input)).recordings.filter((r) => r.status === 'pending').map((r) => r.referenceId);
    },

    async ingestReference(input: ReferenceDeliveryInput, referenceId: string): Promise<'indexed' | 'failed' | 'removed'> {
      const state = await stateOf(input);
      const recording = state.recordings.find((r) => r.referenceId === referenceId);
      if (!recording) throw new Error(`Reference ${referenceId} is not in delivery ${input.deliveryId}`);
      if (recording.status !== 'pending') return recording.status;
      const file = await localFile(state, state.folder, recording);
      heartbeat();
      try {
        // As the holder: their own works (and their own references) are not conflicts.
        const analysis = await analyzeAudio(file, { db, ownerId: state.holderId, onProgress: heartbeat });
        const matches = await gooseWorksAmong(db, analysis.conflicts);
        heartbeat();
        const { durationSeconds } = await registerReference(db, { referenceId, title: recording.title, holderId: state.holderId, holderName: state.holderName, file });
        const workMatches: ReferenceWorkMatch[] = [];
        for (const match of matches) {
          const disputeId = referenceConflictDisputeId(referenceId, match.workId);
          if (openReferenceConflict) {
            await openReferenceConflict({
              disputeId,
              referenceId,
              referenceTitle: recording.title,
              holderId: state.holderId,
              holderName: state.holderName,
              workId: match.workId,
              similarity: match.similarity,
              description: `The reference recording "${recording.title}" by ${recording.artist} (ISRC ${recording.isrc}), delivered by ${state.holderName}, matches the registered work "${match.title}" (similarity ${match.similarity}).`,
            });
          }
          workMatches.push({ workId: match.workId, title: match.title, similarity: match.similarity, disputeId: openReferenceConflict ? disputeId : null });
        }
        const caseNote = workMatches.length > 0 && !openReferenceConflict ? NO_CASE_SERVICE : null;
        if (caseNote) logger.warn({ deliveryId: input.deliveryId, referenceId, works: workMatches.map((m) => m.workId) }, 'a reference matches registered works but no review case could be opened');
        await record(input, `referenceIndexed:${referenceId}`, { type: 'RecordReferenceIndexed', data: { referenceId, durationSeconds, workMatches, caseNote, at: new Date().toISOString() } });
        return 'indexed';
      } catch (error) {
        // The recording's own fault (unreadable, too short) is its failure; anything else is retried.
        if (error instanceof AudioTooShortError) {
          await failRecording(input, referenceId, `The recording is too short to fingerprint: ${error.message}`);
          return 'failed';
        }
        if (error instanceof FfmpegError) {
          await failRecording(input, referenceId, `The file "${recording.file}" could not be read as audio`);
          return 'failed';
        }
        throw error;
      }
    },

    async failReference(input: ReferenceDeliveryInput, referenceId: string, reason: string): Promise<void> {
      await failRecording(input, referenceId, reason);
    },

    async completeReferenceDelivery(input: ReferenceDeliveryInput): Promise<ReferenceDeliveryOutcome> {
      await record(input, 'referenceDeliveryCompleted', { type: 'CompleteReferenceDelivery', data: { at: new Date().toISOString() } });
      const state = await stateOf(input);
      return {
        indexed: state.recordings.filter((r) => r.status === 'indexed' || r.status === 'removed').length,
        failed: state.recordings.filter((r) => r.status === 'failed').length,
      };
    },
  };
}

export type ReferenceDeliveryActivities = ReturnType<typeof createReferenceDeliveryActivities>;
