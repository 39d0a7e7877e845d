// The track aggregate's intake: receive the upload, store and hash the file, probe it.
// Each command is idempotent against the state it finds, so a retried activity that re-runs a
// command after its events were already appended decides nothing new.
import type { z } from 'zod';
import { IllegalStateError } from '../shared/errors';
import {
  TrackFileStored,
  TrackIntakeFailed,
  TrackProbed,
  TrackUploadReceived,
  type TrackEvent,
} from './track.events';

type Received = z.output<typeof TrackUploadReceived.schema>;
type Stored = z.output<typeof TrackFileStored.schema>;
type Probed = z.output<typeof TrackProbed.schema>;

export type TrackState =
  | { status: 'none' }
  | { status: 'received'; upload: Received }
  | { status: 'stored'; upload: Received; file: Stored }
  | { status: 'probed'; upload: Received; file: Stored; probe: Probed }
  | { status: 'intake_failed'; upload: Received; step: string; reason: string };

export const initialTrackState: TrackState = { status: 'none' };

export type TrackCommand =
  | { type: 'ReceiveUpload'; data: Received }
  | { type: 'StoreFile'; data: Stored }
  | { type: 'RecordProbe'; data: Probed }
  | { type: 'FailIntake'; data: { trackId: string; step: string; reason: string } };

export function decideTrack(command: TrackCommand, state: TrackState): TrackEvent[] {
  switch (command.type) {
    case 'ReceiveUpload':
      if (state.status !== 'none') return [];
      return [TrackUploadReceived.create(command.data)];
    case 'StoreFile':
      if (state.status === 'stored' || state.status === 'probed') return [];
      if (state.status !== 'received') throw new IllegalStateError(`Cannot store a file for a track that is ${state.status}`);
      return [TrackFileStored.create(command.data)];
    case 'RecordProbe':
      if (state.status === 'probed') return [];
      if (state.status !== 'stored') throw new IllegalStateError(`Cannot probe a track that is ${state.status}`);
      return [TrackProbed.create(command.data)];
    case 'FailIntake':
      if (state.status === 'intake_failed') return [];
      if (state.status === 'none' || state.status === 'probed') {
        throw new IllegalStateError(`Cannot fail intake of a track that is ${state.status}`);
      }
      return [TrackIntakeFailed.create(command.data)];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown track command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveTrack(state: TrackState, event: TrackEvent): TrackState {
  switch (event.type) {
    case 'TrackUploadReceived':
      return { status: 'received', upload: event.data };
    case 'TrackFileStored':
      if (state.status !== 'received') return state;
      return { status: 'stored', upload: state.upload, file: event.data };
    case 'TrackProbed':
      if (state.status !== 'stored') return state;
      return { status: 'probed', upload: state.upload, file: state.file, probe: event.data };
    case 'TrackIntakeFailed':
      if (state.status === 'none') return state;
      return { status: 'intake_failed', upload: state.upload, step: event.data.step, reason: event.data.reason };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown track event ${JSON.stringify(unknown)}`);
    }
  }
}
