// The deployment's shape, on loopback: two API processes, two workers and two projector candidates
// (GOOSE_ROLE processes of ops/start.ts) on one Postgres database, one Temporal dev server and one
// S3-compatible server (SeaweedFS), each process with a data folder of its own. A creator's upload → master → check → register → contract goes through the two
// API processes in turn over HTTP; a websocket client on each API process hears every step; the
// worker running the mastering is SIGKILLed mid-way, and so is the leading projector. Everything
// completes exactly once: no event appended twice, the read models exact, the balance exact.
import { setTimeout as sleep } from 'node:timers/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig } from '../../infra/storage/s3-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WELCOME_BONUS_TOKENS } from '../../domain/constants';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES } from '../../domain/tokens/catalogue';
import { encodeWav, music } from '../../infra/audio/test-signals';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { trackLifecycleWorkflowId } from '../../workflows/track-lifecycle/shared';
import { signUpCreator, uploadWav } from '../support/platform-process';
import { postgresAvailable, TEST_DATABASE_URL } from '../support/postgres';
import type { RoleProcess } from '../support/role-process';
import { seaweedBinary } from '../support/seaweedfs';
import { LEADING, openScaleShape, pidOfIdentity, postJson, vaultUntil, watch, type ApiProcess, type ScaleShape } from '../support/scale-shape';

const hasPostgres = await postgresAvailable();
const cli = await findTemporalCli();
const missing = [!hasPostgres && `no Postgres server at ${new URL(TEST_DATABASE_URL).host}`, !cli && 'no Temporal CLI found'].filter(Boolean);
const suite = missing.length === 0 ? describe : describe.skip;
const NAME = seaweedBinary()
  ? 'two API processes, two workers, two projectors on one database, stored files in SeaweedFS'
  : 'two API processes, two workers, two projectors on one database, stored files in a shared folder (no SeaweedFS binary: go build it as .ci/run does)';

suite(missing.length === 0 ? NAME : `${NAME} (skipped: ${missing.join(', ')})`, () => {
  let shape: ScaleShape;
  let apis: ApiProcess[];
  let workers: RoleProcess[];
  let projectors: RoleProcess[];

  beforeAll(async () => {
    shape = await openScaleShape('goose-scale-out');
    // All at once: an API process waits until a projector has created the read models.
    [projectors, workers, apis] = await Promise.all([
      Promise.all([shape.startProjector('projector-1'), shape.startProjector('projector-2')]),
      Promise.all([shape.startWorker('worker-1', { WORKER_SHUTDOWN_GRACE_MS: '1000' }), shape.startWorker('worker-2', { WORKER_SHUTDOWN_GRACE_MS: '1000' })]),
      Promise.all([shape.startApi('api-1', 4111), shape.startApi('api-2', 4112)]),
    ]);
  }, 240_000);

  afterAll(async () => {
    await shape?.close();
  });

  it('a track goes from upload to contract through both APIs, past a killed worker and a killed projector, exactly once', async () => {
    const [a, b] = apis.map((api) => api.baseUrl) as [string, string];
    const creator = await signUpCreator(a, `scale_${Date.now().toString(36)}`);
    expect((await postJson(b, creator.cookie, '/api/goose-tokens/generate-wallet')).status).toBe(200);
    const sockets = await Promise.all([watch(a, creator.cookie), watch(b, creator.cookie)]);

    const trackId = await uploadWav(b, creator.cookie, 'Across the processes', encodeWav(music({ seconds: 12, sampleRate: 44_100, seed: 11 }), 44_100, 2));
    await vaultUntil([a, b], creator.cookie, trackId, (item) => item.workflow.steps.find((step) => step.name === 'probe')?.status === 'completed');

    expect((await postJson(a, creator.cookie, `/api/mastering/start/${trackId}`)).status).toBe(202);
    // The worker that took the mastering activity dies in the middle of it, and the leading projector with it.
    const handle = shape.client.workflow.getHandle(trackLifecycleWorkflowId(trackId));
    let victim: RoleProcess | undefined;
    for (let tries = 0; !victim && tries < 200; tries++) {
      const { raw } = await handle.describe();
      const pids = (raw.pendingActivities ?? []).map((activity) => pidOfIdentity(activity.lastWorkerIdentity));
      victim = workers.find((worker) => pids.includes(worker.pid));
      if (!victim) await sleep(50);
    }
    expect(victim, 'a worker took the mastering').toBeDefined();
    const leader = projectors.find((projector) => projector.said(LEADING))!;
    await Promise.all([victim!.kill('SIGKILL'), leader.kill('SIGKILL')]);
    await vaultUntil([b, a], creator.cookie, trackId, (item) => item.trackStatus === 'mastered', 90_000);

    const check = await postJson(b, creator.cookie, `/api/copyright-check/${trackId}`);
    expect(check.body).toMatchObject({ success: true });
    const registration = await postJson(a, creator.cookie, `/api/copyright-register/${trackId}`);
    expect(registration.status).toBe(200);
    const contract = await postJson(b, creator.cookie, `/api/smart-contract/create/${trackId}`);
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    const contracts = (await fetch(`${a}/api/smart-contracts`, { headers: { cookie: creator.cookie } }).then((r) => r.json())) as unknown;
    expect(contracts).toMatchObject({ contracts: [{ contentId: trackId }] });
    await sleep(1000);

    // Exactly once: no event of the track twice (a retried activity appends nothing again); each
    // step once, its progress reports each once.
    const { rows: events } = await shape.db.query<{ type: string; data: unknown; n: number }>('SELECT type, data, count(*)::integer AS n FROM events WHERE stream_id = $1 GROUP BY type, data', [`track-${trackId}`]);
    expect(events.filter((event) => event.n > 1)).toEqual([]);
    const once = ['TrackUploadReceived', 'TrackFileStored', 'TrackProbed', 'TrackMasteringRequested', 'TrackMastered', 'TrackCopyrightChecked', 'TrackRegistrationSigned', 'TrackCertificateIssued'];
    for (const type of once) expect(events.filter((event) => event.type === type), type).toHaveLength(1);
    const { rows: balance } = await shape.db.query<{ balance: string; held: string }>('SELECT balance_micros::text AS balance, held_micros::text AS held FROM token_accounts WHERE user_id = $1', [creator.userId]);
    expect(balance).toEqual([{ balance: String(tokensToMicros(WELCOME_BONUS_TOKENS - SERVICE_PRICES['professional-mastering'] - SERVICE_PRICES['copyright-registration'])), held: '0' }]);
    const { rows: doubled } = await shape.db.query(
      `SELECT change->>'streamId', change->>'eventType' FROM read_model_changes GROUP BY 1, 2, change->>'readModel', change->>'subjectId', change->>'recordedAt' HAVING count(*) > 1`,
    );
    expect(doubled).toEqual([]);

    // Both API processes told the creator's browsers of every step, whichever process made it.
    const heard = sockets.map((socket) =>
      socket.messages
        .filter(({ message }) => message.type === 'event' && message.streamId === `track-${trackId}`)
        .map(({ message }) => `${message.readModel}:${message.eventType}:${message.recordedAt}`)
        .sort(),
    );
    for (const socket of sockets) socket.close();
    const { rows: logged } = await shape.db.query<{ key: string }>(
      `SELECT (change->>'readModel') || ':' || (change->>'eventType') || ':' || (change->>'recordedAt') AS key FROM read_model_changes WHERE change->>'streamId' = $1 AND change->>'ownerId' = $2`,
      [`track-${trackId}`, creator.userId],
    );
    expect(heard[0]).toEqual(logged.map((row) => row.key).sort());
    expect(heard[1]).toEqual(heard[0]);

    // The files are in the object store, not in any one process's folder: the upload (taken by an
    // API process), its master (made by a worker) and its certificate, each under the track's id.
    if (shape.objectStore) {
      const bucket = new S3Client(s3ClientConfig(shape.objectStore));
      const listed = await bucket.send(new ListObjectsV2Command({ Bucket: shape.objectStore.bucket, Prefix: 'uploads/' }));
      bucket.destroy();
      const ofTrack = (listed.Contents ?? []).map((object) => object.Key!).filter((key) => key.includes(trackId));
      expect(ofTrack.length, ofTrack.join(', ')).toBeGreaterThanOrEqual(3);
    }

    // The survivors stop cleanly on SIGTERM: the worker after its running activities, the projector releasing its lock.
    for (const survivor of [...workers, ...projectors].filter((p) => p.alive())) {
      expect(await survivor.kill('SIGTERM'), `${survivor.name}:\n${survivor.output()}`).toBe(0);
    }
  }, 240_000);
});
