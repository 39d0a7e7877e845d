// The track aggregate: intake (receive, store, probe), then the stages the creator drives —
// mastering, the copyright check, the XRPL registration, the certificate and the vault.
// One small function per command, dispatched by an exhaustive switch. Each command is idempotent
// against the state it finds, so a retried activity that re-runs a command after its events were
// already appended decides nothing new.
import type { z } from 'zod';
import type { TrackStatus } from '../constants';
import { IllegalStateError } from '../shared/errors';
import {
  TrackCertificateIssued,
  TrackCopyrightCheckFailed,
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
  TrackRegistrationFailed,
  TrackRegistrationRetryRequested,
  TrackRegistrationSigned,
  TrackRegistrationSubmitted,
  TrackStoredInVault,
  type StageEvent,
} from './stage.events';
import { TrackFileStored, TrackIntakeFailed, TrackProbed, TrackUploadReceived, type TrackEvent } from './track.events';
import { tooShortToCheck } from './lifecycle';

type Data<D extends { schema: z.ZodType }> = z.output<D['schema']>;
type Received = Data<typeof TrackUploadReceived>;
type Stored = Data<typeof TrackFileStored>;
type Probed = Data<typeof TrackProbed>;

/** The step a track failed at, and why; the creator (or an operator) may run that step again. */
export interface StageFailure {
  step: 'master' | 'oracle' | 'register';
  reason: string;
  /** Highest similarity of a conflicting work (0–100), for a copyright conflict. */
  similarity: number | null;
  resultCode: string | null;
}

/** Everything after intake. */
export interface TrackStages {
  status: TrackStatus;
  /** `reported`: the furthest progress recorded per step of the running run, so a retried attempt redoing the work does not record it twice. */
  mastering: { running: Data<typeof TrackMasteringRequested> | null; master: Data<typeof TrackMastered> | null; preview: Data<typeof TrackMastered> | null; reported: Record<string, number> };
  /** The running check, the latest result, the creator's request to review that result and the reviewer's decision. */
  check: {
    running: Data<typeof TrackCopyrightCheckStarted> | null;
    result: Data<typeof TrackCopyrightChecked> | null;
    reviewRequest: Data<typeof TrackCopyrightReviewRequested> | null;
    /** The review case opened for the latest check, when one was. */
    reviewCase: Data<typeof TrackCopyrightReviewOpened> | null;
    reviewDecision: Data<typeof TrackCopyrightReviewDecided> | null;
    /** The furthest state recorded per stage of the running check (as `mastering.reported`). */
    reported: Partial<Record<string, CheckStageState>>;
  };
  registration: { signed: Data<typeof TrackRegistrationSigned> | null; submitted: Data<typeof TrackRegistrationSubmitted> | null; retries: number };
  certificate: Data<typeof TrackCertificateIssued> | null;
  failure: StageFailure | null;
}

export type TrackState =
  | { status: 'none' }
  | { status: 'received'; upload: Received }
  | { status: 'stored'; upload: Received; file: Stored }
  | { status: 'probed'; upload: Received; file: Stored; probe: Probed; stages: TrackStages }
  | { status: 'intake_failed'; upload: Received; step: string; reason: string };

export type ProbedTrack = Extract<TrackState, { status: 'probed' }>;

export const initialTrackState: TrackState = { status: 'none' };

export type TrackCommand =
  | { type: 'ReceiveUpload'; data: Received }
  | { type: 'StoreFile'; data: Stored }
  | { type: 'RecordProbe'; data: Probed }
  | { type: 'FailIntake'; data: { trackId: string; step: string; reason: string } }
  | { type: 'RequestMastering'; data: Data<typeof TrackMasteringRequested> }
  | { type: 'ReportMasteringProgress'; data: Data<typeof TrackMasteringProgressed> }
  | { type: 'CompleteMastering'; data: Data<typeof TrackMastered> }
  | { type: 'FailMastering'; data: Data<typeof TrackMasteringFailed> }
  | { type: 'StartCopyrightCheck'; data: Data<typeof TrackCopyrightCheckStarted> }
  | { type: 'ReportCheckProgress'; data: Data<typeof TrackCopyrightCheckProgressed> }
  | { type: 'RecordCheckResult'; data: Data<typeof TrackCopyrightChecked> }
  | { type: 'FailCopyrightCheck'; data: Data<typeof TrackCopyrightCheckFailed> }
  | { type: 'RequestCopyrightReview'; data: Data<typeof TrackCopyrightReviewRequested> }
  | { type: 'OpenCopyrightReview'; data: Data<typeof TrackCopyrightReviewOpened> }
  | { type: 'DecideCopyrightReview'; data: Data<typeof TrackCopyrightReviewDecided> }
  | { type: 'SignRegistration'; data: Data<typeof TrackRegistrationSigned> }
  | { type: 'RecordSubmission'; data: Data<typeof TrackRegistrationSubmitted> }
  | { type: 'FailRegistration'; data: Data<typeof TrackRegistrationFailed> }
  | { type: 'RequestRegistrationRetry'; data: Data<typeof TrackRegistrationRetryRequested> }
  | { type: 'IssueCertificate'; data: Data<typeof TrackCertificateIssued> }
  | { type: 'StoreInVault'; data: Data<typeof TrackStoredInVault> };

const REGISTERED: readonly TrackStatus[] = ['copyrighted', 'in_vault', 'contracted'];

/** Audio and video have a sound track the audio engine can master. */
export function isMasterable(track: ProbedTrack): boolean {
  return track.probe.sampleRate !== null && track.probe.channels !== null && (track.upload.contentType === 'music' || track.upload.contentType === 'video');
}

/** The file a check and a registration are about: the master when there is one, else the upload. */
export function registrableFile(track: ProbedTrack): { storedName: string; sha256: string } {
  const master = track.stages.mastering.master;
  if (master) return { storedName: master.files.master, sha256: master.masterSha256 };
  return { storedName: track.file.storedName, sha256: track.file.sha256 };
}

/** Why `command` cannot start on this track now, or null when it can (what the API shows). */
export function refusal(state: TrackState, command: 'master' | 'check' | 'register' | 'retry' | 'review'): string | null {
  if (state.status === 'intake_failed') return `The upload failed intake: ${state.reason}`;
  if (state.status !== 'probed') return 'The upload is still being stored and checked';
  const { stages } = state;
  if (stages.mastering.running) return 'Mastering is running for this track';
  if (stages.check.running) return 'A copyright check is running for this track';
  const failedAt = stages.failure?.step ?? null;
  switch (command) {
    case 'master':
      if (!isMasterable(state)) return `A ${state.upload.contentType} upload has no audio to master`;
      if (REGISTERED.includes(stages.status)) return 'The track is already registered; its master cannot change';
      if (stages.registration.signed) return 'The track is being registered; its master cannot change';
      return null;
    case 'check':
      if (REGISTERED.includes(stages.status) || stages.registration.signed) return 'The track is already registered';
      if (failedAt === 'oracle' && stages.check.result?.analysis.status === 'conflict') {
        return `The copyright check found a conflict: ${stages.check.result.analysis.reason ?? 'a registered work matches'}`;
      }
      // A failed master leaves the track's file as it was (the upload, or an earlier master): the check runs on that.
      return isMasterable(state) ? tooShortToCheck(state.probe.durationSeconds) : null;
    case 'register': {
      if (REGISTERED.includes(stages.status)) return 'The track is already registered';
      if (stages.registration.signed) return failedAt === 'register' ? 'The registration failed; an operator can retry it' : 'The registration is under way';
      const result = stages.check.result;
      if (!result) return 'Run the copyright check first';
      const decision = stages.check.reviewDecision;
      if (decision?.outcome === 'refused') return `A reviewer refused the track: ${decision.details}`;
      if (decision?.outcome === 'cleared') return result.sha256 !== registrableFile(state).sha256 ? 'The track changed since its copyright check; run the check again' : null;
      if (result.analysis.status === 'conflict') return `The copyright check found a conflict: ${result.analysis.reason ?? 'a registered work matches'}`;
      if (result.analysis.status === 'needs_review') return `The copyright check held the track for review: ${result.analysis.reason ?? 'part of it looks copied from a registered work'}`;
      if (result.analysis.status !== 'cleared') return `The copyright check did not clear the track (${result.analysis.status.replace('_', ' ')})`;
      if (result.sha256 !== registrableFile(state).sha256) return 'The track changed since its copyright check; run the check again';
      return null;
    }
    case 'retry':
      if (failedAt !== 'register') return 'Only a failed registration can be retried';
      return null;
    case 'review': {
      const result = stages.check.result;
      if (!result) return 'Run the copyright check first';
      if (!REVIEWABLE.includes(result.analysis.status)) return `Only a check that held the track for review or found a conflict can be reviewed; the latest one ${VERDICT_TEXT[result.analysis.status]}`;
      if (stages.check.reviewDecision) return `A reviewer already decided this check: ${stages.check.reviewDecision.outcome}`;
      if (stages.check.reviewRequest?.checkId === result.checkId) return `A review of this check was already requested on ${stages.check.reviewRequest.requestedAt.slice(0, 10)}`;
      return null;
    }
  }
}

/** Verdicts a person may review: a hold (opened for review at once) and a conflict the creator contests. */
const REVIEWABLE: readonly string[] = ['needs_review', 'conflict'];

const VERDICT_TEXT: Record<Data<typeof TrackCopyrightChecked>['analysis']['status'], string> = {
  cleared: 'cleared the track',
  conflict: 'found a conflict',
  needs_review: 'held the track for review',
  not_available: 'could not give a verdict',
};

export function decideTrack(command: TrackCommand, state: TrackState): TrackEvent[] {
  switch (command.type) {
    case 'ReceiveUpload':
      return receiveUpload(state, command.data);
    case 'StoreFile':
      return storeFile(state, command.data);
    case 'RecordProbe':
      return recordProbe(state, command.data);
    case 'FailIntake':
      return failIntake(state, command.data);
    case 'RequestMastering':
      return requestMastering(probedFor(state, command), command.data);
    case 'ReportMasteringProgress':
      return reportMasteringProgress(probedFor(state, command), command.data);
    case 'CompleteMastering':
      return completeMastering(probedFor(state, command), command.data);
    case 'FailMastering':
      return failMastering(probedFor(state, command), command.data);
    case 'StartCopyrightCheck':
      return startCopyrightCheck(probedFor(state, command), command.data);
    case 'ReportCheckProgress':
      return reportCheckProgress(probedFor(state, command), command.data);
    case 'RecordCheckResult':
      return recordCheckResult(probedFor(state, command), command.data);
    case 'FailCopyrightCheck':
      return failCopyrightCheck(probedFor(state, command), command.data);
    case 'RequestCopyrightReview':
      return requestCopyrightReview(probedFor(state, command), command.data);
    case 'OpenCopyrightReview':
      return openCopyrightReview(probedFor(state, command), command.data);
    case 'DecideCopyrightReview':
      return decideCopyrightReview(probedFor(state, command), command.data);
    case 'SignRegistration':
      return signRegistration(probedFor(state, command), command.data);
    case 'RecordSubmission':
      return recordSubmission(probedFor(state, command), command.data);
    case 'FailRegistration':
      return failRegistration(probedFor(state, command), command.data);
    case 'RequestRegistrationRetry':
      return requestRegistrationRetry(probedFor(state, command), command.data);
    case 'IssueCertificate':
      return issueCertificate(probedFor(state, command), command.data);
    case 'StoreInVault':
      return storeInVault(probedFor(state, command), command.data);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown track command ${JSON.stringify(unknown)}`);
    }
  }
}

type DataOf<T extends TrackCommand['type']> = Extract<TrackCommand, { type: T }>['data'];

function receiveUpload(state: TrackState, data: DataOf<'ReceiveUpload'>): TrackEvent[] {
  if (state.status !== 'none') return [];
  return [TrackUploadReceived.create(data)];
}

function storeFile(state: TrackState, data: DataOf<'StoreFile'>): TrackEvent[] {
  if (state.status === 'stored' || state.status === 'probed') return [];
  if (state.status !== 'received') throw new IllegalStateError(`Cannot store a file for a track that is ${state.status}`);
  return [TrackFileStored.create(data)];
}

function recordProbe(state: TrackState, data: DataOf<'RecordProbe'>): TrackEvent[] {
  if (state.status === 'probed') return [];
  if (state.status !== 'stored') throw new IllegalStateError(`Cannot probe a track that is ${state.status}`);
  return [TrackProbed.create(data)];
}

function failIntake(state: TrackState, data: DataOf<'FailIntake'>): TrackEvent[] {
  if (state.status === 'intake_failed') return [];
  if (state.status === 'none' || state.status === 'probed') throw new IllegalStateError(`Cannot fail intake of a track that is ${state.status}`);
  return [TrackIntakeFailed.create(data)];
}

/** Every stage after intake runs on a probed track. */
function probedFor(state: TrackState, command: TrackCommand): ProbedTrack {
  if (state.status !== 'probed') throw new IllegalStateError(refusal(state, 'master') ?? `Cannot run ${command.type} yet`);
  return state;
}

function refuseUnless(state: ProbedTrack, which: Parameters<typeof refusal>[1]): void {
  const why = refusal(state, which);
  if (why) throw new IllegalStateError(why);
}

function requestMastering(state: ProbedTrack, data: DataOf<'RequestMastering'>): TrackEvent[] {
  const { mastering } = state.stages;
  if (mastering.running?.masteringId === data.masteringId) return [];
  if ([mastering.master, mastering.preview].some((m) => m?.masteringId === data.masteringId)) return [];
  refuseUnless(state, 'master');
  return [TrackMasteringRequested.create(data)];
}

/**
 * Progress of a run that is no longer the running one (a late retry) is dropped, and so is
 * progress a retried attempt makes again up to where an earlier attempt had recorded it.
 */
function reportMasteringProgress(state: ProbedTrack, data: DataOf<'ReportMasteringProgress'>): TrackEvent[] {
  const { mastering } = state.stages;
  if (mastering.running?.masteringId !== data.masteringId) return [];
  if ((mastering.reported[data.step] ?? -1) >= data.progress) return [];
  return [TrackMasteringProgressed.create(data)];
}

function completeMastering(state: ProbedTrack, data: DataOf<'CompleteMastering'>): TrackEvent[] {
  if (state.stages.mastering.running?.masteringId !== data.masteringId) return [];
  return [TrackMastered.create(data)];
}

function failMastering(state: ProbedTrack, data: DataOf<'FailMastering'>): TrackEvent[] {
  if (state.stages.mastering.running?.masteringId !== data.masteringId) return [];
  return [TrackMasteringFailed.create(data)];
}

function startCopyrightCheck(state: ProbedTrack, data: DataOf<'StartCopyrightCheck'>): TrackEvent[] {
  const { check } = state.stages;
  if (check.running?.checkId === data.checkId || check.result?.checkId === data.checkId) return [];
  refuseUnless(state, 'check');
  if (data.sha256 !== registrableFile(state).sha256) throw new IllegalStateError('The file to check is not the track\'s current file');
  return [TrackCopyrightCheckStarted.create(data)];
}

function reportCheckProgress(state: ProbedTrack, data: DataOf<'ReportCheckProgress'>): TrackEvent[] {
  const { check } = state.stages;
  if (check.running?.checkId !== data.checkId) return [];
  const recorded = check.reported[data.stage];
  if (recorded && CHECK_STAGE_STATES.indexOf(recorded) >= CHECK_STAGE_STATES.indexOf(data.state)) return [];
  return [TrackCopyrightCheckProgressed.create(data)];
}

function recordCheckResult(state: ProbedTrack, data: DataOf<'RecordCheckResult'>): TrackEvent[] {
  if (state.stages.check.running?.checkId !== data.checkId) return [];
  return [TrackCopyrightChecked.create(data)];
}

function failCopyrightCheck(state: ProbedTrack, data: DataOf<'FailCopyrightCheck'>): TrackEvent[] {
  if (state.stages.check.running?.checkId !== data.checkId) return [];
  return [TrackCopyrightCheckFailed.create(data)];
}

function signRegistration(state: ProbedTrack, data: DataOf<'SignRegistration'>): TrackEvent[] {
  if (state.stages.registration.signed) return [];
  refuseUnless(state, 'register');
  return [TrackRegistrationSigned.create(data)];
}

function recordSubmission(state: ProbedTrack, data: DataOf<'RecordSubmission'>): TrackEvent[] {
  const { registration, failure } = state.stages;
  if (!registration.signed || registration.signed.txHash !== data.txHash) throw new IllegalStateError('No signed registration with that transaction hash');
  const previous = registration.submitted;
  if (previous && previous.outcome === data.outcome && failure?.step !== 'register') return [];
  return [TrackRegistrationSubmitted.create(data)];
}

function failRegistration(state: ProbedTrack, data: DataOf<'FailRegistration'>): TrackEvent[] {
  const { failure, status } = state.stages;
  if (failure?.step === 'register' && failure.reason === data.reason) return [];
  if (REGISTERED.includes(status)) throw new IllegalStateError('The track is already registered');
  return [TrackRegistrationFailed.create(data)];
}

function requestRegistrationRetry(state: ProbedTrack, data: DataOf<'RequestRegistrationRetry'>): TrackEvent[] {
  refuseUnless(state, 'retry');
  return [TrackRegistrationRetryRequested.create(data)];
}

function issueCertificate(state: ProbedTrack, data: DataOf<'IssueCertificate'>): TrackEvent[] {
  const { certificate, registration, failure } = state.stages;
  if (certificate) return [];
  if (!registration.submitted || failure) throw new IllegalStateError('The registration has not gone through');
  return [TrackCertificateIssued.create(data)];
}

function storeInVault(state: ProbedTrack, data: DataOf<'StoreInVault'>): TrackEvent[] {
  const { status, certificate } = state.stages;
  if (status === 'in_vault' || status === 'contracted') return [];
  if (!certificate) throw new IllegalStateError('A track enters the vault with its certificate');
  return [TrackStoredInVault.create(data)];
}

/** A review is of the latest check, once, and only of one that held the track. */
function requestCopyrightReview(state: ProbedTrack, data: Data<typeof TrackCopyrightReviewRequested>): TrackEvent[] {
  const why = refusal(state, 'review');
  if (why) throw new IllegalStateError(why);
  if (state.stages.check.result?.checkId !== data.checkId) throw new IllegalStateError('A review can only be requested for the latest copyright check');
  return [TrackCopyrightReviewRequested.create(data)];
}

/** A case opens for the latest check when it held the track, or when the creator contested its conflict; once. */
function openCopyrightReview(state: ProbedTrack, data: Data<typeof TrackCopyrightReviewOpened>): TrackEvent[] {
  const { result, reviewRequest, reviewCase } = state.stages.check;
  if (reviewCase?.checkId === data.checkId) {
    if (reviewCase.disputeId === data.disputeId) return [];
    throw new IllegalStateError(`A review case is already open for this check: ${reviewCase.disputeId}`);
  }
  if (result?.checkId !== data.checkId) throw new IllegalStateError('A review case can only open for the latest copyright check');
  if (result.analysis.status === 'conflict' && reviewRequest?.checkId !== data.checkId) throw new IllegalStateError('The creator did not contest this conflict, so there is nothing to review');
  if (!REVIEWABLE.includes(result.analysis.status)) throw new IllegalStateError(`The check ${VERDICT_TEXT[result.analysis.status]}; there is nothing to review`);
  return [TrackCopyrightReviewOpened.create(data)];
}

/**
 * A reviewer's decision is about the latest check, which held the track (or found a conflict the
 * creator contested), and is taken once: the same decision delivered again decides nothing.
 */
function decideCopyrightReview(state: ProbedTrack, data: Data<typeof TrackCopyrightReviewDecided>): TrackEvent[] {
  const { result, reviewRequest, reviewDecision } = state.stages.check;
  if (reviewDecision) {
    if (reviewDecision.disputeId === data.disputeId && reviewDecision.outcome === data.outcome) return [];
    throw new IllegalStateError(`A reviewer already decided this check: ${reviewDecision.outcome}`);
  }
  if (result?.checkId !== data.checkId) throw new IllegalStateError('The track was checked again since this review opened; the decision is about an older check');
  if (result.analysis.status === 'conflict' && reviewRequest?.checkId !== data.checkId) throw new IllegalStateError('The creator did not contest this conflict, so there is nothing to review');
  if (!REVIEWABLE.includes(result.analysis.status)) throw new IllegalStateError(`The check ${VERDICT_TEXT[result.analysis.status]}; there is nothing to review`);
  return [TrackCopyrightReviewDecided.create(data)];
}

/** A check stage's states in the order they are reported. */
const CHECK_STAGE_STATES = ['started', 'completed'] as const;
type CheckStageState = (typeof CHECK_STAGE_STATES)[number];

function noCheck(): TrackStages['check'] {
  return { running: null, result: null, reviewRequest: null, reviewCase: null, reviewDecision: null, reported: {} };
}

const freshStages: TrackStages = {
  status: 'completed',
  mastering: { running: null, master: null, preview: null, reported: {} },
  check: noCheck(),
  registration: { signed: null, submitted: null, retries: 0 },
  certificate: null,
  failure: null,
};

export function evolveTrack(state: TrackState, event: TrackEvent): TrackState {
  switch (event.type) {
    case 'TrackUploadReceived':
      return { status: 'received', upload: event.data };
    case 'TrackFileStored':
      if (state.status !== 'received') return state;
      return { status: 'stored', upload: state.upload, file: event.data };
    case 'TrackProbed':
      if (state.status !== 'stored') return state;
      return { status: 'probed', upload: state.upload, file: state.file, probe: event.data, stages: freshStages };
    case 'TrackIntakeFailed':
      if (state.status === 'none') return state;
      return { status: 'intake_failed', upload: state.upload, step: event.data.step, reason: event.data.reason };
    default:
      if (state.status !== 'probed') return state;
      return { ...state, stages: evolveStages(state.stages, event) };
  }
}

function evolveStages(s: TrackStages, event: StageEvent): TrackStages {
  switch (event.type) {
    case 'TrackMasteringRequested':
      return { ...s, status: event.data.kind === 'master' ? 'mastering' : s.status, mastering: { ...s.mastering, running: event.data, reported: {} } };
    case 'TrackMasteringProgressed':
      return { ...s, mastering: { ...s.mastering, reported: { ...s.mastering.reported, [event.data.step]: event.data.progress } } };
    case 'TrackMastered': {
      const mastering = { ...s.mastering, running: null };
      if (event.data.kind === 'preview') return { ...s, mastering: { ...mastering, preview: event.data } };
      // A new master is new content: an earlier check no longer speaks for it.
      return { ...s, status: 'mastered', failure: null, check: noCheck(), mastering: { ...mastering, master: event.data, preview: event.data } };
    }
    case 'TrackMasteringFailed': {
      const wasMaster = s.mastering.running?.kind === 'master';
      const mastering = { ...s.mastering, running: null };
      if (!wasMaster) return { ...s, mastering };
      return { ...s, mastering, status: 'failed', failure: { step: 'master', reason: event.data.reason, similarity: null, resultCode: null } };
    }
    case 'TrackCopyrightCheckStarted':
      return { ...s, failure: null, status: s.mastering.master ? 'mastered' : 'completed', check: { ...noCheck(), running: event.data } };
    case 'TrackCopyrightCheckProgressed':
      return { ...s, check: { ...s.check, reported: { ...s.check.reported, [event.data.stage]: event.data.state } } };
    case 'TrackCopyrightChecked': {
      const check = { ...noCheck(), result: event.data };
      // A hold for review is not a dead end: the track keeps its stage while a person looks at the evidence.
      if (event.data.analysis.status === 'cleared' || event.data.analysis.status === 'needs_review') return { ...s, check };
      const similarity = event.data.analysis.conflicts.reduce<number | null>((top, c) => Math.max(top ?? 0, c.similarity), null);
      const reason = event.data.analysis.reason ?? `The check did not clear the track (${event.data.analysis.status.replace('_', ' ')})`;
      return { ...s, check, status: 'failed', failure: { step: 'oracle', reason, similarity, resultCode: null } };
    }
    case 'TrackCopyrightCheckFailed':
      return { ...s, check: noCheck(), status: 'failed', failure: { step: 'oracle', reason: event.data.reason, similarity: null, resultCode: null } };
    case 'TrackCopyrightReviewRequested':
      return { ...s, check: { ...s.check, reviewRequest: event.data } };
    case 'TrackCopyrightReviewOpened':
      return { ...s, check: { ...s.check, reviewCase: event.data } };
    case 'TrackCopyrightReviewDecided': {
      const check = { ...s.check, reviewDecision: event.data };
      // Cleared: as if the check had cleared the track. Refused: held, with the reviewer's reason.
      if (event.data.outcome === 'cleared') return { ...s, check, failure: null, status: s.mastering.master ? 'mastered' : 'completed' };
      return { ...s, check, status: 'failed', failure: { step: 'oracle', reason: `A reviewer refused the track: ${event.data.details}`, similarity: s.failure?.similarity ?? null, resultCode: null } };
    }
    case 'TrackRegistrationSigned':
      return { ...s, registration: { ...s.registration, signed: event.data } };
    case 'TrackRegistrationSubmitted':
      return { ...s, failure: null, status: s.status === 'failed' ? (s.mastering.master ? 'mastered' : 'completed') : s.status, registration: { ...s.registration, submitted: event.data } };
    case 'TrackRegistrationFailed':
      return { ...s, status: 'failed', failure: { step: 'register', reason: event.data.reason, similarity: null, resultCode: event.data.resultCode } };
    case 'TrackRegistrationRetryRequested':
      return { ...s, failure: null, status: s.mastering.master ? 'mastered' : 'completed', registration: { ...s.registration, retries: s.registration.retries + 1 } };
    case 'TrackCertificateIssued':
      return { ...s, status: 'copyrighted', certificate: event.data };
    case 'TrackStoredInVault':
      return { ...s, status: 'in_vault' };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown track event ${JSON.stringify(unknown)}`);
    }
  }
}

export const trackDecider = { decide: decideTrack, evolve: evolveTrack, initialState: initialTrackState };
