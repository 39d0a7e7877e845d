// Given / when / then specifications of a track: intake, then the stages after it. Each spec starts
// from the events a track's stream holds, runs one command and expects the events it decides (or
// the refusal), and `refusal` is read from the state those events fold to.
import { describe, expect, it } from 'vitest';
import { COPYRIGHT_ANALYSIS_STAGES } from '../constants';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError } from '../shared/errors';
import {
  TrackCopyrightCheckProgressed,
  TrackCopyrightCheckStarted,
  TrackCopyrightChecked,
  TrackCopyrightReviewDecided,
  TrackCopyrightReviewOpened,
  TrackCopyrightReviewRequested,
  TrackMastered,
  TrackMasteringFailed,
  TrackMasteringProgressed,
  TrackMasteringRequested,
  TrackRegistrationSigned,
  type CopyrightAnalysisRecord,
} from './stage.events';
import { currentStage, workflowSteps } from './progress';
import { refusal, trackDecider, type TrackCommand } from './track.decider';
import { TrackFileStored, TrackIntakeFailed, TrackProbed, TrackUploadReceived, type TrackEvent } from './track.events';

const { given, when } = deciderSpec(trackDecider);

const trackId = '0b6f3c1e-9d2a-4c44-8f0e-5a7b3c2d1e00';
const ownerId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const uploadData = { trackId, ownerId, title: 'Song', description: '', contentType: 'music', royaltySplit: 100, originalName: 'song.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 1000, genre: null } as const;
const fileData = { trackId, storedName: `${trackId}.wav`, sha256: 'b'.repeat(64), size: 1000 };
const probeData = { trackId, format: 'wav', durationSeconds: 30, codec: 'pcm_s16le', sampleRate: 44100, channels: 2, bitRate: 1411200 };

const received = TrackUploadReceived.create(uploadData);
const stored = TrackFileStored.create(fileData);
const probed = TrackProbed.create(probeData);
/** A track through intake. */
const intake: TrackEvent[] = [received, stored, probed];

const receive: TrackCommand = { type: 'ReceiveUpload', data: uploadData };
const store: TrackCommand = { type: 'StoreFile', data: fileData };
const probe: TrackCommand = { type: 'RecordProbe', data: probeData };

describe('track decider (intake)', () => {
  it('given nothing, when the upload is received, then TrackUploadReceived', () => {
    expect(when([], receive)).toEqual([received]);
  });

  it('given a received upload, when stored then probed, then TrackFileStored and TrackProbed, and the track is probed with its hash and format', () => {
    expect(when([received], store)).toEqual([stored]);
    expect(when([received, stored], probe)).toEqual([probed]);
    expect(given(...intake)).toMatchObject({ status: 'probed', file: { sha256: 'b'.repeat(64) }, probe: { format: 'wav' } });
  });

  it('is idempotent: repeating a command whose events exist decides nothing', () => {
    expect(when([received], receive)).toEqual([]);
    expect(when([received, stored], store)).toEqual([]);
    expect(when(intake, probe)).toEqual([]);
  });

  it('refuses steps out of order', () => {
    expect(() => when([], store)).toThrow(IllegalStateError);
    expect(() => when([received], probe)).toThrow(IllegalStateError);
  });

  it('given a stored file, when intake fails, then TrackIntakeFailed with its step and reason', () => {
    const failed = TrackIntakeFailed.create({ trackId, step: 'probe', reason: 'not readable audio' });
    expect(when([received, stored], { type: 'FailIntake', data: failed.data })).toEqual([failed]);
    expect(given(received, stored, failed)).toMatchObject({ status: 'intake_failed', step: 'probe', reason: 'not readable audio' });
  });
});

describe('track decider (stages)', () => {
  const settings = { style: 'balanced', loudness: 'medium', format: 'wav' } as const;
  const files = { master: 'm.wav', preview: 'p.wav', preLimiter: 'l.wav', abOriginal: 'a.wav', abMaster: 'b.wav' };
  const masteringRequested = (masteringId = 'm1') => TrackMasteringRequested.create({ trackId, masteringId, kind: 'master', settings });
  const mastered = (masteringId = 'm1', masterSha256 = 'c'.repeat(64)) =>
    TrackMastered.create({ trackId, masteringId, kind: 'master', settings, files, masterSha256, results: { lufs: -9, dynamicRange: 3, peak: -1.4, processing: [] }, inputLufs: -20, inputTruePeakDbtp: -3, elapsedSeconds: 2 });
  /** A track through intake and one master. */
  const masteredTrack: TrackEvent[] = [...intake, masteringRequested(), mastered()];
  const checkStarted = (checkId = 'c1') => TrackCopyrightCheckStarted.create({ trackId, checkId, storedName: 'm.wav', sha256: 'c'.repeat(64) });
  const startCheck = (overrides: Partial<{ checkId: string; sha256: string }> = {}): TrackCommand => ({ type: 'StartCopyrightCheck', data: { ...checkStarted().data, ...overrides } });
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
  const analysis = (status: 'cleared' | 'conflict' | 'needs_review', similarity = 0): CopyrightAnalysisRecord => ({
    clearanceScore: status === 'cleared' ? 100 : 50,
    status,
    audioFingerprint: 'gfp1-1-x',
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    databasesChecked: 2,
    recordsScanned: 3,
    conflicts: status === 'conflict' ? [{ workId: 'w', owner: 'o', similarity, kind: 'fingerprint' }] : [],
    recommendations: [],
    reason: status === 'conflict' ? 'The same recording as a registered work' : status === 'needs_review' ? 'A melody like “Harbour Lights” by alice' : null,
    notChecked: [],
    passages: status === 'needs_review' ? [passage] : [],
  });
  const checked = (status: 'cleared' | 'conflict' | 'needs_review', similarity = 0) =>
    TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256: 'c'.repeat(64), analysis: analysis(status, similarity), elapsedSeconds: 1 });
  /** A mastered track whose check ended with `status`. */
  const checkedTrack = (status: 'cleared' | 'conflict' | 'needs_review', similarity = 0): TrackEvent[] => [...masteredTrack, checkStarted(), checked(status, similarity)];

  it('given a probed upload, mastering moves it through mastering to mastered, and a repeated command decides nothing', () => {
    const requestMaster: TrackCommand = { type: 'RequestMastering', data: masteringRequested().data };
    const completeMaster: TrackCommand = { type: 'CompleteMastering', data: mastered().data };
    expect(when(intake, requestMaster)).toEqual([masteringRequested()]);
    expect(given(...intake, masteringRequested())).toMatchObject({ stages: { status: 'mastering' } });
    expect(when([...intake, masteringRequested()], completeMaster)).toEqual([mastered()]);
    expect(given(...masteredTrack)).toMatchObject({ stages: { status: 'mastered', mastering: { running: null, master: { masterSha256: 'c'.repeat(64) } } } });
    expect(when(masteredTrack, requestMaster)).toEqual([]);
    expect(when(masteredTrack, completeMaster)).toEqual([]);
  });

  it('a retried attempt redoing the work records only progress past what an earlier attempt recorded', () => {
    const progressed = (step: string, progress: number, masteringId = 'm1') => TrackMasteringProgressed.create({ trackId, masteringId, step, description: step, progress });
    const report = (step: string, progress: number, masteringId = 'm1'): TrackCommand => ({ type: 'ReportMasteringProgress', data: progressed(step, progress, masteringId).data });
    const firstAttempt = [...intake, masteringRequested(), progressed('Audio Analysis', 0), progressed('Audio Analysis', 100), progressed('Compression', 40)];
    expect(when(firstAttempt, report('Audio Analysis', 0))).toEqual([]);
    expect(when(firstAttempt, report('Audio Analysis', 100))).toEqual([]);
    expect(when(firstAttempt, report('Compression', 40))).toEqual([]);
    expect(when(firstAttempt, report('Compression', 60))).toEqual([progressed('Compression', 60)]);
    // A new run starts its own count.
    const again = [...intake, masteringRequested(), progressed('Audio Analysis', 100), mastered(), masteringRequested('m2')];
    expect(when(again, report('Audio Analysis', 0, 'm2'))).toEqual([progressed('Audio Analysis', 0, 'm2')]);

    const stageProgressed = (state: 'started' | 'completed') => TrackCopyrightCheckProgressed.create({ trackId, checkId: 'c1', stage: COPYRIGHT_ANALYSIS_STAGES[0], step: 1, state });
    const reportStage = (state: 'started' | 'completed'): TrackCommand => ({ type: 'ReportCheckProgress', data: stageProgressed(state).data });
    const checking = [...masteredTrack, checkStarted(), stageProgressed('started'), stageProgressed('completed')];
    expect(when(checking, reportStage('started'))).toEqual([]);
    expect(when(checking, reportStage('completed'))).toEqual([]);
    expect(when([...masteredTrack, checkStarted()], reportStage('started'))).toEqual([stageProgressed('started')]);
  });

  it('refuses registration before a check, and the check of a file that is not the current one', () => {
    expect(refusal(given(...masteredTrack), 'register')).toBe('Run the copyright check first');
    expect(() => when(masteredTrack, startCheck({ sha256: 'd'.repeat(64) }))).toThrow(IllegalStateError);
    expect(when(masteredTrack, startCheck())).toEqual([checkStarted()]);
  });

  it('refuses a check of audio shorter than the oracle can analyse, and nothing is recorded', () => {
    const short = [received, stored, TrackProbed.create({ ...probeData, durationSeconds: 2 })];
    expect(refusal(given(...short), 'check')).toBe('The track is 2.0 s long; the copyright check needs at least 3 s of audio');
    expect(() => when(short, startCheck({ sha256: 'b'.repeat(64) }))).toThrow(/^The track is 2.0 s long/);
    expect(refusal(given(...intake), 'check')).toBeNull();
  });

  it('given a failed master, the free check still runs on the file the track has (the upload), and clears the failure', () => {
    const failedMaster = [...intake, masteringRequested(), TrackMasteringFailed.create({ trackId, masteringId: 'm1', reason: 'The input is silent: there is nothing to master' })];
    expect(given(...failedMaster)).toMatchObject({ stages: { status: 'failed', failure: { step: 'master' } } });
    expect(refusal(given(...failedMaster), 'check')).toBeNull();
    const onUpload = TrackCopyrightCheckStarted.create({ trackId, checkId: 'c1', storedName: fileData.storedName, sha256: fileData.sha256 });
    expect(when(failedMaster, { type: 'StartCopyrightCheck', data: onUpload.data })).toEqual([onUpload]);
    expect(given(...failedMaster, onUpload)).toMatchObject({ stages: { status: 'completed', failure: null } });
  });

  it('a conflict fails the oracle step with the reason and the closest similarity, and blocks registration', () => {
    const state = given(...checkedTrack('conflict', 97.5));
    expect(state).toMatchObject({ stages: { status: 'failed', failure: { step: 'oracle', reason: 'The same recording as a registered work', similarity: 97.5 } } });
    expect(refusal(state, 'register')).toBe('The copyright check found a conflict: The same recording as a registered work');
    expect(refusal(state, 'check')).toMatch(/^The copyright check found a conflict/);
  });

  it('a cleared check allows registration; a new master voids the check', () => {
    expect(refusal(given(...checkedTrack('cleared')), 'register')).toBeNull();
    const remastered = given(...checkedTrack('cleared'), masteringRequested('m2'), mastered('m2'));
    expect(refusal(remastered, 'register')).toBe('Run the copyright check first');
  });

  it('only a failed registration can be retried, and only once registered is mastering refused', () => {
    expect(refusal(given(...checkedTrack('cleared')), 'retry')).toBe('Only a failed registration can be retried');
    const signed = TrackRegistrationSigned.create({ trackId, certificateId: 'GOOSE-CERT-1', sha256: 'c'.repeat(64), storedName: 'm.wav', network: 'testnet', account: 'r'.repeat(30), txHash: 'A'.repeat(64), txBlob: 'AB', sequence: 1, fee: '12', lastLedgerSequence: null });
    expect(when(checkedTrack('cleared'), { type: 'SignRegistration', data: signed.data })).toEqual([signed]);
    expect(refusal(given(...checkedTrack('cleared'), signed), 'master')).toBe('The track is being registered; its master cannot change');
  });

  const reviewRequested = (note?: string, checkId = 'c1') => TrackCopyrightReviewRequested.create({ trackId, checkId, requestedAt: '2026-03-14T10:00:00.000Z', ...(note === undefined ? {} : { note }) });
  const requestReview = (note?: string, checkId = 'c1'): TrackCommand => ({
    type: 'RequestCopyrightReview',
    data: { trackId, checkId, requestedAt: '2026-03-14T10:00:00.000Z', ...(note === undefined ? {} : { note }) },
  });

  it('given a check held for review, the track keeps its stage with the evidence, registration is refused and the check may run again', () => {
    const held = given(...checkedTrack('needs_review'));
    expect(held).toMatchObject({ stages: { status: 'mastered', failure: null, check: { running: null, reviewRequest: null, result: { analysis: { status: 'needs_review', passages: [passage] } } } } });
    expect(refusal(held, 'register')).toBe('The copyright check held the track for review: A melody like “Harbour Lights” by alice');
    expect(refusal(held, 'check')).toBeNull();
  });

  it('given a check held for review, when the creator requests a review, then TrackCopyrightReviewRequested; a second request for that check is refused', () => {
    expect(when(checkedTrack('needs_review'), requestReview('The melody is mine'))).toEqual([
      { type: 'TrackCopyrightReviewRequested', data: { trackId, checkId: 'c1', note: 'The melody is mine', requestedAt: '2026-03-14T10:00:00.000Z' } },
    ]);
    const requested = [...checkedTrack('needs_review'), reviewRequested()];
    expect(given(...requested)).toMatchObject({ stages: { status: 'mastered', check: { reviewRequest: { checkId: 'c1', requestedAt: '2026-03-14T10:00:00.000Z' } } } });
    expect(refusal(given(...requested), 'review')).toBe('A review of this check was already requested on 2026-03-14');
    expect(() => when(requested, requestReview())).toThrow('A review of this check was already requested on 2026-03-14');
    expect(refusal(given(...requested), 'register')).toMatch(/^The copyright check held the track for review/);
  });

  it('refuses a review request without a held check, of another check, or with a note over 1000 characters; a new check voids the request', () => {
    expect(() => when(masteredTrack, requestReview())).toThrow('Run the copyright check first');
    expect(() => when(checkedTrack('cleared'), requestReview())).toThrow('Only a check that held the track for review or found a conflict can be reviewed; the latest one cleared the track');
    expect(() => when(checkedTrack('needs_review'), requestReview(undefined, 'c0'))).toThrow('A review can only be requested for the latest copyright check');
    expect(() => when(checkedTrack('needs_review'), requestReview('x'.repeat(1001)))).toThrow();
    const rechecked = given(...checkedTrack('needs_review'), reviewRequested(), checkStarted('c2'));
    expect(rechecked).toMatchObject({ stages: { check: { running: { checkId: 'c2' }, reviewRequest: null } } });
  });

  it('folds a check recorded before passages and named works were kept', () => {
    const { passages: _passages, ...old } = analysis('needs_review');
    const state = given(...masteredTrack, checkStarted(), TrackCopyrightChecked.create({ trackId, checkId: 'c1', sha256: 'c'.repeat(64), analysis: old, elapsedSeconds: 1 }));
    expect(state).toMatchObject({ stages: { status: 'mastered', check: { result: { analysis: { status: 'needs_review' } } } } });
    expect(refusal(state, 'review')).toBeNull();
  });

  const reviewDecided = (outcome: 'cleared' | 'refused', checkId = 'c1', disputeId = 'review-c1') =>
    TrackCopyrightReviewDecided.create({ trackId, checkId, disputeId, outcome, details: outcome === 'cleared' ? 'Only the chord progression is shared' : 'The chorus is copied', reviewerName: 'rita', decidedAt: '2026-03-20T10:00:00.000Z' });
  const decide = (outcome: 'cleared' | 'refused', checkId = 'c1', disputeId = 'review-c1'): TrackCommand => ({ type: 'DecideCopyrightReview', data: reviewDecided(outcome, checkId, disputeId).data });

  it('given a check held for review, when a reviewer clears it, then TrackCopyrightReviewDecided and the track may register as if cleared', () => {
    expect(when(checkedTrack('needs_review'), decide('cleared'))).toEqual([reviewDecided('cleared')]);
    const cleared = given(...checkedTrack('needs_review'), reviewDecided('cleared'));
    expect(cleared).toMatchObject({ stages: { status: 'mastered', failure: null, check: { reviewDecision: { outcome: 'cleared', reviewerName: 'rita' } } } });
    expect(refusal(cleared, 'register')).toBeNull();
    expect(refusal(cleared, 'review')).toBe('A reviewer already decided this check: cleared');
  });

  it('given a check held for review, when a reviewer refuses it, then the track fails at the oracle with the reviewer\'s reason and registration is refused', () => {
    const refused = given(...checkedTrack('needs_review'), reviewDecided('refused'));
    expect(refused).toMatchObject({ stages: { status: 'failed', failure: { step: 'oracle', reason: 'A reviewer refused the track: The chorus is copied' } } });
    expect(refusal(refused, 'register')).toBe('A reviewer refused the track: The chorus is copied');
  });

  it('given a decided review, the same decision delivered again decides nothing and a different one is refused', () => {
    const cleared = [...checkedTrack('needs_review'), reviewDecided('cleared')];
    expect(when(cleared, decide('cleared'))).toEqual([]);
    expect(() => when(cleared, decide('refused'))).toThrow('A reviewer already decided this check: cleared');
  });

  it('given a conflict, the creator may contest it; a decision needs the contest, and clearing it lets the track register', () => {
    expect(refusal(given(...checkedTrack('conflict', 97)), 'review')).toBeNull();
    expect(() => when(checkedTrack('conflict', 97), decide('cleared'))).toThrow('The creator did not contest this conflict, so there is nothing to review');
    const contested = [...checkedTrack('conflict', 97), reviewRequested('I licensed the sample')];
    expect(refusal(given(...contested), 'register')).toMatch(/^The copyright check found a conflict/);
    expect(when(contested, decide('cleared'))).toEqual([reviewDecided('cleared')]);
    const cleared = given(...checkedTrack('conflict', 97), reviewRequested(), reviewDecided('cleared'));
    expect(cleared).toMatchObject({ stages: { status: 'mastered', failure: null } });
    expect(refusal(cleared, 'register')).toBeNull();
  });

  it('refuses a decision about an older check, about a cleared check, or before any check', () => {
    expect(() => when(masteredTrack, decide('cleared'))).toThrow('The track was checked again since this review opened; the decision is about an older check');
    expect(() => when(checkedTrack('needs_review'), decide('cleared', 'c0'))).toThrow('The track was checked again since this review opened; the decision is about an older check');
    expect(() => when(checkedTrack('cleared'), decide('cleared'))).toThrow('The check cleared the track; there is nothing to review');
  });

  it('given a cleared review, a new master voids the decision: the new content needs its own check', () => {
    const remastered = given(...checkedTrack('needs_review'), reviewDecided('cleared'), masteringRequested('m2'), mastered('m2', 'd'.repeat(64)));
    expect(remastered).toMatchObject({ stages: { check: { result: null, reviewDecision: null } } });
    expect(refusal(remastered, 'register')).toBe('Run the copyright check first');
  });

  const oracleStep = (...events: TrackEvent[]) => {
    const state = given(...events);
    if (state.status === 'none') throw new Error('no track');
    const steps = workflowSteps(state);
    return { oracle: steps.find((step) => step.name === 'oracle')?.status, stage: currentStage(steps) };
  };

  it('given a held or contested check a reviewer cleared, then its oracle step is completed and the track stands at register; undecided, refused or re-mastered it is not', () => {
    expect(oracleStep(...checkedTrack('needs_review'))).toEqual({ oracle: 'pending', stage: 'oracle' });
    expect(oracleStep(...checkedTrack('needs_review'), reviewDecided('cleared'))).toEqual({ oracle: 'completed', stage: 'register' });
    expect(oracleStep(...checkedTrack('needs_review'), reviewDecided('refused'))).toEqual({ oracle: 'failed', stage: 'oracle' });
    expect(oracleStep(...checkedTrack('conflict', 97), reviewRequested())).toEqual({ oracle: 'failed', stage: 'oracle' });
    expect(oracleStep(...checkedTrack('conflict', 97), reviewRequested(), reviewDecided('cleared'))).toEqual({ oracle: 'completed', stage: 'register' });
    expect(oracleStep(...checkedTrack('needs_review'), reviewDecided('cleared'), masteringRequested('m2'), mastered('m2', 'd'.repeat(64)))).toEqual({ oracle: 'pending', stage: 'oracle' });
    expect(oracleStep(...checkedTrack('needs_review'), reviewDecided('cleared'), checkStarted('c2'))).toEqual({ oracle: 'running', stage: 'oracle' });
  });

  const caseOpened = (checkId = 'c1', disputeId = 'review-c1') => TrackCopyrightReviewOpened.create({ trackId, checkId, disputeId, openedAt: '2026-03-14T10:00:01.000Z' });
  const openCase = (checkId = 'c1', disputeId = 'review-c1'): TrackCommand => ({ type: 'OpenCopyrightReview', data: caseOpened(checkId, disputeId).data });

  it('given a check held for review, when its review case opens, then TrackCopyrightReviewOpened once; the same case again decides nothing, another is refused', () => {
    expect(when(checkedTrack('needs_review'), openCase())).toEqual([caseOpened()]);
    const opened = [...checkedTrack('needs_review'), caseOpened()];
    expect(given(...opened)).toMatchObject({ stages: { status: 'mastered', check: { reviewCase: { disputeId: 'review-c1' } } } });
    expect(when(opened, openCase())).toEqual([]);
    expect(() => when(opened, openCase('c1', 'other'))).toThrow('A review case is already open for this check: review-c1');
  });

  it('refuses to open a case for an older check, a cleared check, or a conflict the creator did not contest', () => {
    expect(() => when(checkedTrack('needs_review'), openCase('c0'))).toThrow('A review case can only open for the latest copyright check');
    expect(() => when(checkedTrack('cleared'), openCase())).toThrow('The check cleared the track; there is nothing to review');
    expect(() => when(checkedTrack('conflict', 97), openCase())).toThrow('The creator did not contest this conflict, so there is nothing to review');
    expect(when([...checkedTrack('conflict', 97), reviewRequested()], openCase())).toEqual([caseOpened()]);
  });
});
