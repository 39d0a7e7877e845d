// The track lifecycle against a real Temporal dev server, PGlite in memory and a temporary file
// store: intake of a real WAV, refusal of a file that only claims to be one, idempotent retries.
import { createHash, randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { trackStreamId } from '../../domain/track/track.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { sineWav } from '../../tests/support/audio';
import { createTrackLifecycleWorker, installTemporalRuntime } from '../worker';
import type { MediaProbe } from '../../infra/media/probe';
import { createTrackLifecycleActivities, type StoredFile } from './activities';
import { currentStageQuery, trackLifecycleWorkflowId, type TrackLifecycleInput } from './shared';

const cli = await findTemporalCli();
const suite = cli ? describe : describe.skip;
const TASK_QUEUE = `track-lifecycle-test-${randomUUID()}`;

suite(cli ? 'trackLifecycle workflow (Temporal dev server)' : 'trackLifecycle workflow (skipped: no Temporal CLI found)', () => {
  let dir: string;
  let server: DevServer;
  let db: Db;
  let eventStore: PostgresEventStore;
  let storage: FileStorage;
  let workerConnection: NativeConnection;
  let worker: Worker;
  let workerRun: Promise<void>;
  let clientConnection: Connection;
  let client: Client;

  beforeAll(async () => {
    installTemporalRuntime();
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-lifecycle-'));
    server = await startTemporalDevServer({ dbFile: path.join(dir, 'temporal.db'), ui: false });
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    storage = new FileStorage(path.join(dir, 'files'));
    await storage.init();
    workerConnection = await NativeConnection.connect({ address: server.address });
    worker = await createTrackLifecycleWorker({ connection: workerConnection, namespace: 'default', eventStore, storage, taskQueue: TASK_QUEUE });
    workerRun = worker.run();
    clientConnection = await Connection.connect({ address: server.address });
    client = new Client({ connection: clientConnection, namespace: 'default' });
  });

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await workerConnection?.close();
    await clientConnection?.close();
    await eventStore?.close();
    await db?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function stage(bytes: Buffer, overrides: Partial<TrackLifecycleInput> = {}): Promise<TrackLifecycleInput> {
    const staged = storage.newStagingPath();
    await writeFile(staged.path, bytes);
    const ownerId = randomUUID();
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

  function run(input: TrackLifecycleInput) {
    return client.workflow.execute('trackLifecycle', {
      taskQueue: TASK_QUEUE,
      workflowId: trackLifecycleWorkflowId(input.trackId),
      args: [input],
    });
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
      });
    });

    it('appends nothing when its activities run again', async () => {
      const before = await eventStore.readStream(trackStreamId(input.trackId));
      const activities = createTrackLifecycleActivities({ eventStore, storage });
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

  describe('given a file that claims to be WAV but holds garbage', () => {
    let input: TrackLifecycleInput;
    let result: Awaited<ReturnType<typeof run>>;

    beforeAll(async () => {
      const garbage = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4096, 0x5a)]);
      input = await stage(garbage, { originalName: 'noise.wav' });
      result = await run(input);
    });

    it('completes with the probe step failed and a human reason', () => {
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

  describe('an activity retried after its events were appended', () => {
    it('appends once, with ids derived from the workflow id', async () => {
      const input = await stage(sineWav({ seconds: 0.25 }));
      const activities = createTrackLifecycleActivities({ eventStore, storage });
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
  });
});
