// The track lifecycle's activities: each loads the track stream, runs the track decider and
// appends what it decided. Event ids derive from the workflow id, the activity and the event's
// index, and the decider decides nothing for work already recorded, so a retried activity never
// appends twice. Bad content and business refusals are non-retryable failures with a human reason.
import { createHash } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import { ConcurrencyError, DomainError } from '../../domain/shared/errors';
import type { EventMetadata, NewEvent } from '../../domain/shared/events';
import { decideTrack, evolveTrack, initialTrackState, type TrackCommand, type TrackState } from '../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import type { IntakeStep } from '../../domain/track/lifecycle';
import type { EventStore, RecordedEvent } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import { probeFile, UnreadableMediaError, type MediaProbe } from '../../infra/media/probe';
import type { FileStorage } from '../../infra/storage/file-storage';
import type { TrackLifecycleInput } from './shared';

export interface TrackLifecycleActivityDeps {
  eventStore: EventStore;
  storage: FileStorage;
}

export interface StoredFile {
  storedName: string;
  sha256: string;
  size: number;
}

/** How often a long activity tells Temporal it is still alive. */
const HEARTBEAT_EVERY_MS = 1_000;

export function createTrackLifecycleActivities({ eventStore, storage }: TrackLifecycleActivityDeps) {
  async function loadTrack(trackId: string): Promise<{ recorded: RecordedEvent[]; state: TrackState }> {
    const recorded = await eventStore.readStream(trackStreamId(trackId));
    const state = recorded.reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
    return { recorded, state };
  }

  /** Decides against the state that was read and appends at the version that was read. */
  async function decideAndAppend(
    activity: string,
    input: TrackLifecycleInput,
    loaded: { recorded: RecordedEvent[]; state: TrackState },
    command: TrackCommand,
  ): Promise<number> {
    const events = decide(command, loaded.state);
    if (events.length === 0) return 0;
    const workflowId = currentWorkflowId();
    const occurredAt = new Date().toISOString();
    let causationId = loaded.recorded.at(-1)?.eventId ?? null;
    const newEvents: NewEvent[] = events.map((event, index) => {
      const eventId = deterministicEventId(workflowId, activity, index);
      const metadata: EventMetadata = { correlationId: input.correlationId, causationId, actor: input.actor, workflowId, occurredAt };
      causationId = eventId;
      return { eventId, type: event.type, data: event.data, metadata };
    });
    const expected = loaded.recorded.length === 0 ? 'no_stream' : loaded.recorded.length;
    try {
      await eventStore.append(trackStreamId(input.trackId), newEvents, expected);
    } catch (error) {
      // Someone wrote to the stream since it was read: retrying re-reads and decides again.
      if (error instanceof ConcurrencyError) throw ApplicationFailure.retryable(error.message, 'ConcurrencyError');
      throw error;
    }
    logger.info({ trackId: input.trackId, workflowId, activity, events: events.map((e) => e.type) }, 'track events appended');
    return events.length;
  }

  return {
    /** Records the upload the API accepted. */
    async receiveUpload(input: TrackLifecycleInput): Promise<void> {
      const loaded = await loadTrack(input.trackId);
      await decideAndAppend('receiveUpload', input, loaded, {
        type: 'ReceiveUpload',
        data: {
          trackId: input.trackId,
          ownerId: input.ownerId,
          title: input.title,
          description: input.description,
          contentType: input.contentType,
          royaltySplit: input.royaltySplit,
          originalName: input.originalName,
          detectedExtension: input.detectedExtension,
          detectedMimeType: input.detectedMimeType,
          size: input.size,
          genre: input.genre,
        },
      });
    },

    /** Moves the staged upload into the store as `<trackId>.<ext>`, hashing it, and records that. */
    async storeUpload(input: TrackLifecycleInput): Promise<StoredFile> {
      const before = await loadTrack(input.trackId);
      if (before.state.status === 'stored' || before.state.status === 'probed') return fileOf(before.state.file);

      const storedName = `${input.trackId}.${input.detectedExtension}`;
      const { sha256, size } = await withHeartbeats(() => storage.storeStaged(input.stagingName, storedName));
      // Read again: hashing a large file takes a while, and the append must build on what is there now.
      const loaded = await loadTrack(input.trackId);
      await decideAndAppend('storeUpload', input, loaded, { type: 'StoreFile', data: { trackId: input.trackId, storedName, sha256, size } });
      return { storedName, sha256, size };
    },

    /** Reads what the stored file really is and records it; unreadable media fails for good. */
    async probeUpload(input: TrackLifecycleInput): Promise<MediaProbe> {
      const loaded = await loadTrack(input.trackId);
      const { state } = loaded;
      if (state.status === 'probed') return probeOf(state.probe);
      if (state.status !== 'stored') {
        throw ApplicationFailure.nonRetryable(`Cannot probe a track that is ${state.status}`, 'IllegalStateError');
      }
      let probe: MediaProbe;
      try {
        probe = await withHeartbeats(() =>
          probeFile(storage.storedPath(state.file.storedName), {
            extension: state.upload.detectedExtension,
            mimeType: state.upload.detectedMimeType,
          }),
        );
      } catch (error) {
        if (error instanceof UnreadableMediaError) throw ApplicationFailure.nonRetryable(error.reason, 'UnreadableMedia');
        throw error;
      }
      await decideAndAppend('probeUpload', input, loaded, { type: 'RecordProbe', data: { trackId: input.trackId, ...probe } });
      return probe;
    },

    /** Records why intake stopped. */
    async failIntake(input: TrackLifecycleInput, step: IntakeStep, reason: string): Promise<void> {
      const loaded = await loadTrack(input.trackId);
      await decideAndAppend('failIntake', input, loaded, { type: 'FailIntake', data: { trackId: input.trackId, step, reason } });
    },
  };
}

export type TrackLifecycleActivities = ReturnType<typeof createTrackLifecycleActivities>;

/**
 * A UUID-formatted SHA-256 of (workflow id, activity, index): the same activity of the same
 * workflow always proposes the same ids, which the event store treats as an idempotent retry.
 */
export function deterministicEventId(workflowId: string, activity: string, index: number): string {
  const bytes = createHash('sha256').update(`${workflowId}\u0000${activity}\u0000${index}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function currentWorkflowId(): string {
  const workflowId = Context.current().info.workflowExecution?.workflowId;
  if (!workflowId) {
    throw ApplicationFailure.nonRetryable('Track lifecycle activities run only inside a workflow', 'MissingWorkflowId');
  }
  return workflowId;
}

/** Business refusals and invalid payloads will not change on retry. */
function decide(command: TrackCommand, state: TrackState): TrackEvent[] {
  try {
    return decideTrack(command, state);
  } catch (error) {
    if (error instanceof DomainError) throw ApplicationFailure.nonRetryable(error.message, error.constructor.name);
    if (error instanceof z.ZodError) throw ApplicationFailure.nonRetryable(z.prettifyError(error), 'ValidationError');
    throw error;
  }
}

/** Runs long work while heartbeating, so a dead worker is noticed after the heartbeat timeout. */
async function withHeartbeats<T>(work: () => Promise<T>): Promise<T> {
  const context = Context.current();
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

function fileOf(file: StoredFile): StoredFile {
  return { storedName: file.storedName, sha256: file.sha256, size: file.size };
}

function probeOf(probe: MediaProbe): MediaProbe {
  const { format, durationSeconds, codec, sampleRate, channels, bitRate } = probe;
  return { format, durationSeconds, codec, sampleRate, channels, bitRate };
}
