// The track lifecycle's activities: each runs a command through the shared command handler (read
// the track stream, the track decider, append). Event ids derive from the workflow id, the activity
// (with its command's id) and the event's index, and the decider decides nothing for work already
// recorded, so a retried activity never appends twice, and never signs or registers twice. Bad
// content and business refusals are non-retryable failures with a human reason.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import { evolveUser, initialUserState } from '../../domain/identity/user.decider';
import { userStreamId, type UserEvent } from '../../domain/identity/user.events';
import { ConcurrencyError, DomainError } from '../../domain/shared/errors';
import { decideTrack, trackDecider, type TrackCommand, type TrackState } from '../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import { CERTIFICATE_FORMAT_VERSION } from '../../domain/constants';
import { startingStep, type IntakeStep } from '../../domain/track/lifecycle';
import { currentStage, workflowSteps } from '../../domain/track/progress';
import type { CopyrightAnalysisRecord } from '../../domain/track/stage.events';
import { refusal, registrableFile, type ProbedTrack } from '../../domain/track/track.decider';
import { masterTrack, MasteringError } from '../../infra/audio/mastering';
import { AudioTooShortError, type ExternalCatalogue } from '../../infra/audio/oracle';
import { signCertificate, type CertificateFields } from '../../infra/certificate/certificate';
import type { CertificateSigningKey } from '../../infra/certificate/signing-key';
import { eventStoreProvenanceSource } from '../../infra/creation/generation-provenance';
import type { Db } from '../../infra/db/db';
import { handleCommand, readState } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import { probeFile, UnreadableMediaError, type MediaProbe } from '../../infra/media/probe';
import { analyzeContent } from '../../infra/similarity/content-oracle';
import { sha256File } from '../../infra/storage/file-storage';
import type { ContentStorage } from '../../infra/storage/storage';
import { decodeRegistrationMemo, explorerLinks, XrplRejectedError, type XrplLedger } from '../../infra/xrpl/ledger';
import { oracleReviewDisputeId, type OpenOracleReview } from '../../domain/disputes/oracle-review';
import { generatedWork, type GeneratedWork, type GenerationProvenanceSource } from '../../domain/creation/generated-work';
import { FAILURE_KINDS, refusalFailure } from '../failure-kinds';
import { TRACK_FAILURES, type CheckCommand, type CommandContext, type LifecycleProgress, type MasterCommand, type RegisterCommand, type RetryCommand, type ReviewDecisionCommand, type TrackLifecycleInput } from './shared';

export interface TrackLifecycleActivityDeps {
  eventStore: EventStore;
  storage: ContentStorage;
  /** The platform database: the copyright registry and the users read model (owner names). */
  db: Db;
  ledger: XrplLedger;
  signingKey: CertificateSigningKey;
  /** Opens the review case of a held check (the dispute workflow's client); without it no case opens, and the activity says so. */
  openOracleReview?: OpenOracleReview;
  /** A generated track's provenance, for its certificate; by default read from the generation's stream. */
  generationProvenance?: GenerationProvenanceSource;
  /** The outside catalogue the check also asks (AcoustID when ACOUSTID_API_KEY is set); absent: results say it was not asked. */
  externalCatalogue?: ExternalCatalogue;
}

export interface StoredFile {
  storedName: string;
  sha256: string;
  size: number;
}

/** How often a long activity tells Temporal it is still alive. */
const HEARTBEAT_EVERY_MS = 1_000;

export function createTrackLifecycleActivities({ eventStore, storage, db, ledger, signingKey, openOracleReview, externalCatalogue, generationProvenance = eventStoreProvenanceSource(eventStore) }: TrackLifecycleActivityDeps) {
  const loadTrack = (trackId: string): Promise<TrackState> => readState(eventStore, trackStreamId(trackId), trackDecider);
  // The track decider, its refusals turned into the failures the workflow reads.
  const decider = { ...trackDecider, decide };

  /**
   * The owner's public username, from their account's events: what certificates sign and what
   * other creators see a registered work under. The users read model may lag, and an internal id
   * must never stand in for the name.
   */
  async function ownerUsername(ownerId: string): Promise<string> {
    const recorded = await eventStore.readStream(userStreamId(ownerId));
    const state = recorded.reduce((s, e) => evolveUser(s, { type: e.type, data: e.data } as UserEvent), initialUserState);
    if (state.status !== 'registered') throw ApplicationFailure.nonRetryable(`The track's owner ${ownerId} has no account`, FAILURE_KINDS.illegalState);
    return state.username;
  }

  /**
   * How a generated track was made, as its certificate states it. The song is stored before its
   * track starts and is recorded completed right after, so a missing record is a moment's lag:
   * the activity is retried rather than signing a certificate that leaves the generation out.
   */
  async function generatedWorkOf(generationId: string): Promise<GeneratedWork> {
    const provenance = await generationProvenance.provenanceOf(generationId);
    if (!provenance) throw ApplicationFailure.retryable(`Generation ${generationId} has not recorded its provenance yet`, FAILURE_KINDS.notFound);
    return generatedWork(provenance);
  }

  /** Runs `command` on the track's stream through the command handler. */
  async function decideAndAppend(activity: string, input: CommandContext & { trackId: string }, command: TrackCommand): Promise<void> {
    const workflowId = currentWorkflowId();
    try {
      const { events } = await handleCommand(eventStore, trackStreamId(input.trackId), decider, command, {
        correlationId: input.correlationId,
        actor: input.actor,
        workflowId,
        eventIds: (index) => deterministicEventId(workflowId, activity, index),
      });
      if (events.length > 0) logger.info({ trackId: input.trackId, workflowId, activity, events: events.map((e) => e.type) }, 'track events appended');
    } catch (error) {
      // Someone wrote to the stream since it was read: retrying re-reads and decides again.
      if (error instanceof ConcurrencyError) throw ApplicationFailure.retryable(error.message, FAILURE_KINDS.concurrency);
      // The database refused the data itself (a NUL in a text, a number out of range): the same
      // input would be refused on every retry.
      if (isDataException(error)) throw ApplicationFailure.nonRetryable(`The track's data cannot be stored: ${(error as Error).message}`, TRACK_FAILURES.invalidInput);
      throw error;
    }
  }

  /**
   * Appends progress reports in the order the work reports them, without holding the work up,
   * each after the one before. Each report's event id derives from `key` (the command and the
   * attempt) and its position.
   */
  function progressAppender(key: string, context: CommandContext & { trackId: string }) {
    let reported = 0;
    let appends = Promise.resolve();
    return {
      append(command: TrackCommand): void {
        const index = reported++;
        appends = appends.then(() => decideAndAppend(`${key}:${index}`, context, command));
      },
      settled: () => appends,
    };
  }

  return {
    /** Records the upload the API accepted. */
    async receiveUpload(input: TrackLifecycleInput): Promise<void> {
      await decideAndAppend('receiveUpload', input, {
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
          ...(input.generationId === undefined ? {} : { generationId: input.generationId }),
        },
      });
    },

    /** Moves the staged upload into the store as `<trackId>.<ext>`, hashing it, and records that. */
    async storeUpload(input: TrackLifecycleInput): Promise<StoredFile> {
      const before = await loadTrack(input.trackId);
      if (before.status === 'stored' || before.status === 'probed') return fileOf(before.file);

      const storedName = `${input.trackId}.${input.detectedExtension}`;
      const { sha256, size } = await withHeartbeats(() => storage.storeStaged(input.stagingName, storedName));
      // The command handler reads the stream again: hashing a large file takes a while, and the append builds on what is there now.
      await decideAndAppend('storeUpload', input, { type: 'StoreFile', data: { trackId: input.trackId, storedName, sha256, size } });
      return { storedName, sha256, size };
    },

    /** Reads what the stored file really is and records it; unreadable media fails for good. */
    async probeUpload(input: TrackLifecycleInput): Promise<MediaProbe> {
      const state = await loadTrack(input.trackId);
      if (state.status === 'probed') return probeOf(state.probe);
      if (state.status !== 'stored') {
        throw ApplicationFailure.nonRetryable(`Cannot probe a track that is ${state.status}`, FAILURE_KINDS.illegalState);
      }
      let probe: MediaProbe;
      try {
        probe = await withHeartbeats(async () =>
          probeFile(await storage.localCopy(state.file.storedName), {
            extension: state.upload.detectedExtension,
            mimeType: state.upload.detectedMimeType,
            requireAudio: state.upload.contentType === 'music',
          }),
        );
      } catch (error) {
        if (error instanceof UnreadableMediaError) throw ApplicationFailure.nonRetryable(error.reason, TRACK_FAILURES.unreadableMedia);
        throw error;
      }
      await decideAndAppend('probeUpload', input, { type: 'RecordProbe', data: { trackId: input.trackId, ...probe } });
      return probe;
    },

    /** Records why intake stopped. */
    /** Removes what is left of a staged upload whose intake failed (once stored, nothing is). */
    async discardStaged(input: TrackLifecycleInput): Promise<void> {
      await storage.discardStaged(input.stagingName);
    },

    async failIntake(input: TrackLifecycleInput, step: IntakeStep, reason: string): Promise<void> {
      await decideAndAppend('failIntake', input, { type: 'FailIntake', data: { trackId: input.trackId, step, reason } });
    },

    /** The track's steps and current stage from its events (the workflow's query after a step). */
    async describeTrack(input: TrackLifecycleInput): Promise<Omit<LifecycleProgress, 'running'>> {
      const state = await loadTrack(input.trackId);
      if (state.status === 'none') return { stage: 'intake', steps: [], failureReason: null, trackStatus: null, startingStep: null };
      const steps = workflowSteps(state);
      const failureReason = state.status === 'intake_failed' ? state.reason : state.status === 'probed' ? (state.stages.failure?.reason ?? null) : null;
      const trackStatus = state.status === 'probed' ? state.stages.status : state.status === 'intake_failed' ? 'failed' : 'processing';
      return { stage: currentStage(steps), steps, failureReason, trackStatus, startingStep: startingStep(trackStatus) };
    },

    /** Records the creator's request; a refusal (mastering a registered track, ...) is final. */
    async requestMastering(input: TrackLifecycleInput, command: MasterCommand): Promise<void> {
      const { masteringId, kind, settings } = command;
      await decideAndAppend(`requestMastering:${masteringId}`, on(input, command), {
        type: 'RequestMastering',
        data: { trackId: input.trackId, masteringId, kind, settings },
      });
    },

    /**
     * Masters the track's upload with the audio engine, appending each step's progress as it
     * happens, then stores the files under the track's id and records the measured result.
     */
    async masterAudio(input: TrackLifecycleInput, command: MasterCommand): Promise<void> {
      const { masteringId, settings } = command;
      const track = probed(await loadTrack(input.trackId));
      if (track.stages.mastering.running?.masteringId !== masteringId) return; // finished by an earlier attempt
      const attemptNo = Context.current().info.attempt;
      const stem = `${input.trackId}-${masteringId.slice(0, 8)}`;
      const workDir = path.join(storage.root, 'mastering', `${stem}-${attemptNo}`);
      const progress = progressAppender(`masterProgress:${masteringId}:${attemptNo}`, on(input, command));
      let lastStep: { step: string; progress: number } | null = null;
      const report = (step: string, description: string, percent: number) => {
        lastStep = { step, progress: percent };
        progress.append({ type: 'ReportMasteringProgress', data: { trackId: input.trackId, masteringId, step, description, progress: percent } });
      };
      const started = performance.now();
      let result: Awaited<ReturnType<typeof masterTrack>>;
      try {
        result = await withHeartbeats(
          async () =>
            masterTrack(await storage.localCopy(track.file.storedName), {
              ...settings,
              outDir: workDir,
              name: stem,
              // The engine's own 'Complete' is the stream's ending, sent once the result is recorded.
              onProgress: (e) => {
                if (e.step !== 'Complete') report(e.step, e.description, e.progress);
              },
            }),
          () => lastStep,
        );
        await progress.settled();
      } catch (error) {
        await progress.settled().catch(() => undefined);
        await rm(workDir, { recursive: true, force: true });
        if (error instanceof MasteringError) throw ApplicationFailure.nonRetryable(error.message, TRACK_FAILURES.mastering);
        throw error;
      }
      const files = { master: '', preview: '', preLimiter: '', abOriginal: '', abMaster: '' };
      const masterSha256 = await sha256File(result.files.master);
      for (const key of Object.keys(files) as (keyof typeof files)[]) {
        const name = path.basename(result.files[key]);
        files[key] = name;
        // A free preview keeps its excerpt only: the run's master, pre-limiter and A/B files are the
        // paid master's equal, so they are deleted with the work folder, never stored or served.
        if (command.kind === 'preview' && key !== 'preview') continue;
        await storage.save(name, result.files[key]);
      }
      await rm(workDir, { recursive: true, force: true });
      const { lufs, dynamicRange, peak, processing } = result;
      await decideAndAppend(`masterDone:${masteringId}`, on(input, command), {
        type: 'CompleteMastering',
        data: {
          trackId: input.trackId,
          masteringId,
          kind: command.kind,
          settings,
          files,
          masterSha256,
          results: { lufs, dynamicRange, peak, processing },
          inputLufs: result.measurements.inputLufs,
          inputTruePeakDbtp: result.measurements.inputTruePeakDbtp,
          elapsedSeconds: (performance.now() - started) / 1000,
        },
      });
    },

    async failMastering(input: TrackLifecycleInput, command: MasterCommand, reason: string): Promise<void> {
      await decideAndAppend(`masterFailed:${command.masteringId}`, on(input, command), {
        type: 'FailMastering',
        data: { trackId: input.trackId, masteringId: command.masteringId, reason },
      });
    },

    /** Records which file the check is about (the master when there is one); refusals are final. */
    async startCopyrightCheck(input: TrackLifecycleInput, command: CheckCommand): Promise<void> {
      const state = await loadTrack(input.trackId);
      if (state.status !== 'probed') throw ApplicationFailure.nonRetryable(refusal(state, 'check') ?? 'The track is not ready', FAILURE_KINDS.illegalState);
      const file = registrableFile(state);
      await decideAndAppend(`checkStart:${command.checkId}`, on(input, command), {
        type: 'StartCopyrightCheck',
        data: { trackId: input.trackId, checkId: command.checkId, ...file },
      });
    },

    /** Runs the copyright oracle on the file, appending each stage as it is reached, and records the verdict. */
    async checkCopyright(input: TrackLifecycleInput, command: CheckCommand): Promise<{ checkId: string; cleared: boolean; reason: string | null }> {
      const { checkId } = command;
      const track = probed(await loadTrack(input.trackId));
      const done = track.stages.check.result;
      if (done?.checkId === checkId) return { checkId, cleared: done.analysis.status === 'cleared', reason: done.analysis.reason };
      const running = track.stages.check.running;
      if (running?.checkId !== checkId) throw ApplicationFailure.nonRetryable('This copyright check is no longer running', FAILURE_KINDS.illegalState);
      const attemptNo = Context.current().info.attempt;
      const progress = progressAppender(`checkProgress:${checkId}:${attemptNo}`, on(input, command));
      const ownerName = await ownerUsername(input.ownerId);
      const started = performance.now();
      let lastStage: { stage: string; step: number; state: string } | null = null;
      const analysis = await withHeartbeats(
        async () =>
          analyzeContent(await storage.localCopy(running.storedName), {
            db,
            extension: track.upload.detectedExtension,
            ownerId: input.ownerId,
            externalCatalogue,
            // Cleared content joins the registry, so a later upload of the same work by someone else conflicts.
            registerAs: { workId: `${input.trackId}:${checkId}`, title: track.upload.title, ownerName },
            onProgress: (p) => {
              lastStage = { stage: p.stage, step: p.step, state: p.state };
              progress.append({ type: 'ReportCheckProgress', data: { trackId: input.trackId, checkId, stage: p.stage, step: p.step, state: p.state } });
            },
          }),
        () => lastStage,
      ).catch(async (error: unknown) => {
        await progress.settled().catch(() => undefined);
        // Too short is a property of the file: every attempt would fail the same way.
        if (error instanceof AudioTooShortError) throw ApplicationFailure.nonRetryable(error.message, TRACK_FAILURES.audioTooShort);
        throw error;
      });
      await progress.settled();
      // The whole analysis is kept for auditors, as plain JSON (the event schema checks its shape).
      const record = JSON.parse(JSON.stringify(analysis)) as CopyrightAnalysisRecord;
      await decideAndAppend(`checkDone:${checkId}`, on(input, command), {
        type: 'RecordCheckResult',
        data: { trackId: input.trackId, checkId, sha256: running.sha256, analysis: record, elapsedSeconds: (performance.now() - started) / 1000 },
      });
      logger.info({ trackId: input.trackId, checkId, status: analysis.status, score: analysis.clearanceScore }, 'copyright check recorded');
      return { checkId, cleared: analysis.status === 'cleared', reason: analysis.reason };
    },

    async failCopyrightCheck(input: TrackLifecycleInput, command: CheckCommand, reason: string): Promise<void> {
      await decideAndAppend(`checkFailed:${command.checkId}`, on(input, command), {
        type: 'FailCopyrightCheck',
        data: { trackId: input.trackId, checkId: command.checkId, reason },
      });
    },

    /**
     * After a check: when it held the track for review, opens the review case (one per check) and
     * records it on the track. Answers the case's id, or null when there is nothing to review or
     * no case service in this process (logged: the vault then shows no reviewer at work).
     */
    async openReviewCase(input: TrackLifecycleInput, command: CheckCommand): Promise<string | null> {
      const state = await loadTrack(input.trackId);
      if (state.status !== 'probed') return null;
      const { result, reviewCase } = state.stages.check;
      if (result?.checkId !== command.checkId || result.analysis.status !== 'needs_review') return null;
      if (reviewCase?.checkId === command.checkId) return reviewCase.disputeId;
      if (!openOracleReview) {
        logger.warn({ trackId: input.trackId, checkId: command.checkId }, 'a check held a track for review, but this worker has no dispute service to open the case');
        return null;
      }
      const { disputeId } = await openOracleReview({
        disputeId: oracleReviewDisputeId(command.checkId),
        trackId: input.trackId,
        checkId: command.checkId,
        title: state.upload.title,
        ownerId: input.ownerId,
        ownerName: await ownerUsername(input.ownerId),
        description: result.analysis.reason ?? 'The copyright check held the track for a person to review',
        origin: 'needs_review',
      });
      await decideAndAppend(`reviewOpened:${command.checkId}`, on(input, command), {
        type: 'OpenCopyrightReview',
        data: { trackId: input.trackId, checkId: command.checkId, disputeId, openedAt: new Date().toISOString() },
      });
      return disputeId;
    },

    /** Records a reviewer's decision on the review case of a check; the same decision again records nothing, a refusal is final. */
    async decideCopyrightReview(input: TrackLifecycleInput, command: ReviewDecisionCommand): Promise<void> {
      await decideAndAppend(`reviewDecided:${command.disputeId}`, on(input, command), {
        type: 'DecideCopyrightReview',
        data: {
          trackId: input.trackId,
          checkId: command.checkId,
          disputeId: command.disputeId,
          outcome: command.outcome,
          details: command.details,
          reviewerName: command.reviewerName,
          decidedAt: new Date().toISOString(),
        },
      });
    },

    /**
     * Builds and signs the registration transaction once: the signed blob is recorded before it is
     * ever submitted, so every retry submits the same transaction (the same hash) again.
     */
    async signRegistration(input: TrackLifecycleInput, command: RegisterCommand): Promise<void> {
      const state = await loadTrack(input.trackId);
      if (state.status === 'probed' && state.stages.registration.signed) return;
      const why = refusal(state, 'register');
      if (why) throw ApplicationFailure.nonRetryable(why, FAILURE_KINDS.illegalState);
      const track = probed(state);
      const file = registrableFile(track);
      const certificateId = `GOOSE-CERT-${createHash('sha256').update(`${input.trackId}\u0000${file.sha256}`).digest('hex').slice(0, 16).toUpperCase()}`;
      const signed = await rejectionsAreFinal(() => ledger.signRegistration({ trackId: input.trackId, sha256: file.sha256, certificateId, title: track.upload.title }));
      await decideAndAppend('signRegistration', on(input, command), {
        type: 'SignRegistration',
        data: {
          trackId: input.trackId,
          certificateId,
          ...file,
          network: ledger.network,
          account: signed.account,
          txHash: signed.txHash,
          txBlob: signed.txBlob,
          sequence: signed.sequence,
          fee: signed.fee,
          lastLedgerSequence: signed.lastLedgerSequence,
        },
      });
    },

    /** Submits the recorded transaction (or keeps it signed when no ledger is configured). */
    async submitRegistration(input: TrackLifecycleInput, command: RegisterCommand): Promise<{ txHash: string; outcome: 'validated' | 'submitted' | 'awaiting_submission' }> {
      const track = probed(await loadTrack(input.trackId));
      const signed = track.stages.registration.signed;
      if (!signed) throw ApplicationFailure.nonRetryable('There is no signed registration to submit', FAILURE_KINDS.illegalState);
      const memo = decodeRegistrationMemo(signed.txBlob);
      if (!memo) throw ApplicationFailure.nonRetryable('The signed registration carries no GOOSE memo', FAILURE_KINDS.illegalState);
      const outcome = await rejectionsAreFinal(() => ledger.submit({ ...signed, memo }));
      const retryKey = track.stages.registration.retries;
      await decideAndAppend(`submitRegistration:${retryKey}`, on(input, command), {
        type: 'RecordSubmission',
        data: {
          trackId: input.trackId,
          txHash: signed.txHash,
          outcome: outcome.status,
          engineResult: outcome.status === 'awaiting_submission' ? null : outcome.engineResult,
          ledgerIndex: outcome.status === 'validated' ? outcome.ledgerIndex : null,
          note: outcome.status === 'awaiting_submission' ? outcome.reason : null,
        },
      });
      return { txHash: signed.txHash, outcome: outcome.status };
    },

    async failRegistration(input: TrackLifecycleInput, command: RegisterCommand, reason: string, resultCode: string | null): Promise<void> {
      const track = probed(await loadTrack(input.trackId));
      await decideAndAppend(`registrationFailed:${track.stages.registration.retries}`, on(input, command), {
        type: 'FailRegistration',
        data: { trackId: input.trackId, txHash: track.stages.registration.signed?.txHash ?? null, resultCode, reason },
      });
    },

    /** An operator's retry of a failed ledger step, recorded as an event before it runs. */
    async requestRegistrationRetry(input: TrackLifecycleInput, command: RetryCommand): Promise<void> {
      await decideAndAppend(`registrationRetry:${command.retryId}`, on(input, command), {
        type: 'RequestRegistrationRetry',
        data: { trackId: input.trackId, retryId: command.retryId, operator: command.operator, note: command.note },
      });
    },

    /** Signs the certificate (Ed25519 over its canonical JSON) and records it; returns its id. */
    async issueCertificate(input: TrackLifecycleInput, command: RegisterCommand): Promise<string> {
      const track = probed(await loadTrack(input.trackId));
      if (track.stages.certificate) return track.stages.certificate.certificateId;
      const signed = track.stages.registration.signed;
      const submitted = track.stages.registration.submitted;
      if (!signed || !submitted) throw ApplicationFailure.nonRetryable('The registration has not gone through', FAILURE_KINDS.illegalState);
      const owner = await ownerUsername(input.ownerId);
      const generation = input.generationId === undefined ? undefined : await generatedWorkOf(input.generationId);
      const links = explorerLinks(signed.network, signed.txHash);
      const fields: CertificateFields = {
        certificateId: signed.certificateId,
        trackId: input.trackId,
        title: track.upload.title,
        owner,
        ownerId: input.ownerId,
        contentType: track.upload.contentType,
        sha256: signed.sha256,
        fileName: signed.storedName,
        uploadedFileName: track.upload.originalName,
        copyrightStatus: 'registered',
        publicVisibility: 'public',
        registrationDate: new Date().toISOString(),
        blockchainNetwork: `XRPL ${signed.network}`,
        walletAddress: signed.account,
        xrplTxHash: signed.txHash,
        ledgerStatus: submitted.outcome,
        verificationStatus: submitted.outcome === 'awaiting_submission' ? 'signed, awaiting ledger submission' : submitted.outcome === 'validated' ? 'verified on the ledger' : 'submitted to the ledger',
        blockchainExplorer: { xrpscan: links.xrpscan, xrplorer: links.xrplorer, bithomp: links.bithomp },
        clearanceScore: track.stages.check.result?.analysis.clearanceScore ?? null,
        verificationUrl: `${command.publicUrl}/verify/${signed.certificateId}`,
        version: CERTIFICATE_FORMAT_VERSION,
        // Only a generated track's certificate has the field: an upload's signs exactly what it did before.
        ...(generation === undefined ? {} : { generation }),
      };
      const { certificate, signature } = signCertificate(fields, signingKey);
      await decideAndAppend('issueCertificate', on(input, command), {
        type: 'IssueCertificate',
        data: { trackId: input.trackId, certificateId: signed.certificateId, certificate, signature },
      });
      return signed.certificateId;
    },

    async storeInVault(input: TrackLifecycleInput, command: RegisterCommand): Promise<void> {
      const certificateId = probed(await loadTrack(input.trackId)).stages.certificate?.certificateId;
      if (!certificateId) throw ApplicationFailure.nonRetryable('A track enters the vault with its certificate', FAILURE_KINDS.illegalState);
      await decideAndAppend('storeInVault', on(input, command), { type: 'StoreInVault', data: { trackId: input.trackId, certificateId } });
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
    throw ApplicationFailure.nonRetryable('Track lifecycle activities run only inside a workflow', TRACK_FAILURES.missingWorkflowId);
  }
  return workflowId;
}

/** A Postgres data exception (SQLSTATE class 22), from the server or PGlite. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/** Business refusals and invalid payloads will not change on retry. */
function decide(command: TrackCommand, state: TrackState): TrackEvent[] {
  try {
    return decideTrack(command, state);
  } catch (error) {
    if (error instanceof DomainError) throw refusalFailure(error);
    if (error instanceof z.ZodError) throw ApplicationFailure.nonRetryable(z.prettifyError(error), FAILURE_KINDS.validation);
    throw error;
  }
}

/**
 * Runs long work while heartbeating its progress (shown by Temporal's UI and `describe`), so a
 * dead worker is noticed after the heartbeat timeout.
 */
async function withHeartbeats<T>(work: () => Promise<T>, progress: () => unknown = () => undefined): Promise<T> {
  const context = Context.current();
  context.heartbeat(progress());
  const timer = setInterval(() => context.heartbeat(progress()), HEARTBEAT_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** A ledger's rejection will not change on retry: it fails the step with the ledger's result code. Network trouble is retried. */
async function rejectionsAreFinal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof XrplRejectedError) {
      throw ApplicationFailure.create({ message: `The ledger rejected the registration (${error.resultCode}): ${error.message}`, type: TRACK_FAILURES.xrplRejected, nonRetryable: true, details: [error.resultCode] });
    }
    throw error;
  }
}

/** The command's correlation and actor, on the track's stream. */
function on(input: TrackLifecycleInput, command: CommandContext): CommandContext & { trackId: string } {
  return { trackId: input.trackId, correlationId: command.correlationId, actor: command.actor };
}

function probed(state: TrackState): ProbedTrack {
  if (state.status !== 'probed') throw ApplicationFailure.nonRetryable(`The track is ${state.status.replace('_', ' ')}, not ready`, FAILURE_KINDS.illegalState);
  return state;
}

function fileOf(file: StoredFile): StoredFile {
  return { storedName: file.storedName, sha256: file.sha256, size: file.size };
}

function probeOf(probe: MediaProbe): MediaProbe {
  const { format, durationSeconds, codec, sampleRate, channels, bitRate } = probe;
  return { format, durationSeconds, codec, sampleRate, channels, bitRate };
}
