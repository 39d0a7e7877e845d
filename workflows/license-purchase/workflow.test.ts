// The license purchase workflow against the Temporal dev server, PGlite in memory and the real
// token ledger: a token purchase holds, issues a certificate that verifies, captures and credits the
// owner (no royalty contract) and names owner and buyer by their account names, one the buyer cannot
// afford fails with nothing held, and one whose buyer has no account is refused with the money
// given back rather than a certificate naming an id. The recovery
// after a crash: purchases recorded whose workflow never started are started and end issued or
// failed with their reason, each paid once; a card purchase awaiting its payment is left alone.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseDecider, licenseStreamId } from '../../domain/licensing/license.decider';
import { eventRegistry } from '../../domain/registry';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { TrackCertificateIssued } from '../../domain/track/stage.events';
import { trackStreamId } from '../../domain/track/track.events';
import { loadCertificateSigningKey, type CertificateSigningKey } from '../../infra/certificate/signing-key';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { verifyLicenseCertificate, type SignedLicenseCertificate } from '../../infra/licensing/license-certificate';
import { royaltyEarningsSink } from '../../infra/royalties/earnings-sink';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { TokenLedger } from '../../infra/tokens/token-ledger';
import { allProjections } from '../../projections/all';
import { licenseSalesProjection } from '../../projections/license-sales/projection';
import { findPurchasedLicense } from '../../projections/license-sales/queries';
import { Projector } from '../../projections/projector';
import { offerDetails } from '../../tests/support/licensing';
import { seedCreator } from '../../tests/support/seed-work';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createLicensePurchaseActivities } from './activities';
import { temporalLicensePurchaseClient } from './client';
import { recoverLicensePurchases } from '../../ops/license-purchase-recovery';
import { licensePurchaseWorkflowId, PURCHASE_FAILURE_KINDS } from './shared';

const cli = await findTemporalCli();

(cli ? describe : describe.skip)(cli ? 'licensePurchase workflow (Temporal dev server)' : 'licensePurchase workflow (skipped: no Temporal CLI found)', () => {
  let env: TestWorkflowEnvironment;
  let db: Db;
  let eventStore: PostgresEventStore;
  let tokenLedger: TokenLedger;
  let signingKey: CertificateSigningKey;
  let worker: Worker;
  let workerRun: Promise<void>;
  let projector: Projector;
  let dataDir: string;
  const taskQueue = `license-purchase-test-${randomUUID()}`;

  beforeAll(async () => {
    installTemporalRuntime();
    env = await TestWorkflowEnvironment.createLocal({
      server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] },
    });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-license-workflow-'));
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    for (const projection of allProjections) await db.query(projection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    tokenLedger = new TokenLedger(eventStore);
    projector = new Projector(db, eventStore, [licenseSalesProjection]);
    await projector.start();
    signingKey = await loadCertificateSigningKey(dataDir, {});
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createLicensePurchaseActivities({ eventStore, db, tokenLedger, signingKey, royaltyEarnings: royaltyEarningsSink(eventStore), escrow: null }),
    });
    workerRun = worker.run();
  }, 180_000);

  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await workerRun;
    await projector?.stop();
    await eventStore?.close();
    await db?.close();
    await env?.teardown();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const context = { correlationId: 'test', actor: 'test' };

  /** A purchase of a registered work by one account from another; a buyer without an account when asked. */
  async function requested(priceCents: number, paymentMethod: 'qxmp_tokens' | 'stripe' = 'qxmp_tokens', { buyerAccount = true } = {}) {
    const account = async (role: string) => (await seedCreator(eventStore, `${role}_${randomUUID().slice(0, 8)}`)).userId;
    const [ownerId, buyerId, workId] = [await account('owner'), buyerAccount ? await account('buyer') : randomUUID(), randomUUID()];
    for (const userId of [ownerId, buyerId]) await tokenLedger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: 50_000_000 } }, context);
    const certificate = TrackCertificateIssued.create({ trackId: workId, certificateId: 'GOOSE-CERT-1', certificate: { certificateId: 'GOOSE-CERT-1', xrplTxHash: 'A'.repeat(64), sha256: 'b'.repeat(64) }, signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' } });
    await eventStore.append(trackStreamId(workId), [{ eventId: randomUUID(), type: certificate.type, data: certificate.data, metadata: { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() } }], 'no_stream');
    const licenseId = randomUUID();
    await handleCommand(eventStore, licenseStreamId(licenseId), licenseDecider, {
      type: 'RequestPurchase',
      data: { licenseId, offerId: 'o1', workId, workTitle: 'Night Drive', ownerId, buyerId, offer: offerDetails({ priceCents }), paymentMethod, offerWithdrawn: false, licensingFrozen: false, workRegistered: true, requestedAt: new Date().toISOString() },
    }, context);
    return { licenseId, ownerId, buyerId };
  }

  const purchase = (licenseId: string) => temporalLicensePurchaseClient(env.client, taskQueue).purchase({ licenseId, publicOrigin: 'http://localhost:8080', ...context });
  const free = async (userId: string) => availableMicros(await tokenLedger.account(userId));

  it('holds, issues a verifiable certificate, captures and credits the owner', async () => {
    const { licenseId, ownerId, buyerId } = await requested(1250);
    expect(await purchase(licenseId)).toEqual({ status: 'issued', message: 'License issued' });
    expect(await free(buyerId)).toBe(37_500_000);
    expect((await tokenLedger.account(buyerId)).holds.get(`license-${licenseId}`)?.status).toBe('captured');
    expect(await free(ownerId)).toBe(62_500_000);
    const issued = (await eventStore.readStream(licenseStreamId(licenseId))).find((e) => e.type === 'LicenseIssued')!.data as SignedLicenseCertificate;
    expect(verifyLicenseCertificate({ certificate: issued.certificate, signature: issued.signature }, signingKey.publicKeyBase64).valid).toBe(true);
    // The certificate names people by their account names, never by their ids.
    expect(issued.certificate).toMatchObject({ owner: expect.stringMatching(/^owner_/), buyer: expect.stringMatching(/^buyer_/) });
    expect(JSON.stringify(issued.certificate)).not.toMatch(new RegExp(`${ownerId}|${buyerId}`));
    // The same license again joins its workflow's outcome: nothing is held or credited twice.
    expect((await purchase(licenseId)).status).toBe('issued');
    expect(await free(ownerId)).toBe(62_500_000);
  }, 60_000);

  it('replays the run of an issued purchase (RECORD_WORKFLOW_HISTORIES=1 keeps it as the committed history)', async () => {
    const { licenseId } = await requested(1250);
    expect((await purchase(licenseId)).status).toBe('issued');
    const history = await closedHistory(env.client.workflow.getHandle(licensePurchaseWorkflowId(licenseId)));
    await keepHistory(historyFile('license-purchase', 'issued-purchase'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 60_000);

  it('fails a purchase the buyer cannot afford, holding nothing', async () => {
    const { licenseId, buyerId } = await requested(9000);
    const outcome = await purchase(licenseId);
    expect(outcome).toMatchObject({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.insufficientTokens });
    expect(outcome.message).toMatch(/^Insufficient tokens/);
    expect(await free(buyerId)).toBe(50_000_000);
    expect((await eventStore.readStream(licenseStreamId(licenseId))).map((e) => e.type)).toEqual(['LicensePurchaseRequested', 'LicensePurchaseFailed']);
  }, 60_000);

  it('refuses a purchase whose buyer has no account, giving back what was held, instead of a certificate naming an id', async () => {
    const { licenseId, buyerId } = await requested(1250, 'qxmp_tokens', { buyerAccount: false });
    const outcome = await purchase(licenseId);
    expect(outcome).toEqual({ status: 'failed', kind: PURCHASE_FAILURE_KINDS.issueRefused, message: 'The buying account is not on this server, so no certificate can name it: the license was not issued and the $12.50 held from your tokens was released' });
    expect(await free(buyerId)).toBe(50_000_000);
    expect((await eventStore.readStream(licenseStreamId(licenseId))).map((e) => e.type)).toEqual(['LicensePurchaseRequested', 'LicensePaymentSecured', 'LicensePurchaseFailed']);
  }, 60_000);

  it('starts again every purchase recorded without its workflow (a crash between the two): each ends issued or failed with its reason, paid once', async () => {
    // The crash window: 15 purchases recorded, no workflow started for any.
    const affordable = await Promise.all(Array.from({ length: 11 }, () => requested(1250)));
    const unaffordable = await Promise.all(Array.from({ length: 2 }, () => requested(9000)));
    const cardPaid = await requested(1250, 'stripe');
    await handleCommand(eventStore, licenseStreamId(cardPaid.licenseId), licenseDecider, { type: 'SecurePayment', data: { paymentMethod: 'stripe', reference: 'cs_test_paid' } }, context);
    const cardAwaiting = await requested(1250, 'stripe');
    const all = [...affordable, ...unaffordable, cardPaid, cardAwaiting];
    const last = (await eventStore.readStream(licenseStreamId(cardAwaiting.licenseId))).at(-1)!;
    await projector.waitFor(last.position);
    expect((await findPurchasedLicense(db, affordable[0]!.licenseId))?.status).toBe('awaiting_payment');

    const deps = { db, eventStore, purchases: temporalLicensePurchaseClient(env.client, taskQueue), publicOrigin: () => 'http://localhost:8080' };
    // A purchase younger than the minimum age is left to the request that is starting it.
    expect(await recoverLicensePurchases(deps)).toEqual([]);
    const resumed = await recoverLicensePurchases(deps, { now: new Date(Date.now() + 120_000) });
    expect(new Set(resumed)).toEqual(new Set([...affordable, ...unaffordable, cardPaid].map((p) => p.licenseId)));
    // A second pass while they run joins the running workflows.
    await recoverLicensePurchases(deps, { now: new Date(Date.now() + 120_000) });

    const types = async (licenseId: string) => (await eventStore.readStream(licenseStreamId(licenseId))).map((e) => e.type);
    const outcomes = await Promise.all(resumed.map((licenseId) => env.client.workflow.getHandle(licensePurchaseWorkflowId(licenseId)).result()));
    expect(outcomes.filter((o) => o.status === 'issued')).toHaveLength(12);
    for (const { licenseId, buyerId, ownerId } of affordable) {
      expect(await types(licenseId)).toEqual(['LicensePurchaseRequested', 'LicensePaymentSecured', 'LicenseIssued']);
      expect(await free(buyerId)).toBe(37_500_000);
      expect(await free(ownerId)).toBe(62_500_000);
    }
    for (const { licenseId, buyerId } of unaffordable) {
      const failed = (await eventStore.readStream(licenseStreamId(licenseId))).find((e) => e.type === 'LicensePurchaseFailed')!.data as { reason: string };
      expect(failed.reason).toMatch(/^Insufficient tokens/);
      expect(await free(buyerId)).toBe(50_000_000);
    }
    expect(await types(cardPaid.licenseId)).toEqual(['LicensePurchaseRequested', 'LicensePaymentSecured', 'LicenseIssued']);
    expect(await free(cardPaid.ownerId)).toBe(62_500_000);
    expect(await types(cardAwaiting.licenseId)).toEqual(['LicensePurchaseRequested']);

    // Finished purchases are not started again.
    const lastEvent = (await eventStore.readStream(licenseStreamId(cardPaid.licenseId))).at(-1)!;
    await projector.waitFor(lastEvent.position);
    for (const { licenseId } of all) await projector.waitFor((await eventStore.readStream(licenseStreamId(licenseId))).at(-1)!.position);
    expect(await recoverLicensePurchases(deps, { now: new Date(Date.now() + 120_000) })).toEqual([]);
  }, 180_000);
});
