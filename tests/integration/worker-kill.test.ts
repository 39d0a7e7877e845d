// Fault test: the worker process is SIGKILLed in the middle of a track's intake (after the upload
// was recorded, before the probe), a new worker takes over, and the workflow still completes with
// exactly one event of each kind: retried activities never append twice. Then the same during a
// paid master, between the hold of its price and the capture: charged once, exactly the price.
// Only the intake needs the long file (its hash is the window for the kill); the master runs on a
// two-minute track, whose mastering steps are window enough, instead of mastering 14 minutes twice.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { trackStreamId } from '../../domain/track/track.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli, startTemporalDevServer, type DevServer } from '../../infra/temporal/dev-server';
import { TASK_QUEUE } from '../../workflows/task-queue';
import { currentStageQuery, masterUpdate, trackLifecycleWorkflowId, type MasterCommand, type TrackLifecycleInput } from '../../workflows/track-lifecycle/shared';
import { WELCOME_BONUS_TOKENS } from '../../domain/constants';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES } from '../../domain/tokens/catalogue';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { sineWav } from '../support/audio';
import { faultWorkflowBundlePath } from '../support/fault-workflow-bundle';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../support/postgres';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

/** About 150 MB of 44.1 kHz stereo 16-bit PCM: hashing it keeps the store step busy for a moment. */
const WAV_SECONDS = 850;
/** The mastered track's length: its chain's steps run for seconds, time enough to kill the worker. */
const MASTER_WAV_SECONDS = 120;

const hasPostgres = await postgresAvailable();
const cli = await findTemporalCli();
const missing = [!hasPostgres && `no Postgres server at ${new URL(TEST_DATABASE_URL).host}`, !cli && 'no Temporal CLI found'].filter(Boolean);
const suite = missing.length === 0 ? describe : describe.skip;

suite(missing.length === 0 ? 'worker killed mid-intake' : `worker killed mid-intake (skipped: ${missing.join(', ')})`, () => {
  let dir: string;
  let database: TestDatabase;
  let server: DevServer;
  let db: Db;
  let eventStore: PostgresEventStore;
  let storage: FileStorage;
  let connection: Connection;
  let client: Client;
  const workers: WorkerProcess[] = [];
  /** The workflows with shorter activity timeouts, so a killed worker's activity is taken over sooner. */
  let bundlePath: string;

  beforeAll(async () => {
    const bundle = faultWorkflowBundlePath();
    bundle.catch(() => undefined); // awaited below, after the servers start
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-worker-kill-'));
    database = await createTestDatabase();
    server = await startTemporalDevServer({ dbFile: path.join(dir, 'temporal.db'), ui: false });
    db = postgresDb(database.url, 4);
    // Migrate here so the worker processes find the schema in place and never race to create it.
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    storage = new FileStorage(path.join(dir, 'data'));
    await storage.init();
    connection = await Connection.connect({ address: server.address });
    client = new Client({ connection, namespace: 'default' });
    bundlePath = await bundle;
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await connection?.close();
    await eventStore?.close();
    await db?.close();
    await server?.stop();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  function spawnWorker(): Promise<WorkerProcess> {
    const worker = startWorkerProcess('workflows/worker.ts', {
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: server.address,
      TEMPORAL_NAMESPACE: 'default',
      DATA_DIR: storage.root,
      WORKFLOW_BUNDLE_PATH: bundlePath,
    });
    workers.push(worker);
    return worker.ready.then(() => worker);
  }

  /** A staged WAV of `seconds` seconds and the lifecycle input that takes it in. */
  async function stagedTrack(seconds: number, title: string): Promise<{ input: TrackLifecycleInput; sha256: string; size: number; stagingName: string }> {
    const staged = storage.newStagingPath();
    const size = await writeLongWav(staged.path, seconds);
    const sha256 = await sha256Of(staged.path);
    const ownerId = randomUUID();
    const input: TrackLifecycleInput = {
      trackId: randomUUID(),
      ownerId,
      title,
      description: 'Long enough that intake takes a moment',
      contentType: 'music',
      royaltySplit: 100,
      genre: null,
      originalName: 'long.wav',
      stagingName: staged.name,
      detectedExtension: 'wav',
      detectedMimeType: 'audio/wav',
      size,
      correlationId: randomUUID(),
      actor: `user:${ownerId}`,
    };
    return { input, sha256, size, stagingName: staged.name };
  }

  const startLifecycle = (input: TrackLifecycleInput): Promise<WorkflowHandle> =>
    client.workflow.start('trackLifecycle', { taskQueue: TASK_QUEUE, workflowId: trackLifecycleWorkflowId(input.trackId), args: [input] });

  /** Waits until the workflow is past intake and waits for the creator's commands; its query says where it stands. */
  async function stageAfterIntake(handle: WorkflowHandle) {
    let result = await handle.query(currentStageQuery);
    while (result.stage === 'intake' && !result.failureReason) {
      await sleep(100);
      result = await handle.query(currentStageQuery);
    }
    return result;
  }

  it('completes with one event of each kind after the worker is SIGKILLed and replaced', { timeout: 90_000 }, async () => {
    const { input, sha256, size, stagingName } = await stagedTrack(WAV_SECONDS, 'A long sine');
    const streamId = trackStreamId(input.trackId);

    const first = await spawnWorker();
    const handle = await startLifecycle(input);

    // Kill the worker while it hashes the file: the upload is recorded and the staged file has been
    // moved into the store, but TrackFileStored is not appended yet.
    let typesAtKill: string[] = [];
    const deadline = Date.now() + 30_000;
    for (;;) {
      typesAtKill = (await eventStore.readStream(streamId)).map((e) => e.type);
      if (typesAtKill.includes('TrackUploadReceived') && !(await exists(storage.stagingPath(stagingName)))) break;
      if (Date.now() > deadline) throw new Error(`The store step never started. Worker output:\n${first.output()}`);
      await sleep(5);
    }
    await first.kill('SIGKILL');
    expect(typesAtKill).toEqual(['TrackUploadReceived']);

    await spawnWorker();
    const result = await stageAfterIntake(handle);

    expect(result.failureReason).toBeNull();
    expect(result.stage).toBe('master');
    expect(result.steps.slice(0, 3)).toEqual([
      { name: 'receive', status: 'completed' },
      { name: 'store', status: 'completed' },
      { name: 'probe', status: 'completed' },
    ]);
    const description = await handle.describe();
    expect(description.status.name).toBe('RUNNING');
    // The interrupted store step ran again on the new worker.
    expect(await attemptsOf(handle, 'storeUpload')).toBeGreaterThanOrEqual(2);

    const events = await eventStore.readStream(streamId);
    expect(events.map((e) => e.type)).toEqual(['TrackUploadReceived', 'TrackFileStored', 'TrackProbed']);
    expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM events WHERE stream_id = $1', [streamId]);
    expect(rows[0]?.n).toBe(3);
    expect(events[1]!.data).toMatchObject({ sha256, size });
    expect((events[2]!.data as { durationSeconds: number }).durationSeconds).toBeCloseTo(WAV_SECONDS, 0);
  });

  it('charges a master once, exactly its price, when the worker dies between the hold and the capture', { timeout: 240_000 }, async () => {
    const { input } = await stagedTrack(MASTER_WAV_SECONDS, 'A sine to master');
    const handle = await startLifecycle(input);
    expect((await stageAfterIntake(handle)).stage).toBe('master');
    const ledger = new TokenLedger(eventStore);
    await openTokenAccount(ledger, input.ownerId, { correlationId: 'test', actor: 'test' });
    const accountStream = tokenAccountStreamId(input.ownerId);
    const command: MasterCommand = { correlationId: randomUUID(), actor: input.actor, masteringId: randomUUID(), kind: 'master', settings: { style: 'balanced', loudness: 'medium', format: 'wav' } };
    const update = await handle.startUpdate(masterUpdate, { args: [command], waitForStage: 'ACCEPTED' });

    // Kill the worker once the price is held and the audio engine is at work on the master.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const held = (await eventStore.readStream(accountStream)).some((e) => e.type === 'TokensHeld');
      const mastering = (await eventStore.readStream(trackStreamId(input.trackId))).some((e) => e.type === 'TrackMasteringProgressed');
      if (held && mastering) break;
      if (Date.now() > deadline) throw new Error(`The master never started. Worker output:\n${workers.at(-1)!.output()}`);
      await sleep(20);
    }
    await workers.at(-1)!.kill('SIGKILL');
    expect((await eventStore.readStream(accountStream)).map((e) => e.type)).not.toContain('TokenHoldCaptured');

    await spawnWorker();
    const outcome = await update.result();
    expect(outcome).toEqual({ ok: true, value: { masteringId: command.masteringId } });

    const movements = (await eventStore.readStream(accountStream)).map((e) => e.type);
    expect(movements).toEqual(['TokenAccountOpened', 'TokensCreditedToAccount', 'TokensHeld', 'TokenHoldCaptured']);
    const account = await new TokenLedger(eventStore).account(input.ownerId);
    expect(account.balanceMicros).toBe(tokensToMicros(WELCOME_BONUS_TOKENS - SERVICE_PRICES['professional-mastering']));
    expect(account.heldMicros).toBe(0);
  });
});

/** A valid WAV of `seconds` seconds, written by repeating one second of sine. Returns its size. */
async function writeLongWav(file: string, seconds: number): Promise<number> {
  const oneSecond = sineWav({ seconds: 1, sampleRate: 44_100, channels: 2 });
  const pcm = oneSecond.subarray(44);
  const header = Buffer.from(oneSecond.subarray(0, 44));
  const dataBytes = pcm.length * seconds;
  header.writeUInt32LE(36 + dataBytes, 4);
  header.writeUInt32LE(dataBytes, 40);
  const out = createWriteStream(file);
  const write = async (chunk: Buffer) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(header);
  for (let i = 0; i < seconds; i++) await write(pcm);
  out.end();
  await once(out, 'finish');
  return (await stat(file)).size;
}

/** The attempt on which an activity of the workflow finally ran. */
async function attemptsOf(handle: WorkflowHandle, activityType: string): Promise<number> {
  const events = (await handle.fetchHistory()).events ?? [];
  const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activityType);
  if (!scheduled) throw new Error(`${activityType} was never scheduled`);
  const started = events.find((e) => String(e.activityTaskStartedEventAttributes?.scheduledEventId) === String(scheduled.eventId));
  return started?.activityTaskStartedEventAttributes?.attempt ?? 0;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
