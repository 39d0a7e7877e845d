// The track lifecycle with @temporalio/testing against a real Temporal dev server, PGlite in memory and a temporary file
// store: intake of a real WAV, refusal of a file that only claims to be one, idempotent retries.
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { temporal } from '@temporalio/proto';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { MockActivityEnvironment, TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { hashes } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { trackStreamId } from '../../domain/track/track.events';
import { TrackCopyrightCheckStarted, TrackCopyrightChecked } from '../../domain/track/stage.events';
import { checkAnalysis } from '../../tests/support/seed-track';
import { UserRegistered, userStreamId } from '../../domain/identity/user.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { sineWav } from '../../tests/support/audio';
import { encodeWav } from '../../infra/audio/test-signals';
import { bundleTrackLifecycleWorkflows, createTrackLifecycleWorker, installTemporalRuntime } from '../worker';
import { MASTERING_STEPS } from '../../infra/audio/mastering';
import { COPYRIGHT_ANALYSIS_STAGES } from '../../domain/constants';
import { sha256File } from '../../infra/storage/file-storage';
import { signedCertificateSchema, verifyCertificateSignature } from '../../infra/certificate/certificate';
import type { MediaProbe } from '../../infra/media/probe';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { createTrackLifecycleActivities, type StoredFile, type TrackLifecycleActivityDeps } from './activities';
import { copyrightCheckUpdate, currentStageQuery, masterUpdate, registerUpdate, retryRegistrationUpdate, reviewDecisionUpdate, trackLifecycleWorkflowId, type LifecycleProgress, type TrackLifecycleInput } from './shared';
import { lifecycleMigrations } from '../../infra/platform';
import { usersProjection } from '../../projections/users/projection';
import { openXrplLedger, type XrplLedger } from '../../infra/xrpl/ledger';
import { loadCertificateSigningKey, type CertificateSigningKey } from '../../infra/certificate/signing-key';
import { startRippledStandIn, type RippledStandIn, type RippledStandInOptions } from '../../tests/support/rippled-stand-in';
import { findTestServer } from '../../tests/support/temporal-test-server';

const cli = await findTemporalCli();
const testServer = await findTestServer();
const suite = cli ? describe : describe.skip;
const TASK_QUEUE = `track-lifecycle-test-${randomUUID()}`;
/** A whole lifecycle's Temporal history, recorded by the test below and kept as protobuf bytes. */
const RECORDED_HISTORY = fileURLToPath(new URL('./histories/full-lifecycle.history.pb', import.meta.url));

suite(cli ? 'trackLifecycle workflow (Temporal dev server)' : 'trackLifecycle workflow (skipped: no Temporal CLI found)', () => {
  let dir: string;
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let storage: FileStorage;
  let worker: Worker;
  let workerRun: Promise<void>;
  let client: Client;
  let rippled: RippledStandIn;
  const rippledOptions: RippledStandInOptions = {};
  let ledger: XrplLedger;
  let signingKey: CertificateSigningKey;
  let deps: TrackLifecycleActivityDeps;
  let tokenLedger: TokenLedger;

  beforeAll(async () => {
    installTemporalRuntime();
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-lifecycle-'));
    // @temporalio/testing's local environment: the Temporal CLI's dev server, here the machine's own CLI (the SDK's download needs the internet).
    env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable: { type: 'existing-path', path: cli!.path },
        extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'],
      },
    });
    db = await pgliteDb();
    await migrate(db, [...eventStoreMigrations, ...lifecycleMigrations]);
    await db.query(usersProjection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    storage = new FileStorage(path.join(dir, 'files'));
    await storage.init();
    rippled = await startRippledStandIn(rippledOptions);
    ledger = await openXrplLedger({ dataDir: dir, env: { XRPL_URL: rippled.url, XRPL_NETWORK: 'testnet' } });
    rippled.fundAccount(ledger.account);
    signingKey = await loadCertificateSigningKey(dir, {});
    deps = { eventStore, storage, db, ledger, signingKey };
    tokenLedger = new TokenLedger(eventStore);
    worker = await createTrackLifecycleWorker({ connection: env.nativeConnection, namespace: 'default', ...deps, tokenLedger, taskQueue: TASK_QUEUE });
    workerRun = worker.run();
    client = env.client;
  });

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await ledger?.close();
    await rippled?.close();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    await rm(dir, { recursive: true, force: true });
  });

  /** Buys `creator` more tokens, for tests that go on registering as them. */
  async function topUp(ownerId: string): Promise<void> {
    await tokenLedger.execute(ownerId, { type: 'Credit', data: { amountMicros: 100_000_000, cause: 'purchase', reference: randomUUID(), description: 'Test top-up' } }, { correlationId: 'test', actor: 'test' });
  }

  /** A creator's account, as sign-up records it: the activities read the owner's username from it. */
  async function signedUp(): Promise<string> {
    const userId = randomUUID();
    const event = UserRegistered.create({ userId, username: `creator_${userId.slice(0, 8)}`, passwordHash: 'x'.repeat(32) });
    const metadata = { correlationId: randomUUID(), causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: new Date().toISOString() };
    await eventStore.append(userStreamId(userId), [{ eventId: randomUUID(), ...event, metadata }], 'no_stream');
    await openTokenAccount(tokenLedger, userId, { correlationId: metadata.correlationId, actor: metadata.actor });
    return userId;
  }

  async function stage(bytes: Buffer, overrides: Partial<TrackLifecycleInput> = {}): Promise<TrackLifecycleInput> {
    const staged = storage.newStagingPath();
    await writeFile(staged.path, bytes);
    const ownerId = overrides.ownerId ?? (await signedUp());
    return {
      trackId: randomUUID(),
      ownerId,
      title: 'Sine at 440',
      description: 'One second of A4',
      contentType: 'music',
      royaltySplit: 100,
      genre: null,
      originalName: 'a4.wav',
      stagingName: staged.name,
      detectedExtension: 'wav',
      detectedMimeType: 'audio/wav',
      size: bytes.length,
      correlationId: randomUUID(),
      actor: `user:${ownerId}`,
      ...overrides,
    };
  }

  /** Starts the lifecycle and answers with its progress once intake has finished (or failed). */
  async function run(input: TrackLifecycleInput, on: { client: Client; taskQueue: string } = { client, taskQueue: TASK_QUEUE }): Promise<LifecycleProgress> {
    const handle = await on.client.workflow.start('trackLifecycle', {
      taskQueue: on.taskQueue,
      workflowId: trackLifecycleWorkflowId(input.trackId),
      args: [input],
    });
    for (;;) {
      const progress = await handle.query(currentStageQuery);
      if (progress.stage !== 'intake' || progress.failureReason) return progress;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const laterStages = ['master', 'oracle', 'register', 'certificate', 'vault', 'contract', 'distribute'].map((name) => ({ name, status: 'pending' }));

  describe('given a real one-second WAV', () => {
    const wav = sineWav({ seconds: 1, sampleRate: 44_100, channels: 2, frequency: 440 });
    let input: TrackLifecycleInput;

    beforeAll(async () => {
      input = await stage(wav);
      await run(input);
    });

    it('records the upload, the stored file with its SHA-256, and the probe', async () => {
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      expect(events.map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored', 'TrackProbed']);
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);

      const stored = events[1]!.data as { storedName: string; sha256: string; size: number };
      expect(stored.storedName).toBe(`${input.trackId}.wav`);
      expect(stored.sha256).toBe(createHash('sha256').update(wav).digest('hex'));
      expect(stored.size).toBe(wav.length);
      await expect(access(storage.storedPath(stored.storedName))).resolves.toBeUndefined();
      await expect(access(storage.stagingPath(input.stagingName))).rejects.toThrow();

      const probed = events[2]!.data as { format: string; durationSeconds: number; sampleRate: number; channels: number; codec: string };
      expect(probed.format).toBe('wav');
      expect(probed.durationSeconds).toBeCloseTo(1, 2);
      expect(probed).toMatchObject({ sampleRate: 44_100, channels: 2, codec: 'pcm_s16le' });
    });

    it('stamps every event with who, why and which workflow, each caused by the one before', async () => {
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const workflowId = trackLifecycleWorkflowId(input.trackId);
      events.forEach((event, index) => {
        expect(event.metadata).toMatchObject({ correlationId: input.correlationId, actor: input.actor, workflowId });
        expect(event.metadata.causationId).toBe(index === 0 ? null : events[index - 1]!.eventId);
      });
    });

    it('reports intake completed and the later stages pending', async () => {
      const progress = await client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).query(currentStageQuery);
      expect(progress).toEqual({
        stage: 'master',
        steps: [
          { name: 'receive', status: 'completed' },
          { name: 'store', status: 'completed' },
          { name: 'probe', status: 'completed' },
          ...laterStages,
        ],
        failureReason: null,
        trackStatus: 'completed',
        startingStep: 'master',
        running: null,
      });
    });

    it('appends nothing when its activities run again', async () => {
      const before = await eventStore.readStream(trackStreamId(input.trackId));
      const activities = createTrackLifecycleActivities(deps);
      const env = new MockActivityEnvironment({
        workflowExecution: { workflowId: trackLifecycleWorkflowId(input.trackId), runId: randomUUID() },
      });

      await env.run(activities.receiveUpload, input);
      const file = (await env.run(activities.storeUpload, input)) as StoredFile;
      const probe = (await env.run(activities.probeUpload, input)) as MediaProbe;

      const after = await eventStore.readStream(trackStreamId(input.trackId));
      expect(after.map((e) => e.eventId)).toEqual(before.map((e) => e.eventId));
      expect(file.sha256).toBe((before[1]!.data as { sha256: string }).sha256);
      expect(probe.format).toBe('wav');
    });
  });

  describe('a creator masters, checks and registers a track through updates', () => {
    const wav = sineWav({ seconds: 6, sampleRate: 44_100, channels: 2, frequency: 330 });
    let input: TrackLifecycleInput;
    const who = () => ({ correlationId: randomUUID(), actor: input.actor });
    const handle = () => client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId));
    const types = async () => (await eventStore.readStream(trackStreamId(input.trackId))).map((e) => e.type);
    /** The owner's token movements after the opening credit, and what is free to spend. */
    const tokenMovements = async () => (await eventStore.readStream(tokenAccountStreamId(input.ownerId))).slice(2).map((e) => [e.type, (e.data as { amountMicros: number }).amountMicros / 1e6]);
    const spendable = async () => availableMicros(await new TokenLedger(eventStore).account(input.ownerId)) / 1e6;

    beforeAll(async () => {
      input = await stage(wav);
      await run(input);
    });

    it('masters with the audio engine, recording each real step as it happens, and stores the master', async () => {
      const masteringId = randomUUID();
      const outcome = await handle().executeUpdate(masterUpdate, {
        args: [{ ...who(), masteringId, kind: 'master', settings: { style: 'balanced', loudness: 'medium', format: 'wav' } }],
      });
      expect(outcome).toEqual({ ok: true, value: { masteringId } });
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const progressed = events.filter((e) => e.type === 'TrackMasteringProgressed').map((e) => e.data as { step: string; progress: number });
      expect(new Set(progressed.map((p) => p.step))).toEqual(new Set(MASTERING_STEPS));
      expect(progressed.filter((p) => p.progress === 100)).toHaveLength(MASTERING_STEPS.length);
      const mastered = events.find((e) => e.type === 'TrackMastered')!.data as { files: { master: string }; masterSha256: string; results: { lufs: number; peak: number } };
      expect(mastered.results.lufs).toBeCloseTo(-9, 0);
      expect(mastered.results.peak).toBeLessThanOrEqual(-1);
      expect(await sha256File(storage.storedPath(mastered.files.master))).toBe(mastered.masterSha256);
      expect((await handle().query(currentStageQuery)).steps.find((s) => s.name === 'master')).toEqual({ name: 'master', status: 'completed' });
      // The master's price was held when it started and captured when it succeeded.
      expect(await tokenMovements()).toEqual([
        ['TokensHeld', 5],
        ['TokenHoldCaptured', 5],
      ]);
      expect(await spendable()).toBe(45);
    });

    it('stores a free preview\'s excerpt only: the run\'s master, pre-limiter and A/B files are not kept', async () => {
      const masteringId = randomUUID();
      const outcome = await handle().executeUpdate(masterUpdate, {
        args: [{ ...who(), masteringId, kind: 'preview', settings: { style: 'warm', loudness: 'medium', format: 'wav' } }],
      });
      expect(outcome).toEqual({ ok: true, value: { masteringId } });
      const mastered = (await eventStore.readStream(trackStreamId(input.trackId))).map((e) => e.data as { masteringId?: string; files?: Record<string, string> }).find((d) => d.masteringId === masteringId && d.files)!;
      const { preview, ...others } = mastered.files!;
      await access(storage.storedPath(preview!));
      for (const name of Object.values(others)) await expect(access(storage.storedPath(name))).rejects.toThrow(/ENOENT/);
    });

    it('refuses registration before a copyright check, with the reason and no event', async () => {
      const before = await types();
      const outcome = await handle().executeUpdate(registerUpdate, { args: [{ ...who(), publicUrl: 'http://goose.test' }] });
      expect(outcome).toEqual({ ok: false, reason: 'Run the copyright check first', resultCode: null, refused: true, code: 'IllegalStateError' });
      expect(await types()).toEqual(before);
      // The refused step gave back the price it held.
      expect((await tokenMovements()).slice(-2)).toEqual([
        ['TokensHeld', 25],
        ['TokenHoldReleased', 25],
      ]);
      expect(await spendable()).toBe(45);
    });

    it('runs the oracle on the master, recording its eight stages and a cleared verdict', async () => {
      const checkId = randomUUID();
      const outcome = await handle().executeUpdate(copyrightCheckUpdate, { args: [{ ...who(), checkId }] });
      expect(outcome).toEqual({ ok: true, value: { checkId, cleared: true, reason: null } });
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const stages = events.filter((e) => e.type === 'TrackCopyrightCheckProgressed').map((e) => e.data as { stage: string; state: string });
      expect(stages.filter((s) => s.state === 'completed').map((s) => s.stage)).toEqual([...COPYRIGHT_ANALYSIS_STAGES]);
      const checked = events.find((e) => e.type === 'TrackCopyrightChecked')!.data as { analysis: { clearanceScore: number; status: string }; sha256: string };
      const mastered = events.find((e) => e.type === 'TrackMastered')!.data as { masterSha256: string };
      expect(checked.sha256).toBe(mastered.masterSha256);
      expect(checked.analysis.status).toBe('cleared');
      expect(checked.analysis.clearanceScore).toBeGreaterThanOrEqual(80);
    });

    it('registers once on the ledger: a rejection fails the step with the result code, an operator retry submits the same signed transaction', async () => {
      rippledOptions.rejectWith = 'tecNO_PERMISSION';
      const failed = await handle().executeUpdate(registerUpdate, { args: [{ ...who(), publicUrl: 'http://goose.test' }] });
      expect(failed).toMatchObject({ ok: false, resultCode: 'tecNO_PERMISSION' });
      const signed = (await eventStore.readStream(trackStreamId(input.trackId))).find((e) => e.type === 'TrackRegistrationSigned')!.data as { txHash: string; txBlob: string; sha256: string; certificateId: string };
      expect(hashes.hashSignedTx(signed.txBlob)).toBe(signed.txHash);
      expect(await types()).toContain('TrackRegistrationFailed');

      rippledOptions.rejectWith = undefined;
      const retried = await handle().executeUpdate(retryRegistrationUpdate, {
        args: [{ correlationId: randomUUID(), actor: 'operator:test', publicUrl: 'http://goose.test', retryId: randomUUID(), operator: 'test', note: 'ledger fixed' }],
      });
      expect(retried).toEqual({ ok: true, value: { txHash: signed.txHash, outcome: 'validated', certificateId: signed.certificateId } });
      // The stand-in verified the signature of every blob it took; the ledger holds this one transaction.
      expect(rippled.received.filter((tx) => tx.hash === signed.txHash)).toHaveLength(1);
      const tail = (await types()).slice(-4);
      expect(tail).toEqual(['TrackRegistrationRetryRequested', 'TrackRegistrationSubmitted', 'TrackCertificateIssued', 'TrackStoredInVault']);
      // The rejected attempt gave its 25 back; the retry that registered the track was charged once.
      expect((await tokenMovements()).slice(-4)).toEqual([
        ['TokensHeld', 25],
        ['TokenHoldReleased', 25],
        ['TokensHeld', 25],
        ['TokenHoldCaptured', 25],
      ]);
      expect(await spendable()).toBe(20);
    });

    it('refuses a step the owner cannot pay for, with the price and the balance, and records nothing on the track', async () => {
      await new TokenLedger(eventStore).execute(
        input.ownerId,
        { type: 'Hold', data: { holdId: 'elsewhere', service: 'copyright-registration', priceMicros: 17_000_000, subjectId: 'another track', description: 'another step', at: new Date().toISOString() } },
        { correlationId: 'test', actor: 'test' },
      );
      const before = await types();
      const outcome = await handle().executeUpdate(masterUpdate, {
        args: [{ ...who(), masteringId: randomUUID(), kind: 'master', settings: { style: 'balanced', loudness: 'medium', format: 'wav' } }],
      });
      expect(outcome).toEqual({ ok: false, reason: 'Insufficient tokens: this step costs 5.00, your balance is 3.00', resultCode: null, refused: true, code: 'InsufficientTokens' });
      expect(await types()).toEqual(before);
      expect(await spendable()).toBe(3);
      await new TokenLedger(eventStore).execute(input.ownerId, { type: 'Release', data: { holdId: 'elsewhere', reason: 'the test is over' } }, { correlationId: 'test', actor: 'test' });
    });

    it('issues a certificate signed with the published key over its canonical JSON', async () => {
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const issued = events.find((e) => e.type === 'TrackCertificateIssued')!.data as { certificate: unknown; signature: unknown };
      const signed = signedCertificateSchema.parse({ certificate: issued.certificate, signature: issued.signature });
      expect(verifyCertificateSignature(signed, signingKey.publicKeyBase64)).toEqual({ valid: true, reason: null });
      expect(signed.certificate).toMatchObject({ ledgerStatus: 'validated', verificationUrl: `http://goose.test/verify/${signed.certificate.certificateId}` });
      // The signed owner is the creator's username from their account's events, never their internal id.
      expect(signed.certificate).toMatchObject({ owner: `creator_${input.ownerId.slice(0, 8)}`, ownerId: input.ownerId });
      const progress = await handle().query(currentStageQuery);
      expect(progress.steps.filter((s) => ['master', 'oracle', 'register', 'certificate', 'vault'].includes(s.name)).every((s) => s.status === 'completed')).toBe(true);
    });

    it('replays its recorded history deterministically', async () => {
      const history = await handle().fetchHistory();
      // RECORD_LIFECYCLE_HISTORY=1 refreshes the committed history the next test replays.
      if (process.env.RECORD_LIFECYCLE_HISTORY) await writeFile(RECORDED_HISTORY, temporal.api.history.v1.History.encode(history).finish());
      await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
    });

    it('replays the committed history of a whole lifecycle (master, check, failed registration, operator retry) with today\'s code', async () => {
      const recorded = temporal.api.history.v1.History.decode(await readFile(RECORDED_HISTORY));
      await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, recorded)).resolves.toBeUndefined();
    });
  });

  describe('another creator, and the network', () => {
    const who = (input: TrackLifecycleInput) => ({ correlationId: randomUUID(), actor: input.actor });
    const handleOf = (input: TrackLifecycleInput) => client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId));

    /** The master registered by the creator above, as bytes another creator could upload. */
    async function registeredMaster(): Promise<{ bytes: Buffer; ownerId: string }> {
      const { rows } = await db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE type = 'TrackStoredInVault' LIMIT 1`);
      const events = await eventStore.readStream(rows[0]!.stream_id);
      const mastered = events.find((e) => e.type === 'TrackMastered')!.data as { files: { master: string } };
      const received = events[0]!.data as { ownerId: string };
      await topUp(received.ownerId);
      return { bytes: await readFile(storage.storedPath(mastered.files.master)), ownerId: received.ownerId };
    }

    it('refuses a copy of a registered master uploaded by someone else: the check fails with the reason and the similarity', async () => {
      const { bytes } = await registeredMaster();
      const input = await stage(bytes, { title: 'Not mine' });
      await run(input);
      const outcome = await handleOf(input).executeUpdate(copyrightCheckUpdate, { args: [{ ...who(input), checkId: randomUUID() }] });
      expect(outcome.ok).toBe(false);
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const checked = events.find((e) => e.type === 'TrackCopyrightChecked')!.data as { analysis: { status: string; reason: string; conflicts: { similarity: number }[] } };
      expect(checked.analysis.status).toBe('conflict');
      expect(outcome).toEqual({ ok: false, reason: checked.analysis.reason });
      expect(checked.analysis.conflicts[0]!.similarity).toBeGreaterThan(80);
      const register = await handleOf(input).executeUpdate(registerUpdate, { args: [{ ...who(input), publicUrl: 'http://goose.test' }] });
      expect(register).toMatchObject({ ok: false, reason: expect.stringMatching(/^The copyright check found a conflict: /) });
    });

    it('runs the free check on the upload after its master failed: the failed run changed no file', async () => {
      const silence = encodeWav(new Float32Array(44_100 * 2 * 6), 44_100, 2);
      const input = await stage(silence, { title: 'Room tone' });
      await run(input);
      const master = await handleOf(input).executeUpdate(masterUpdate, {
        args: [{ ...who(input), masteringId: randomUUID(), kind: 'master', settings: { style: 'balanced', loudness: 'medium', format: 'wav' } }],
      });
      expect(master).toMatchObject({ ok: false, reason: expect.stringContaining('The input is silent') });
      const checkId = randomUUID();
      const outcome = await handleOf(input).executeUpdate(copyrightCheckUpdate, { args: [{ ...who(input), checkId }] });
      expect(outcome).toMatchObject({ ok: true, value: { checkId } });
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      const uploaded = events.find((e) => e.type === 'TrackFileStored')!.data as { sha256: string };
      expect((events.find((e) => e.type === 'TrackCopyrightCheckStarted')!.data as { sha256: string }).sha256).toBe(uploaded.sha256);
      expect(events.map((e) => e.type).slice(-1)).toEqual(['TrackCopyrightChecked']);
    });

    it('retries a submission whose reply was lost, with backoff, and the ledger holds the transaction once', async () => {
      const { ownerId } = await registeredMaster();
      const input = await stage(sineWav({ seconds: 6, sampleRate: 44_100, channels: 2, frequency: 523.25 }), { ownerId, actor: `user:${ownerId}`, title: 'Second piece' });
      await run(input);
      expect(await handleOf(input).executeUpdate(copyrightCheckUpdate, { args: [{ ...who(input), checkId: randomUUID() }] })).toMatchObject({ ok: true });
      rippled.dropNextSubmissions(1);
      const outcome = await handleOf(input).executeUpdate(registerUpdate, { args: [{ ...who(input), publicUrl: 'http://goose.test' }] });
      expect(outcome).toMatchObject({ ok: true, value: { outcome: 'validated' } });
      const txHash = (outcome as { value: { txHash: string } }).value.txHash;
      expect(rippled.received.filter((tx) => tx.hash === txHash)).toHaveLength(1);
      const history = await handleOf(input).fetchHistory();
      const submitAttempts = (history.events ?? []).filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'submitRegistration');
      const started = (history.events ?? []).filter((e) => e.activityTaskStartedEventAttributes && e.activityTaskStartedEventAttributes.attempt && e.activityTaskStartedEventAttributes.attempt >= 2);
      expect(submitAttempts).toHaveLength(1);
      expect(started.length).toBeGreaterThanOrEqual(1);
    });
  });

  describe('a reviewer\'s decision on a held check', () => {
    it('reaches the track through the reviewDecision update: recorded once, a contrary one refused with the reason', async () => {
      const input = await stage(sineWav({ seconds: 1, frequency: 392 }));
      await run(input);
      const recorded = await eventStore.readStream(trackStreamId(input.trackId));
      const { sha256, storedName } = recorded.find((e) => e.type === 'TrackFileStored')!.data as { sha256: string; storedName: string };
      const held = [
        TrackCopyrightCheckStarted.create({ trackId: input.trackId, checkId: 'h1', storedName, sha256 }),
        TrackCopyrightChecked.create({ trackId: input.trackId, checkId: 'h1', sha256, elapsedSeconds: 1, analysis: checkAnalysis({ status: 'needs_review', clearanceScore: 60, reason: 'A melody like “Lights”' }) }),
      ];
      const metadata = { correlationId: 'test', causationId: null, actor: input.actor, workflowId: trackLifecycleWorkflowId(input.trackId), occurredAt: new Date().toISOString() };
      await eventStore.append(trackStreamId(input.trackId), held.map((e) => ({ eventId: randomUUID(), ...e, metadata })), recorded.length);
      const handle = client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId));
      const decision = { correlationId: 'review-h1', actor: 'reviewer:rita', checkId: 'h1', disputeId: 'review-h1', outcome: 'cleared' as const, details: 'Only the chords are shared', reviewerName: 'rita' };
      expect(await handle.executeUpdate(reviewDecisionUpdate, { args: [decision] })).toEqual({ ok: true, value: { checkId: 'h1', outcome: 'cleared' } });
      expect(await handle.executeUpdate(reviewDecisionUpdate, { args: [decision] })).toEqual({ ok: true, value: { checkId: 'h1', outcome: 'cleared' } });
      expect(await handle.executeUpdate(reviewDecisionUpdate, { args: [{ ...decision, outcome: 'refused' }] })).toMatchObject({ ok: false, refused: true, reason: 'A reviewer already decided this check: cleared' });
      const decided = (await eventStore.readStream(trackStreamId(input.trackId))).filter((e) => e.type === 'TrackCopyrightReviewDecided');
      expect(decided.map((e) => [e.data, e.metadata.actor])).toEqual([[expect.objectContaining({ outcome: 'cleared', disputeId: 'review-h1' }), 'reviewer:rita']]);
      expect(await handle.query(currentStageQuery)).toMatchObject({ failureReason: null });
    });
  });

  // The ledger's retries back off for 30 s (2 + 4 + 8 + 16) before the step fails: on the
  // time-skipping test server, with a worker of its own over the same stores, they pass at once.
  (testServer ? describe : describe.skip)(testServer ? 'an unreachable ledger (time-skipping server)' : 'an unreachable ledger (skipped: no temporal-test-server found)', () => {
    let skipping: TestWorkflowEnvironment;
    let skippingWorker: Worker;
    let skippingRun: Promise<void>;
    const taskQueue = `${TASK_QUEUE}-time-skipping`;

    beforeAll(async () => {
      skipping = await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer! } } });
      skippingWorker = await createTrackLifecycleWorker({ connection: skipping.nativeConnection, namespace: 'default', ...deps, tokenLedger, taskQueue });
      skippingRun = skippingWorker.run();
    });

    afterAll(async () => {
      if (skippingWorker?.getState() === 'RUNNING') skippingWorker.shutdown();
      await skippingRun;
      await skipping?.teardown();
    });

    it('fails the registration after the ledger retries, and an operator retry signs and submits once it is back', { timeout: 300_000 }, async () => {
      const client = skipping.client;
      const { rows } = await db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE type = 'TrackStoredInVault' LIMIT 1`);
      const ownerId = ((await eventStore.readStream(rows[0]!.stream_id))[0]!.data as { ownerId: string }).ownerId;
      await topUp(ownerId);
      const input = await stage(sineWav({ seconds: 6, sampleRate: 44_100, channels: 2, frequency: 392 }), { ownerId, actor: `user:${ownerId}`, title: 'Offline piece' });
      await run(input, { client, taskQueue });
      const handle = client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId));
      expect(await handle.executeUpdate(copyrightCheckUpdate, { args: [{ correlationId: randomUUID(), actor: input.actor, checkId: randomUUID() }] })).toMatchObject({ ok: true });

      rippled.setUnreachable(true);
      let answered = false;
      const registering = handle.executeUpdate(registerUpdate, { args: [{ correlationId: randomUUID(), actor: input.actor, publicUrl: 'http://goose.test' }] }).finally(() => {
        answered = true;
      });
      // Its failure, if any, surfaces at `await registering` below.
      registering.catch(() => undefined);
      // A client awaiting an update leaves the server's clock locked: it is unlocked here, a few
      // seconds at a time, until the update answers, so each backoff passes as soon as it starts.
      while (!answered) await skipping.sleep('5 seconds');
      const failed = await registering;
      expect(failed.ok).toBe(false);
      const types = (await eventStore.readStream(trackStreamId(input.trackId))).map((e) => e.type);
      expect(types.at(-1)).toBe('TrackRegistrationFailed');
      expect(types).not.toContain('TrackRegistrationSigned');
      const history = await handle.fetchHistory();
      const signAttempts = (history.events ?? []).find((e) => e.activityTaskStartedEventAttributes && (history.events ?? []).some((s) => s.activityTaskScheduledEventAttributes?.activityType?.name === 'signRegistration' && Number(s.eventId) === Number(e.activityTaskStartedEventAttributes!.scheduledEventId)));
      expect(signAttempts?.activityTaskStartedEventAttributes?.attempt).toBe(5);

      rippled.setUnreachable(false);
      const retried = await handle.executeUpdate(retryRegistrationUpdate, {
        args: [{ correlationId: randomUUID(), actor: 'operator:test', publicUrl: 'http://goose.test', retryId: randomUUID(), operator: 'test', note: null }],
      });
      expect(retried).toMatchObject({ ok: true, value: { outcome: 'validated' } });
      const txHash = (retried as { value: { txHash: string } }).value.txHash;
      expect(rippled.received.filter((tx) => tx.hash === txHash)).toHaveLength(1);
      expect((await eventStore.readStream(trackStreamId(input.trackId))).map((e) => e.type).slice(-5)).toEqual([
        'TrackRegistrationRetryRequested',
        'TrackRegistrationSigned',
        'TrackRegistrationSubmitted',
        'TrackCertificateIssued',
        'TrackStoredInVault',
      ]);
    });
  });

  describe('given a file that claims to be WAV but holds garbage', () => {
    let input: TrackLifecycleInput;
    let result: Awaited<ReturnType<typeof run>>;

    beforeAll(async () => {
      const garbage = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4096, 0x5a)]);
      input = await stage(garbage, { originalName: 'noise.wav' });
      result = await run(input);
    });

    it('completes with the probe step failed and a human reason', async () => {
      expect(await client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).result()).toEqual(result);
      expect(result.stage).toBe('intake');
      expect(result.failureReason).toMatch(/^The file is not readable audio: /);
      expect(result.steps).toEqual([
        { name: 'receive', status: 'completed' },
        { name: 'store', status: 'completed' },
        { name: 'probe', status: 'failed' },
        ...laterStages,
      ]);
    });

    it('records TrackIntakeFailed for the probe step', async () => {
      const events = await eventStore.readStream(trackStreamId(input.trackId));
      expect(events.map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored', 'TrackIntakeFailed']);
      expect(events[2]!.data).toEqual({ trackId: input.trackId, step: 'probe', reason: result.failureReason });
    });

    it('answers the query with the same failure', async () => {
      const progress = await client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).query(currentStageQuery);
      expect(progress).toEqual(result);
    });
  });

  describe('given a title the database refuses (a NUL from a client that bypassed the API)', () => {
    it('fails the receive step at once, never retrying it, and removes the staged upload', async () => {
      const input = await stage(sineWav({ seconds: 0.25 }), { title: 'Take\u0000One' });
      const result = await run(input);
      expect(result.failureReason).toMatch(/^The track's data cannot be stored: /);
      expect(result.steps.slice(0, 3)).toEqual([
        { name: 'receive', status: 'failed' },
        { name: 'store', status: 'pending' },
        { name: 'probe', status: 'pending' },
      ]);
      const history = await client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).fetchHistory();
      const receiveAttempts = history.events!.filter((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'receiveUpload');
      const started = history.events!.filter((e) => e.activityTaskStartedEventAttributes && receiveAttempts.some((r) => String(r.eventId) === String(e.activityTaskStartedEventAttributes!.scheduledEventId)));
      expect(receiveAttempts).toHaveLength(1);
      expect(started.map((e) => e.activityTaskStartedEventAttributes!.attempt)).toEqual([1]);
      await expect(stat(storage.stagingPath(input.stagingName))).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });

  describe('an activity retried after its events were appended', () => {
    it('appends once, with ids derived from the workflow id', async () => {
      const input = await stage(sineWav({ seconds: 0.25 }));
      const activities = createTrackLifecycleActivities(deps);
      const workflowId = trackLifecycleWorkflowId(input.trackId);
      const env = new MockActivityEnvironment({ workflowExecution: { workflowId, runId: randomUUID() } });

      await env.run(activities.receiveUpload, input);
      await env.run(activities.receiveUpload, input);
      await env.run(activities.storeUpload, input);
      await env.run(activities.storeUpload, input);

      const events = await eventStore.readStream(trackStreamId(input.trackId));
      expect(events.map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored']);

      // The same workflow's second run gets the same ids: replaying its append is a no-op.
      const other = new MockActivityEnvironment({ workflowExecution: { workflowId, runId: randomUUID() } });
      await other.run(activities.probeUpload, input);
      await other.run(activities.probeUpload, input);
      const after = await eventStore.readStream(trackStreamId(input.trackId));
      expect(after.map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored', 'TrackProbed']);
      expect(new Set(after.map((e) => e.eventId)).size).toBe(3);
    });

    it('records the progress a retried mastering attempt redoes only once, so no step goes back', async () => {
      const input = await stage(sineWav({ seconds: 3, sampleRate: 44_100, channels: 2 }));
      const activities = createTrackLifecycleActivities(deps);
      const workflowExecution = { workflowId: trackLifecycleWorkflowId(input.trackId), runId: randomUUID() };
      const firstAttempt = new MockActivityEnvironment({ workflowExecution, attempt: 1 });
      await firstAttempt.run(activities.receiveUpload, input);
      await firstAttempt.run(activities.storeUpload, input);
      await firstAttempt.run(activities.probeUpload, input);
      const command = { correlationId: randomUUID(), actor: input.actor, masteringId: randomUUID(), kind: 'master' as const, settings: { style: 'balanced' as const, loudness: 'medium' as const, format: 'wav' as const } };
      await firstAttempt.run(activities.requestMastering, input, command);
      // The first attempt got through the analysis and into the next step, then its worker died.
      const recorded = await eventStore.readStream(trackStreamId(input.trackId));
      const [analysis, next] = MASTERING_STEPS;
      const died = [
        [analysis, 0],
        [analysis, 100],
        [next, 0],
      ] as const;
      await eventStore.append(
        trackStreamId(input.trackId),
        died.map(([step, progress], index) => ({
          eventId: randomUUID(),
          type: 'TrackMasteringProgressed',
          data: { trackId: input.trackId, masteringId: command.masteringId, step, description: step, progress },
          metadata: { correlationId: command.correlationId, causationId: null, actor: input.actor, workflowId: workflowExecution.workflowId, occurredAt: new Date(Date.now() + index).toISOString() },
        })),
        recorded.length,
      );

      await new MockActivityEnvironment({ workflowExecution, attempt: 2 }).run(activities.masterAudio, input, command);

      const events = await eventStore.readStream(trackStreamId(input.trackId));
      expect(events.at(-1)!.type).toBe('TrackMastered');
      const progress = events.filter((e) => e.type === 'TrackMasteringProgressed').map((e) => e.data as { step: string; progress: number });
      for (const step of MASTERING_STEPS) {
        const values = progress.filter((p) => p.step === step).map((p) => p.progress);
        expect(values, step).toEqual([...values].sort((a, b) => a - b));
        expect(new Set(values).size, step).toBe(values.length);
        expect(values.at(-1), step).toBe(100);
      }
    });
  });
});
