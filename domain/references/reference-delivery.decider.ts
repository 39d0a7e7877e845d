// One delivery of reference recordings: received once, each recording then indexed or failed once
// (a retried activity decides nothing for a recording already settled), completed once every
// recording is settled, and an indexed reference removed by its holder only. Another user's
// reference is refused as not found, as if it did not exist.
import { IllegalStateError, NotFoundError } from '../shared/errors';
import {
  ReferenceDeliveryCompleted,
  ReferenceDeliveryReceived,
  ReferenceRecordingFailed,
  ReferenceRecordingIndexed,
  ReferenceRemoved,
  type DeliveredRecording,
  type ReferenceDeliveryEvent,
  type ReferenceWorkMatch,
} from './reference-delivery.events';

export type RecordingStatus = 'pending' | 'indexed' | 'failed' | 'removed';

export type ReferenceDeliveryState =
  | { status: 'none' }
  | {
      status: 'running' | 'completed';
      deliveryId: string;
      holderId: string;
      holderName: string;
      /** The partner's SFTP folder an SFTP delivery is fetched from; null for an upload. */
      folder: string | null;
      /** Every recording in delivery order, with where it stands. */
      recordings: (DeliveredRecording & { status: RecordingStatus })[];
    };

export const initialReferenceDeliveryState: ReferenceDeliveryState = { status: 'none' };

export const REFERENCE_NOT_FOUND = 'Reference not found';

export type ReferenceDeliveryCommand =
  | { type: 'ReceiveReferenceDelivery'; data: ReturnType<typeof ReferenceDeliveryReceived.create>['data'] }
  | { type: 'RecordReferenceIndexed'; data: { referenceId: string; durationSeconds: number; workMatches: ReferenceWorkMatch[]; caseNote: string | null; at: string } }
  | { type: 'RecordReferenceFailed'; data: { referenceId: string; reason: string; at: string } }
  | { type: 'CompleteReferenceDelivery'; data: { at: string } }
  | { type: 'RemoveReference'; data: { referenceId: string; by: string; at: string } };

type Received = Exclude<ReferenceDeliveryState, { status: 'none' }>;

export function decideReferenceDelivery(command: ReferenceDeliveryCommand, state: ReferenceDeliveryState): ReferenceDeliveryEvent[] {
  switch (command.type) {
    case 'ReceiveReferenceDelivery':
      return state.status === 'none' ? [ReferenceDeliveryReceived.create(command.data)] : [];
    case 'RecordReferenceIndexed':
      return recordIndexed(received(state), command.data);
    case 'RecordReferenceFailed':
      return recordFailed(received(state), command.data);
    case 'CompleteReferenceDelivery':
      return complete(received(state), command.data.at);
    case 'RemoveReference':
      return remove(received(state), command.data);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown reference delivery command ${JSON.stringify(unknown)}`);
    }
  }
}

function received(state: ReferenceDeliveryState): Received {
  if (state.status === 'none') throw new NotFoundError('Delivery not found');
  return state;
}

function recordingOf(state: Received, referenceId: string) {
  const recording = state.recordings.find((r) => r.referenceId === referenceId);
  if (!recording) throw new NotFoundError(REFERENCE_NOT_FOUND);
  return recording;
}

/** How many recordings are settled once one more is, of how many. */
function progress(state: Received): { done: number; total: number } {
  return { done: state.recordings.filter((r) => r.status !== 'pending').length + 1, total: state.recordings.length };
}

function recordIndexed(state: Received, data: Extract<ReferenceDeliveryCommand, { type: 'RecordReferenceIndexed' }>['data']): ReferenceDeliveryEvent[] {
  if (recordingOf(state, data.referenceId).status !== 'pending') return [];
  const { at, ...rest } = data;
  return [ReferenceRecordingIndexed.create({ deliveryId: state.deliveryId, ...rest, ...progress(state), indexedAt: at })];
}

function recordFailed(state: Received, data: Extract<ReferenceDeliveryCommand, { type: 'RecordReferenceFailed' }>['data']): ReferenceDeliveryEvent[] {
  if (recordingOf(state, data.referenceId).status !== 'pending') return [];
  return [ReferenceRecordingFailed.create({ deliveryId: state.deliveryId, referenceId: data.referenceId, reason: data.reason, ...progress(state), failedAt: data.at })];
}

function complete(state: Received, at: string): ReferenceDeliveryEvent[] {
  if (state.status === 'completed') return [];
  const pending = state.recordings.filter((r) => r.status === 'pending').length;
  if (pending > 0) throw new IllegalStateError(`${pending} recordings of this delivery are still being indexed`);
  const count = (status: RecordingStatus) => state.recordings.filter((r) => r.status === status).length;
  // A reference removed before the delivery finished was indexed first.
  return [ReferenceDeliveryCompleted.create({ deliveryId: state.deliveryId, indexed: count('indexed') + count('removed'), failed: count('failed'), completedAt: at })];
}

function remove(state: Received, data: Extract<ReferenceDeliveryCommand, { type: 'RemoveReference' }>['data']): ReferenceDeliveryEvent[] {
  if (state.holderId !== data.by) throw new NotFoundError(REFERENCE_NOT_FOUND);
  const recording = recordingOf(state, data.referenceId);
  if (recording.status === 'removed') return [];
  if (recording.status === 'pending') throw new IllegalStateError('This reference is still being indexed; remove it once its delivery has processed it');
  if (recording.status === 'failed') throw new IllegalStateError('This recording was never indexed: there is nothing to remove');
  return [ReferenceRemoved.create({ deliveryId: state.deliveryId, referenceId: data.referenceId, removedBy: data.by, removedAt: data.at })];
}

function withRecording(state: ReferenceDeliveryState, referenceId: string, status: RecordingStatus): ReferenceDeliveryState {
  if (state.status === 'none') return state;
  return { ...state, recordings: state.recordings.map((r) => (r.referenceId === referenceId ? { ...r, status } : r)) };
}

export function evolveReferenceDelivery(state: ReferenceDeliveryState, event: ReferenceDeliveryEvent): ReferenceDeliveryState {
  switch (event.type) {
    case 'ReferenceDeliveryReceived': {
      const d = event.data;
      return { status: 'running', deliveryId: d.deliveryId, holderId: d.holderId, holderName: d.holderName, folder: d.folder, recordings: d.recordings.map((r) => ({ ...r, status: 'pending' })) };
    }
    case 'ReferenceRecordingIndexed':
      return withRecording(state, event.data.referenceId, 'indexed');
    case 'ReferenceRecordingFailed':
      return withRecording(state, event.data.referenceId, 'failed');
    case 'ReferenceDeliveryCompleted':
      return state.status === 'none' ? state : { ...state, status: 'completed' };
    case 'ReferenceRemoved':
      return withRecording(state, event.data.referenceId, 'removed');
    default: {
      const unknown: never = event;
      throw new Error(`Unknown reference delivery event ${JSON.stringify(unknown)}`);
    }
  }
}

export const referenceDeliveryDecider = { decide: decideReferenceDelivery, evolve: evolveReferenceDelivery, initialState: initialReferenceDeliveryState };
