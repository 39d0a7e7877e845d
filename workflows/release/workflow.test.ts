// The release workflow against Temporal's dev server: through the sandbox (packaged, delivered, its
// simulated stores settled, taken down, and nothing charged, not even to a creator without tokens);
// through a delivery partner on a real sshd (down at first: the release waits for it, shown as
// waiting, and completes after the operator's Retry once it is back, the fee captured once; a Live
// acknowledgement makes the store live; a creator without the fee refused); and against the
// time-skipping test server (a partner's yearly renewal charged again, then lapsing unpaid).
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { access, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRelease } from '../../domain/distribution/release.decider';
import { releaseStreamId } from '../../domain/distribution/release.events';
import { eventRegistry } from '../../domain/registry';
import { tokensToMicros } from '../../domain/shared/tokens';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { TrackFileStored, TrackProbed, TrackUploadReceived, trackStreamId } from '../../domain/track/track.events';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { requestRelease } from '../../infra/distribution/request-release';
import type { Distributor } from '../../infra/distribution/distributor';
import { STORE_DEALS } from '../../infra/distribution/ddex-ern';
import { SandboxDistributor } from '../../infra/distribution/sandbox-distributor';
import { batchCompleteName, SftpDistributor } from '../../infra/distribution/sftp-distributor';
import { partnerConfig, sshdPath, startSshd, type SshdServer } from '../../tests/support/sshd';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { FileStorage } from '../../infra/storage/file-storage';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { openTokenAccount } from '../../infra/tokens/open-accounts';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { sineWav } from '../../tests/support/audio';
import { releaseForm } from '../../tests/support/release-form';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { createTokenChargeActivities } from '../token-charges/activities';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createReleaseActivities } from './activities';
import { releaseStageQuery, releaseWorkflowId, retryDeliverySignal, takedownUpdate, type ReleaseInput } from './shared';

const cli = await findTemporalCli();
const testServer = await findTestServer();

async function findTestServer(): Promise<string | null> {
  const candidate = process.env.TEMPORAL_TEST_SERVER ?? (() => {
    try {
      return execFileSync('which', ['temporal-test-server'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  })();
  return candidate && (await access(candidate).then(() => true, () => false)) ? candidate : null;
}

/** Jazz, which the sandbox's Beatport refuses: one store distributed, one failed with its reason. */
const form = releaseForm({ primaryGenre: 'Jazz' });

interface Harness {
  env: TestWorkflowEnvironment;
  db: Db;
  eventStore: PostgresEventStore;
  tokenLedger: TokenLedger;
  storage: FileStorage;
  worker: Worker;
  running: Promise<void>;
  taskQueue: string;
  dir: string;
}

const REAL_PREFIXES = { isrc: 'USAB1', upc: '1234' };

/** A partner that settles every store live at once: for the renewal's year-long timers, where no SFTP server is involved. */
const settledPartner: Distributor = {
  name: 'Settled partner',
  reachesStores: true,
  recipient: { dpid: 'PADPIDSETTLED', name: 'Settled partner' },
  territories: ['Worldwide'],
  pollEveryMs: 1_000,
  deliver: async (pkg) => ({ distributor: 'Settled partner', deliveryId: `settled-${pkg.distributionId}`, notice: null }),
  poll: async (_deliveryId, stores) => stores.map((storeId) => ({ storeId, state: 'distributed' as const, reason: null })),
  takedown: async () => undefined,
};

async function harness(env: TestWorkflowEnvironment, distributorOf: (dir: string) => Distributor = (dir) => new SandboxDistributor(dir)): Promise<Harness> {
  installTemporalRuntime();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'goose-release-'));
  const db = await pgliteDb();
  await migrate(db, eventStoreMigrations);
  const eventStore = new PostgresEventStore(db, eventRegistry);
  const storage = new FileStorage(dir);
  await storage.init();
  const tokenLedger = new TokenLedger(eventStore);
  const taskQueue = `release-test-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    workflowBundle: await bundleTrackLifecycleWorkflows(),
    activities: { ...createReleaseActivities({ eventStore, storage, distributor: distributorOf(dir), dataDir: dir }), ...createTokenChargeActivities({ tokenLedger }) },
  });
  return { env, db, eventStore, tokenLedger, storage, worker, running: worker.run(), taskQueue, dir };
}

async function close(h: Harness | undefined): Promise<void> {
  if (!h) return;
  if (h.worker.getState() === 'RUNNING') h.worker.shutdown();
  await h.running;
  await h.eventStore.close();
  await h.db.close();
  await h.env.teardown();
  await rm(h.dir, { recursive: true, force: true });
}

/** A creator with `tokens` and a probed track whose audio is stored, and their release requested. */
async function requested(h: Harness, tokens: number, prefixes?: { isrc: string; upc: string }): Promise<ReleaseInput> {
  const ownerId = randomUUID();
  const trackId = randomUUID();
  const context = { correlationId: randomUUID(), actor: `user:${ownerId}` };
  await openTokenAccount(h.tokenLedger, ownerId, context, tokensToMicros(tokens));
  const storedName = `${trackId}.wav`;
  await writeFile(h.storage.storedPath(storedName), sineWav({ seconds: 0.2 }));
  const metadata = { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() };
  await h.eventStore.append(
    trackStreamId(trackId),
    [
      TrackUploadReceived.create({ trackId, ownerId, title: 'Night Drive', description: '', contentType: 'music', royaltySplit: 100, originalName: 'x.wav', detectedExtension: 'wav', detectedMimeType: 'audio/wav', size: 10, genre: null }),
      TrackFileStored.create({ trackId, storedName, sha256: 'c'.repeat(64), size: 10 }),
      TrackProbed.create({ trackId, format: 'wav', durationSeconds: 0.2, codec: 'pcm_s16le', sampleRate: 44100, channels: 1, bitRate: 705600 }),
    ].map((event) => ({ eventId: randomUUID(), metadata, ...event })),
    'no_stream',
  );
  const distributionId = randomUUID();
  await requestRelease(h.eventStore, { distributionId, contentId: trackId, ownerId, form }, context, prefixes);
  return { distributionId, ownerId, ...context, pollIntervalMs: 200, partnerRetryMs: 60_000 };
}

async function releaseOf(h: Harness, distributionId: string) {
  const events = await h.eventStore.readStream(releaseStreamId(distributionId));
  return { state: foldRelease(events), types: events.map((e) => e.type) };
}

const freeTokens = async (h: Harness, userId: string) => availableMicros(await h.tokenLedger.account(userId));

describe.skipIf(!cli)(cli ? 'release workflow through the sandbox (Temporal dev server)' : 'release workflow through the sandbox (skipped: no Temporal CLI found)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] } }));
  });
  afterAll(() => close(h));

  it('delivers a valid package to the sandbox and settles its simulated stores, charging nothing; then takes the release down', async () => {
    const input = await requested(h, 20);
    const handle = await h.env.client.workflow.start('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
    await expect.poll(async () => (await releaseOf(h, input.distributionId)).state, { timeout: 30_000, interval: 250 }).toMatchObject({
      status: 'delivered',
      delivery: { distributor: 'sandbox', notice: expect.stringContaining('no store received it'), reachesStores: false },
      stores: { spotify: { state: 'distributed' }, beatport: { state: 'failed', reason: expect.stringContaining('electronic and dance') } },
    });
    expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(20));
    await access(path.join(h.dir, 'releases', input.distributionId, 'ern.xml'));
    expect(await handle.executeUpdate(takedownUpdate, { args: [{ reason: 'The creator asked', correlationId: 'c', actor: `user:${input.ownerId}` }] })).toEqual({ ok: true });
    expect(await handle.result()).toBe('ended');
    const { state, types } = await releaseOf(h, input.distributionId);
    expect(state.status).toBe('taken_down');
    expect(types).not.toContain('ReleaseFeeCharged');
    expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(20));
  }, 60_000);

  it('replays the run of a release delivered, settled and taken down (RECORD_WORKFLOW_HISTORIES=1 keeps it as the committed history)', async () => {
    const input = await requested(h, 20);
    const handle = await h.env.client.workflow.start('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
    await expect.poll(async () => (await releaseOf(h, input.distributionId)).state.status, { timeout: 30_000, interval: 250 }).toBe('delivered');
    await handle.executeUpdate(takedownUpdate, { args: [{ reason: 'The creator asked', correlationId: 'c', actor: `user:${input.ownerId}` }] });
    const history = await closedHistory(handle);
    await keepHistory(historyFile('release', 'sandbox-release-taken-down'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 60_000);

  it('holds no fee for a sandbox release, so a creator with no tokens at all is charged nothing and the release goes through', async () => {
    const input = await requested(h, 0);
    await h.env.client.workflow.start('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
    await expect.poll(async () => (await releaseOf(h, input.distributionId)).state.status, { timeout: 30_000, interval: 250 }).toBe('delivered');
    expect(await freeTokens(h, input.ownerId)).toBe(0);
    expect((await releaseOf(h, input.distributionId)).types).not.toContain('ReleaseFeeCharged');
  }, 60_000);
});

describe.skipIf(!cli || !sshdPath)(
  cli && sshdPath ? 'release workflow through a delivery partner on sshd (Temporal dev server)' : `release workflow through a delivery partner (skipped: ${cli ? 'no sshd' : 'no Temporal CLI found'})`,
  () => {
    let h: Harness;
    let server: SshdServer;
    beforeAll(async () => {
      server = await startSshd();
      const partner = partnerConfig(server);
      await mkdir(partner.folders.inbox, { recursive: true });
      await mkdir(partner.folders.acknowledgements, { recursive: true });
      h = await harness(await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] } }), () => new SftpDistributor(partner));
    }, 60_000);
    afterAll(async () => {
      await close(h);
      await server?.close();
    });

    it('a partner that is down: the release waits for it (fee held, not taken); after the Retry once it is back the batch is delivered, the fee captured once, and a Live acknowledgement makes the store live', async () => {
      const partner = partnerConfig(server);
      await server.stop();
      const input = await requested(h, 20, REAL_PREFIXES);
      const handle = await h.env.client.workflow.start('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
      try {
        await expect.poll(async () => (await releaseOf(h, input.distributionId)).state, { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'validated', waiting: { reason: expect.stringContaining('could not be reached') } });
        expect(await handle.query(releaseStageQuery)).toBe('waiting_for_partner');
        expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(20) - tokensToMicros(14.99));
      } finally {
        await server.start();
      }
      await handle.signal(retryDeliverySignal);
      await expect.poll(async () => (await releaseOf(h, input.distributionId)).state, { timeout: 30_000, interval: 250 }).toMatchObject({ status: 'delivered', waiting: null, delivery: { distributor: 'Acme Distribution', reachesStores: true } });
      const { state } = await releaseOf(h, input.distributionId);
      const batchId = state.status === 'none' ? '' : state.delivery!.deliveryId.split(':')[0]!;
      expect(await readdir(path.join(partner.folders.inbox, batchId))).toContain(batchCompleteName(batchId));
      await expect.poll(async () => (await releaseOf(h, input.distributionId)).types.filter((t) => t === 'ReleaseFeeCharged').length, { timeout: 10_000 }).toBe(1);
      expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(20) - tokensToMicros(14.99));

      expect(state.status !== 'none' && state.stores.spotify!.state).toBe('pending');
      await writeFile(
        path.join(partner.folders.acknowledgements, `ACK_${input.distributionId}.xml`),
        `<FtpAcknowledgementMessage><AcknowledgedMessageId>GOOSE-${input.distributionId}</AcknowledgedMessageId><MessageStatus>FileOK</MessageStatus>
          <ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.spotify!.dpid}</PartyId></DistributionChannel><Status>Live</Status></ReleaseStatus>
          <ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.beatport!.dpid}</PartyId></DistributionChannel><Status>Rejected</Status><Reason>Not in Beatport's genres</Reason></ReleaseStatus></FtpAcknowledgementMessage>`,
      );
      await expect.poll(async () => (await releaseOf(h, input.distributionId)).state, { timeout: 30_000, interval: 250 }).toMatchObject({
        stores: { spotify: { state: 'distributed' }, beatport: { state: 'failed', reason: "Not in Beatport's genres" } },
      });
      expect(await handle.executeUpdate(takedownUpdate, { args: [{ reason: 'The creator asked', correlationId: 'c', actor: `user:${input.ownerId}` }] })).toEqual({ ok: true });
      expect((await readdir(partner.folders.inbox)).some((name) => name === `${batchId}_purge`)).toBe(true);
      expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(20) - tokensToMicros(14.99));
    }, 90_000);

    it('refuses a release the creator cannot pay for: it fails at the fee and nothing is built or charged', async () => {
      const input = await requested(h, 5, REAL_PREFIXES);
      const result = await h.env.client.workflow.execute('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
      expect(result).toBe('ended');
      const { state, types } = await releaseOf(h, input.distributionId);
      expect(state).toMatchObject({ status: 'failed', failure: { step: 'fee', reason: expect.stringMatching(/Insufficient tokens/) } });
      expect(types).not.toContain('ReleasePackageBuilt');
      expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(5));
    }, 60_000);
  },
);

describe.skipIf(!testServer)(testServer ? 'release workflow renewal (time-skipping test server)' : 'release workflow renewal (skipped: no temporal-test-server found)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: testServer! } } }), () => settledPartner);
  });
  afterAll(() => close(h));

  it("charges a partner release's fee again a year later, and lapses (taken down) when the next year cannot be paid", async () => {
    const input = await requested(h, 30, REAL_PREFIXES);
    const result = await h.env.client.workflow.execute('release', { taskQueue: h.taskQueue, workflowId: releaseWorkflowId(input.distributionId), args: [input] });
    expect(result).toBe('ended');
    const { state, types } = await releaseOf(h, input.distributionId);
    expect(types.filter((t) => t === 'ReleaseFeeCharged')).toHaveLength(2);
    expect(types.slice(-2)).toEqual(['ReleaseLapsed', 'ReleaseTakenDown']);
    expect(state.status).toBe('taken_down');
    if (state.status !== 'none') expect(Date.parse(state.paidThrough!) - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(await freeTokens(h, input.ownerId)).toBe(tokensToMicros(30) - 2 * tokensToMicros(14.99));
  }, 120_000);
});
