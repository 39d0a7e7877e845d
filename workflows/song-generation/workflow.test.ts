// The song generation workflow against Temporal's local test server, PGlite in memory, the real
// token ledger and the real render pool (a 10-s song keeps it cheap): a paid generation holds 10
// tokens, records each stage, stores its files, starts the track's lifecycle as a child that
// outlives it (with the generation's id on the upload), signs the WAV and MP3 with a C2PA manifest
// where c2pa-python is installed, captures the tokens and completes; one
// its owner cannot afford fails with its reason and nothing held or charged.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHash, requestSeed, songRequestSchema, type Provenance } from '../../domain/contracts/creation';
import { generationDecider, type GenerationState } from '../../domain/creation/generation.decider';
import { generationStreamId } from '../../domain/creation/generation.events';
import { eventRegistry } from '../../domain/registry';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand, readState } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { C2PA_MISSING_NOTE, PROVENANCE_ASSERTION, readC2paManifest } from '../../infra/creation/c2pa/c2pa';
import { FileStorage, sha256File } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { createTokenChargeActivities } from '../token-charges/activities';
import { trackLifecycleWorkflowId } from '../track-lifecycle/shared';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createSongGenerationActivities } from './activities';
import { temporalSongGenerationClient } from './client';
import { songGenerationWorkflowId } from './shared';

const cli = await findTemporalCli();
const c2paInstalled = await promisify(execFile)('python3', ['-c', 'import c2pa']).then(
  () => true,
  () => false,
);

(cli ? describe : describe.skip)(cli ? 'songGeneration workflow (Temporal local test server)' : 'songGeneration workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let tokenLedger: TokenLedger;
  let storage: FileStorage;
  let worker: Worker;
  let workerRun: Promise<void>;
  let dataDir: string;
  const taskQueue = `song-generation-test-${randomUUID()}`;
  const context = { correlationId: 'test', actor: 'test' };

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-generation-workflow-'));
    storage = new FileStorage(dataDir);
    await storage.init();
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    tokenLedger = new TokenLedger(eventStore);
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: { ...createSongGenerationActivities({ eventStore, storage }), ...createTokenChargeActivities({ tokenLedger }) },
    });
    workerRun = worker.run();
  }, 180_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A generation recorded as the route records it, for a user with `tokens`. */
  async function requested(tokens: number) {
    const ownerId = randomUUID();
    await tokenLedger.execute(ownerId, { type: 'OpenAccount', data: { userId: ownerId, welcomeBonusMicros: tokens * 1_000_000 } }, context);
    const request = songRequestSchema.parse({ prompt: 'Rain on a tin roof', genre: 'Folk', mood: 'Peaceful', duration: 10, includeVocals: true });
    const generationId = randomUUID();
    const trackId = randomUUID();
    await handleCommand(eventStore, generationStreamId(generationId), generationDecider, {
      type: 'RequestGeneration',
      data: { generationId, ownerId, trackId, title: 'Rain on a tin roof', request, requestHash: requestHash(request), seed: requestSeed(request), source: null, requestedAt: new Date().toISOString() },
    }, context);
    return { generationId, ownerId, trackId, correlationId: 'test', actor: `user:${ownerId}` };
  }

  const free = async (userId: string) => availableMicros(await tokenLedger.account(userId)) / 1_000_000;

  it('makes the song, starts its track, charges 10 tokens and completes', { timeout: 180_000 }, async () => {
    const input = await requested(25);
    await temporalSongGenerationClient(env.client, taskQueue).start(input);
    const handle = env.client.workflow.getHandle(songGenerationWorkflowId(input.generationId));
    expect(await handle.result()).toBe('completed');

    const state: GenerationState = await readState(eventStore, generationStreamId(input.generationId), generationDecider);
    expect(state).toMatchObject({ status: 'completed', progress: 100, composed: true });
    const events = await eventStore.readStream(generationStreamId(input.generationId));
    const stages = events.filter((event) => event.type === 'GenerationProgressed').map((event) => (event.data as { stage: string }).stage);
    expect(stages[0]).toBe('Writing lyrics');
    expect(stages.some((stage) => stage.startsWith('Rendering'))).toBe(true);
    expect(stages.at(-1)).toBe('Signing');
    const completed = events.find((event) => event.type === 'GenerationCompleted')!.data as { files: { mixWav: { storedName: string; bytes: number; sha256: string }; lrc: unknown }; provenance: Provenance };
    const mixWav = storage.storedPath(completed.files.mixWav.storedName);
    expect((await stat(mixWav)).size).toBe(completed.files.mixWav.bytes);
    // The recorded hash is the signed file's, as stored and served.
    expect(await sha256File(mixWav)).toBe(completed.files.mixWav.sha256);
    expect(completed.provenance.outputs).toContainEqual({ path: completed.files.mixWav.storedName, sha256: completed.files.mixWav.sha256, bytes: completed.files.mixWav.bytes });
    if (c2paInstalled) {
      expect(completed.provenance.c2pa?.files.map((file) => file.path)).toEqual([completed.files.mixWav.storedName, `generation-${input.generationId}-mix.mp3`]);
      const reading = await readC2paManifest(mixWav, 'audio/wav');
      const assertion = reading.store.manifests[reading.store.active_manifest]!.assertions.find((a) => a.label === PROVENANCE_ASSERTION)!;
      expect(assertion.data).toMatchObject({ generationId: input.generationId, requestHash: completed.provenance.requestHash });
    } else {
      expect(completed.provenance).toMatchObject({ c2pa: null, c2paNote: C2PA_MISSING_NOTE });
    }
    expect(completed.files.lrc).not.toBeNull();
    expect(await free(input.ownerId)).toBe(15);

    // The track's lifecycle runs on its own with the generation's id; its activities are not on this worker, so it is ended here.
    const child = env.client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId));
    const description = await child.describe();
    expect(description.type).toBe('trackLifecycle');
    const [lifecycleInput] = (await child.fetchHistory()).events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads!.map((payload) => JSON.parse(Buffer.from(payload.data!).toString()));
    expect(lifecycleInput).toMatchObject({ trackId: input.trackId, ownerId: input.ownerId, generationId: input.generationId, detectedExtension: 'wav' });
    await child.terminate('the test worker has no lifecycle activities');

    await keepHistory(historyFile('song-generation', 'completed'), await closedHistory(handle));
  });

  it('records a second song of the same request on the warmed pool under its own workflow, not the first one\'s', { timeout: 120_000 }, async () => {
    // The pool calls back from the async context of the activity that started it: progress must
    // still be recorded (and heartbeats sent) for the activity at hand.
    const input = await requested(25);
    await temporalSongGenerationClient(env.client, taskQueue).start(input);
    const handle = env.client.workflow.getHandle(songGenerationWorkflowId(input.generationId));
    expect(await handle.result()).toBe('completed');
    const events = await eventStore.readStream(generationStreamId(input.generationId));
    const progressed = events.filter((event) => event.type === 'GenerationProgressed');
    expect(progressed.some((event) => (event.data as { stage: string }).stage.startsWith('Rendering'))).toBe(true);
    expect(new Set(progressed.map((event) => event.metadata.workflowId))).toEqual(new Set([songGenerationWorkflowId(input.generationId)]));
    await env.client.workflow.getHandle(trackLifecycleWorkflowId(input.trackId)).terminate('the test worker has no lifecycle activities');
  });

  it('fails a generation its owner cannot afford, holding and charging nothing', { timeout: 60_000 }, async () => {
    const input = await requested(5);
    await temporalSongGenerationClient(env.client, taskQueue).start(input);
    expect(await env.client.workflow.getHandle(songGenerationWorkflowId(input.generationId)).result()).toBe('failed');
    const events = await eventStore.readStream(generationStreamId(input.generationId));
    expect(events.map((event) => event.type)).toEqual(['GenerationRequested', 'GenerationFailed']);
    expect((events[1]!.data as { reason: string }).reason).toMatch(/Insufficient tokens/);
    expect(await free(input.ownerId)).toBe(5);
    expect((await tokenLedger.account(input.ownerId)).holds.size).toBe(0);
  });
});
