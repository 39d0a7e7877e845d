// Given / when / then specifications of a track: intake, then the stages after it.
import { describe, expect, it } from 'vitest';
import { COPYRIGHT_ANALYSIS_STAGES } from '../constants';
import { IllegalStateError } from '../shared/errors';
import { decideTrack, evolveTrack, initialTrackState, refusal, type TrackCommand, type TrackState } from './track.decider';
import { checkAnalysis } from '../../tests/support/seed-track';

const trackId = '0b6f3c1e-9d2a-4c44-8f0e-5a7b3c2d1e00';
const ownerId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const receive: TrackCommand = {
  type: 'ReceiveUpload',
  data: { trackId, ownerId, title: 'Song', description: '', contentType: 'music', royaltySplit: 100, originalName: 'song.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1000, genre: null },
};
const store: TrackCommand = { type: 'StoreFile', data: { trackId, storedName: `${trackId}.wav`, sha256: 'b'.repeat(64), size: 1000 } };
const probe: TrackCommand = { type: 'RecordProbe', data: { trackId, format: 'wav', durationSeconds: 30, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 } };

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

describe('track decider (stages)', () => {
  const settings = { style: 'balanced', loudness: 'medium', format: 'wav' } as const;
  const files = { master: 'm.wav', preview: 'p.wav', preLimiter: 'l.wav', abOriginal: 'a.wav', abMaster: 'b.wav' };
  const requestMaster: TrackCommand = { type: 'RequestMastering', data: { trackId, masteringId: 'm1', kind: 'master', settings } };
  const mastered: TrackCommand = {
    type: 'CompleteMastering',
    data: { trackId, masteringId: 'm1', kind: 'master', settings, files, masterSha256: 'c'.repeat(64), results: { lufs: -9, dynamicRange: 3, peak: -1.4, processing: [] }, inputLufs: -20, inputTruePeakDbtp: -3, elapsedSeconds: 2 },
  };
  const startCheck: TrackCommand = { type: 'StartCopyrightCheck', data: { trackId, checkId: 'c1', storedName: 'm.wav', sha256: 'c'.repeat(64) } };
  const passage = {
    workId: 'w1',
    title: 'Harbour Lights',
    owner: 'alice',
    registeredAt: '2026-03-12T09:00:00.000Z',
    kind: 'melody' as const,
    similarity: 71,
    upload: { startSeconds: 42, endSeconds: 70 },
    work: { startSeconds: 65, endSeconds: 93 },
  };
  const analysis = (status: 'cleared' | 'conflict' | 'needs_review', similarity = 0) =>
    checkAnalysis({
      clearanceScore: status === 'cleared' ? 100 : 50,
      status,
      conflicts: status === 'conflict' ? [{ workId: 'w', owner: 'o', similarity, kind: 'fingerprint' }] : [],
      reason: status === 'conflict' ? 'The same recording as a registered work' : status === 'needs_review' ? 'A melody like “Harbour Lights” by alice' : null,
      passages: status === 'needs_review' ? [passage] : [],
    });
  const checked = (status: 'cleared' | 'conflict' | 'needs_review', similarity = 0): TrackCommand => ({
    type: 'RecordCheckResult',
    data: { trackId, checkId: 'c1', sha256: 'c'.repeat(64), analysis: analysis(status, similarity), elapsedSeconds: 1 },
  });

  it('given a probed upload, mastering moves it through mastering to mastered, and a repeated command decides nothing', () => {
    expect(given(receive, store, probe, requestMaster)).toMatchObject({ stages: { status: 'mastering' } });
    const state = given(receive, store, probe, requestMaster, mastered);
    expect(state).toMatchObject({ stages: { status: 'mastered', mastering: { running: null, master: { masterSha256: 'c'.repeat(64) } } } });
    expect(decideTrack(requestMaster, state)).toEqual([]);
    expect(decideTrack(mastered, state)).toEqual([]);
  });

  it('a retried attempt redoing the work records only progress past what an earlier attempt recorded', () => {
    const progress = (step: string, percent: number): TrackCommand => ({ type: 'ReportMasteringProgress', data: { trackId, masteringId: 'm1', step, description: step, progress: percent } });
    const firstAttempt = given(receive, store, probe, requestMaster, progress('Audio Analysis', 0), progress('Audio Analysis', 100), progress('Compression', 40));
    expect(decideTrack(progress('Audio Analysis', 0), firstAttempt)).toEqual([]);
    expect(decideTrack(progress('Audio Analysis', 100), firstAttempt)).toEqual([]);
    expect(decideTrack(progress('Compression', 40), firstAttempt)).toEqual([]);
    expect(decideTrack(progress('Compression', 60), firstAttempt)).toMatchObject([{ type: 'TrackMasteringProgressed', data: { step: 'Compression', progress: 60 } }]);
    // A new run starts its own count.
    const again = given(receive, store, probe, requestMaster, progress('Audio Analysis', 100), mastered, { ...requestMaster, data: { ...requestMaster.data, masteringId: 'm2' } });
    expect(decideTrack({ type: 'ReportMasteringProgress', data: { trackId, masteringId: 'm2', step: 'Audio Analysis', description: '', progress: 0 } }, again)).toHaveLength(1);

    const stage = (state: 'started' | 'completed'): TrackCommand => ({ type: 'ReportCheckProgress', data: { trackId, checkId: 'c1', stage: COPYRIGHT_ANALYSIS_STAGES[0], step: 1, state } });
    const checking = given(receive, store, probe, requestMaster, mastered, startCheck, stage('started'), stage('completed'));
    expect(decideTrack(stage('started'), checking)).toEqual([]);
    expect(decideTrack(stage('completed'), checking)).toEqual([]);
    expect(decideTrack(stage('started'), given(receive, store, probe, requestMaster, mastered, startCheck))).toHaveLength(1);
  });

  it('refuses registration before a check, and the check of a file that is not the current one', () => {
    const state = given(receive, store, probe, requestMaster, mastered);
    expect(refusal(state, 'register')).toBe('Run the copyright check first');
    expect(() => decideTrack({ ...startCheck, data: { ...startCheck.data, sha256: 'd'.repeat(64) } } as TrackCommand, state)).toThrow(IllegalStateError);
  });

  it('refuses a check of audio shorter than the oracle can analyse, and nothing is recorded', () => {
    const short: TrackCommand = { ...probe, data: { ...probe.data, durationSeconds: 2 } } as TrackCommand;
    const state = given(receive, store, short);
    expect(refusal(state, 'check')).toBe('The track is 2.0 s long; the copyright check needs at least 3 s of audio');
    expect(() => decideTrack({ ...startCheck, data: { ...startCheck.data, sha256: 'b'.repeat(64) } } as TrackCommand, state)).toThrow(/^The track is 2.0 s long/);
    expect(refusal(given(receive, store, probe), 'check')).toBeNull();
  });

  it('a conflict fails the oracle step with the reason and the closest similarity, and blocks registration', () => {
    const state = given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97.5));
    expect(state).toMatchObject({ stages: { status: 'failed', failure: { step: 'oracle', reason: 'The same recording as a registered work', similarity: 97.5 } } });
    expect(refusal(state, 'register')).toBe('The copyright check found a conflict: The same recording as a registered work');
    expect(refusal(state, 'check')).toMatch(/^The copyright check found a conflict/);
  });

  it('a cleared check allows registration; a new master voids the check', () => {
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'));
    expect(refusal(cleared, 'register')).toBeNull();
    const remastered = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'), { ...requestMaster, data: { ...requestMaster.data, masteringId: 'm2' } }, { ...mastered, data: { ...mastered.data, masteringId: 'm2' } } as TrackCommand);
    expect(refusal(remastered, 'register')).toBe('Run the copyright check first');
  });

  it('only a failed registration can be retried, and only once registered is mastering refused', () => {
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'));
    expect(refusal(cleared, 'retry')).toBe('Only a failed registration can be retried');
    const signed = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'), {
      type: 'SignRegistration',
      data: { trackId, certificateId: 'GOOSE-CERT-1', sha256: 'c'.repeat(64), storedName: 'm.wav', network: 'testnet', account: 'r'.repeat(30), txHash: 'A'.repeat(64), txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null },
    });
    expect(refusal(signed, 'master')).toBe('The track is being registered; its master cannot change');
  });

  const requestReview = (note?: string, checkId = 'c1'): TrackCommand => ({
    type: 'RequestCopyrightReview',
    data: { trackId, checkId, requestedAt: '2026-03-14T10:00:00.000Z', ...(note === undefined ? {} : { note }) },
  });

  it('given a check held for review, the track keeps its stage with the evidence, registration is refused and the check may run again', () => {
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(held).toMatchObject({ stages: { status: 'mastered', failure: null, check: { running: null, reviewRequest: null, result: { analysis: { status: 'needs_review', passages: [passage] } } } } });
    expect(refusal(held, 'register')).toBe('The copyright check held the track for review: A melody like “Harbour Lights” by alice');
    expect(refusal(held, 'check')).toBeNull();
  });

  it('given a check held for review, when the creator requests a review, then TrackCopyrightReviewRequested; a second request for that check is refused', () => {
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(decideTrack(requestReview('The melody is mine'), held)).toEqual([
      { type: 'TrackCopyrightReviewRequested', data: { trackId, checkId: 'c1', note: 'The melody is mine', requestedAt: '2026-03-14T10:00:00.000Z' } },
    ]);
    const requested = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), requestReview());
    expect(requested).toMatchObject({ stages: { status: 'mastered', check: { reviewRequest: { checkId: 'c1', requestedAt: '2026-03-14T10:00:00.000Z' } } } });
    expect(refusal(requested, 'review')).toBe('A review of this check was already requested on 2026-03-14');
    expect(() => decideTrack(requestReview(), requested)).toThrow('A review of this check was already requested on 2026-03-14');
    expect(refusal(requested, 'register')).toMatch(/^The copyright check held the track for review/);
  });

  it('refuses a review request without a held check, of another check, or with a note over 1000 characters; a new check voids the request', () => {
    const masteredOnly = given(receive, store, probe, requestMaster, mastered);
    expect(() => decideTrack(requestReview(), masteredOnly)).toThrow('Run the copyright check first');
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'));
    expect(() => decideTrack(requestReview(), cleared)).toThrow('Only a check that held the track for review or found a conflict can be reviewed; the latest one cleared the track');
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(() => decideTrack(requestReview(undefined, 'c0'), held)).toThrow('A review can only be requested for the latest copyright check');
    expect(() => decideTrack(requestReview('x'.repeat(1001)), held)).toThrow();
    const rechecked = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), requestReview(), { ...startCheck, data: { ...startCheck.data, checkId: 'c2' } } as TrackCommand);
    expect(rechecked).toMatchObject({ stages: { check: { running: { checkId: 'c2' }, reviewRequest: null } } });
  });

  it('folds a check recorded before passages and named works were kept', () => {
    const { passages: _passages, ...old } = analysis('needs_review');
    const state = given(receive, store, probe, requestMaster, mastered, startCheck, { type: 'RecordCheckResult', data: { trackId, checkId: 'c1', sha256: 'c'.repeat(64), analysis: old, elapsedSeconds: 1 } });
    expect(state).toMatchObject({ stages: { status: 'mastered', check: { result: { analysis: { status: 'needs_review' } } } } });
    expect(refusal(state, 'review')).toBeNull();
  });

  const decide = (outcome: 'cleared' | 'refused', checkId = 'c1', disputeId = 'review-c1'): TrackCommand => ({
    type: 'DecideCopyrightReview',
    data: { trackId, checkId, disputeId, outcome, details: outcome === 'cleared' ? 'Only the chord progression is shared' : 'The chorus is copied', reviewerName: 'rita', decidedAt: '2026-03-20T10:00:00.000Z' },
  });

  it('given a check held for review, when a reviewer clears it, then TrackCopyrightReviewDecided and the track may register as if cleared', () => {
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(decideTrack(decide('cleared'), held)).toEqual([{ type: 'TrackCopyrightReviewDecided', data: decide('cleared').data }]);
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), decide('cleared'));
    expect(cleared).toMatchObject({ stages: { status: 'mastered', failure: null, check: { reviewDecision: { outcome: 'cleared', reviewerName: 'rita' } } } });
    expect(refusal(cleared, 'register')).toBeNull();
    expect(refusal(cleared, 'review')).toBe('A reviewer already decided this check: cleared');
  });

  it('given a check held for review, when a reviewer refuses it, then the track fails at the oracle with the reviewer\'s reason and registration is refused', () => {
    const refused = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), decide('refused'));
    expect(refused).toMatchObject({ stages: { status: 'failed', failure: { step: 'oracle', reason: 'A reviewer refused the track: The chorus is copied' } } });
    expect(refusal(refused, 'register')).toBe('A reviewer refused the track: The chorus is copied');
  });

  it('given a decided review, the same decision delivered again decides nothing and a different one is refused', () => {
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), decide('cleared'));
    expect(decideTrack(decide('cleared'), cleared)).toEqual([]);
    expect(() => decideTrack(decide('refused'), cleared)).toThrow('A reviewer already decided this check: cleared');
  });

  it('given a conflict, the creator may contest it; a decision needs the contest, and clearing it lets the track register', () => {
    const conflict = given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97));
    expect(refusal(conflict, 'review')).toBeNull();
    expect(() => decideTrack(decide('cleared'), conflict)).toThrow('The creator did not contest this conflict, so there is nothing to review');
    const contested = given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97), requestReview('I licensed the sample'));
    expect(refusal(contested, 'register')).toMatch(/^The copyright check found a conflict/);
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97), requestReview(), decide('cleared'));
    expect(cleared).toMatchObject({ stages: { status: 'mastered', failure: null } });
    expect(refusal(cleared, 'register')).toBeNull();
  });

  it('refuses a decision about an older check, about a cleared check, or before any check', () => {
    const masteredOnly = given(receive, store, probe, requestMaster, mastered);
    expect(() => decideTrack(decide('cleared'), masteredOnly)).toThrow('The track was checked again since this review opened; the decision is about an older check');
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(() => decideTrack(decide('cleared', 'c0'), held)).toThrow('The track was checked again since this review opened; the decision is about an older check');
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'));
    expect(() => decideTrack(decide('cleared'), cleared)).toThrow('The check cleared the track; there is nothing to review');
  });

  it('given a cleared review, a new master voids the decision: the new content needs its own check', () => {
    const remastered = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), decide('cleared'), { ...requestMaster, data: { ...requestMaster.data, masteringId: 'm2' } } as TrackCommand, { ...mastered, data: { ...mastered.data, masteringId: 'm2', masterSha256: 'd'.repeat(64) } } as TrackCommand);
    expect(remastered).toMatchObject({ stages: { check: { result: null, reviewDecision: null } } });
    expect(refusal(remastered, 'register')).toBe('Run the copyright check first');
  });

  const openCase = (checkId = 'c1', disputeId = 'review-c1'): TrackCommand => ({ type: 'OpenCopyrightReview', data: { trackId, checkId, disputeId, openedAt: '2026-03-14T10:00:01.000Z' } });

  it('given a check held for review, when its review case opens, then TrackCopyrightReviewOpened once; the same case again decides nothing, another is refused', () => {
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(decideTrack(openCase(), held)).toEqual([{ type: 'TrackCopyrightReviewOpened', data: openCase().data }]);
    const opened = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'), openCase());
    expect(opened).toMatchObject({ stages: { status: 'mastered', check: { reviewCase: { disputeId: 'review-c1' } } } });
    expect(decideTrack(openCase(), opened)).toEqual([]);
    expect(() => decideTrack(openCase('c1', 'other'), opened)).toThrow('A review case is already open for this check: review-c1');
  });

  it('refuses to open a case for an older check, a cleared check, or a conflict the creator did not contest', () => {
    const held = given(receive, store, probe, requestMaster, mastered, startCheck, checked('needs_review'));
    expect(() => decideTrack(openCase('c0'), held)).toThrow('A review case can only open for the latest copyright check');
    const cleared = given(receive, store, probe, requestMaster, mastered, startCheck, checked('cleared'));
    expect(() => decideTrack(openCase(), cleared)).toThrow('The check cleared the track; there is nothing to review');
    const conflict = given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97));
    expect(() => decideTrack(openCase(), conflict)).toThrow('The creator did not contest this conflict, so there is nothing to review');
    expect(decideTrack(openCase(), given(receive, store, probe, requestMaster, mastered, startCheck, checked('conflict', 97), requestReview()))).toHaveLength(1);
  });
});
