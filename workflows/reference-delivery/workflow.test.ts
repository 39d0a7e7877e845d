// The reference-delivery workflow against the Temporal dev server, PGlite in memory with the real
// read models, and the file store in a temporary folder: a delivery of a recording that matches a
// registered GOOSE work and of one too short to fingerprint indexes the first (recording that no
// review case could be opened, since this worker has no case service), records the second's failure
// in plain words, and finishes with the counts, each event once; run again, it changes nothing.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceDeliveryDecider } from '../../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId } from '../../domain/references/reference-delivery.events';
import { eventRegistry } from '../../domain/registry';
import { indexedSources, oracleMigrations, registerWork } from '../../infra/audio/oracle';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { referencesProjection } from '../../projections/references/projection';
import { findReferenceDelivery } from '../../projections/references/queries';
import { Projector } from '../../projections/projector';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createReferenceDeliveryActivities, NO_CASE_SERVICE } from './activities';
import { temporalReferenceDeliveryClient } from './client';
import { referenceDeliveryWorkflowId, type ReferenceDeliveryInput, type ReferenceDeliveryOutcome } from './shared';

const cli = await findTemporalCli();

(cli ? describe : describe.skip)(cli ? 'reference delivery workflow (Temporal dev server)' : 'reference delivery workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let projector: Projector;
  let dataDir: string;
  let storage: FileStorage;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = `reference-delivery-test-${randomUUID()}`;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-reference-delivery-'));
    storage = new FileStorage(dataDir);
    await storage.init();
    db = await pgliteDb();
    await migrate(db, [...eventStoreMigrations, ...oracleMigrations]);
    eventStore = new PostgresEventStore(db, eventRegistry);
    projector = new Projector(db, eventStore, [referencesProjection]);
    await projector.start();
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createReferenceDeliveryActivities({ eventStore, db, storage, deliveryPartner: null }),
    });
    running = worker.run();
  }, 180_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await running;
    await projector?.stop();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('indexes each recording once with n of m progress, records a failure in plain words, and notes a match no case could be opened for', async () => {
    const song = encodeWav(music({ seconds: 5, seed: 31, level: -9 }), 44_100, 2);
    const songFile = path.join(dataDir, 'registered.wav');
    await writeFile(songFile, song);
    await registerWork(db, { workId: 'work-registered', owner: randomUUID(), ownerName: 'creator', title: 'Registered Song', file: songFile });

    const deliveryId = randomUUID();
    const holderId = randomUUID();
    const [famous, short] = [randomUUID(), randomUUID()];
    for (const [referenceId, content] of [[famous, song], [short, encodeWav(music({ seconds: 1, seed: 32 }), 44_100, 2)]] as const) {
      await writeFile(storage.workingPath(`reference-${referenceId}.wav`), content);
      await storage.save(`reference-${referenceId}.wav`);
    }
    const recording = (referenceId: string, file: string, isrc: string) => ({ referenceId, file, storedName: `reference-${referenceId}.wav`, title: file, artist: 'Ana', isrc, owner: 'Label', territories: ['worldwide'] });
    const context = { correlationId: 'test', actor: `user:${holderId}` };
    await handleCommand(eventStore, referenceDeliveryStreamId(deliveryId), referenceDeliveryDecider, {
      type: 'ReceiveReferenceDelivery',
      data: { deliveryId, holderId, holderName: 'label_one', via: 'upload', folder: null, recordings: [recording(famous, 'famous.wav', 'GBAYE2600001'), recording(short, 'short.wav', 'GBAYE2600002')], receivedAt: new Date().toISOString() },
    }, context);

    const input: ReferenceDeliveryInput = { deliveryId, ...context };
    const client = temporalReferenceDeliveryClient(env.client, taskQueue);
    await client.start(input);
    const handle = env.client.workflow.getHandle<(i: ReferenceDeliveryInput) => Promise<ReferenceDeliveryOutcome>>(referenceDeliveryWorkflowId(deliveryId));
    expect(await handle.result()).toEqual({ indexed: 1, failed: 1 });

    const events = await eventStore.readStream(referenceDeliveryStreamId(deliveryId));
    expect(events.map((e) => e.type)).toEqual(['ReferenceDeliveryReceived', 'ReferenceRecordingIndexed', 'ReferenceRecordingFailed', 'ReferenceDeliveryCompleted']);
    expect(events[1]!.data).toMatchObject({ referenceId: famous, done: 1, total: 2, workMatches: [{ workId: 'work-registered', title: 'Registered Song', disputeId: null }], caseNote: NO_CASE_SERVICE });
    expect(events[2]!.data).toMatchObject({ referenceId: short, done: 2, total: 2, reason: expect.stringMatching(/^The recording is too short to fingerprint/) });
    expect(await indexedSources(db)).toEqual({ works: 1, references: 1, referenceHolders: 1 });
    await projector.waitFor(events.at(-1)!.position);
    expect((await findReferenceDelivery(db, holderId, deliveryId))?.delivery).toMatchObject({ status: 'completed', indexed: 1, failed: 1 });

    // RECORD_WORKFLOW_HISTORIES=1 keeps this run as the committed history workflows/replay.test.ts replays.
    const history = await closedHistory(handle);
    await keepHistory(historyFile('reference-delivery', 'delivery-indexed'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();

    // The same delivery run again (a retried start after the first ended) records nothing new.
    await env.client.workflow.execute('referenceDelivery', { taskQueue, workflowId: `${referenceDeliveryWorkflowId(deliveryId)}-again`, args: [input] });
    expect(await eventStore.readStream(referenceDeliveryStreamId(deliveryId))).toHaveLength(4);
  }, 90_000);
});
