// Given / when / then specifications of a track's intake.
import { describe, expect, it } from 'vitest';
import { IllegalStateError } from '../shared/errors';
import { decideTrack, evolveTrack, initialTrackState, type TrackCommand, type TrackState } from './track.decider';

const trackId = '0b6f3c1e-9d2a-4c44-8f0e-5a7b3c2d1e00';
const ownerId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const receive: TrackCommand = {
  type: 'ReceiveUpload',
  data: { trackId, ownerId, title: 'Song', description: '', contentType: 'music', royaltySplit: 100, originalName: 'song.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1000, genre: null },
};
const store: TrackCommand = { type: 'StoreFile', data: { trackId, storedName: `${trackId}.wav`, sha256: 'b'.repeat(64), size: 1000 } };
const probe: TrackCommand = { type: 'RecordProbe', data: { trackId, format: 'wav', durationSeconds: 1, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 } };

function given(...commands: TrackCommand[]): TrackState {
  return commands.reduce((state, command) => decideTrack(command, state).reduce(evolveTrack, state), initialTrackState);
}

describe('track decider (intake)', () => {
  it('given nothing, when the upload is received, then TrackUploadReceived', () => {
    expect(decideTrack(receive, initialTrackState).map((e) => e.type)).toEqual(['TrackUploadReceived']);
  });

  it('given a received upload, when stored then probed, then the track is probed with its hash and format', () => {
    const state = given(receive, store, probe);
    expect(state).toMatchObject({ status: 'probed', file: { sha256: 'b'.repeat(64) }, probe: { format: 'wav' } });
  });

  it('is idempotent: repeating a command whose events exist decides nothing', () => {
    expect(decideTrack(receive, given(receive))).toEqual([]);
    expect(decideTrack(store, given(receive, store))).toEqual([]);
    expect(decideTrack(probe, given(receive, store, probe))).toEqual([]);
  });

  it('refuses steps out of order', () => {
    expect(() => decideTrack(store, initialTrackState)).toThrow(IllegalStateError);
    expect(() => decideTrack(probe, given(receive))).toThrow(IllegalStateError);
  });

  it('given a stored file, when intake fails, then the failure and its reason are recorded', () => {
    const state = given(receive, store, { type: 'FailIntake', data: { trackId, step: 'probe', reason: 'not readable audio' } });
    expect(state).toMatchObject({ status: 'intake_failed', step: 'probe', reason: 'not readable audio' });
  });
});
