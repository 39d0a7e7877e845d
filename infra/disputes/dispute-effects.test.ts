// The dispute effects on the machine's real Postgres with the real token ledger and the real
// license purchase steps: a freeze holds against many purchases and payout runs racing it (once it
// returns no license issues and no run starts; a purchase it beat is refunded), a compensation pays
// once under retries and a crash between its two writes, and a work stays frozen while another case
// holds it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workFreezeStreamId } from '../../domain/disputes/work-freeze.events';
import { UserEmailConfirmed, userStreamId } from '../../domain/identity/user.events';
import { inboxDecider } from '../../domain/notifications/inbox.decider';
import { inboxStreamId } from '../../domain/notifications/inbox.events';
import { licenseDecider, licenseStreamId, type LicenseEvent } from '../../domain/licensing/license.decider';
import { LICENSING_FROZEN } from '../../domain/licensing/ports';
import { eventRegistry } from '../../domain/registry';
import { pendingCents, royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import { TrackCertificateIssued } from '../../domain/track/stage.events';
import { trackStreamId } from '../../domain/track/track.events';
import { loadCertificateSigningKey } from '../certificate/signing-key';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { handleCommand } from '../eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { contractIdFor } from '../royalties/contract-id';
import { royaltyEarningsSink } from '../royalties/earnings-sink';
import { TokenLedger } from '../tokens/token-ledger';
import { allProjections } from '../../projections/all';
import { createLicensePurchaseActivities } from '../../workflows/license-purchase/activities';
import { executePurchase, type PurchaseSteps } from '../../workflows/license-purchase/shared';
import { ConcurrencyError } from '../../domain/shared/errors';
import { offerDetails } from '../../tests/support/licensing';
import { seedCreator } from '../../tests/support/seed-work';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { createDisputeEffects } from './dispute-effects';
import { workFrozenOf } from './work-freeze';

const hasPostgres = await postgresAvailable();
const context = { correlationId: 'test', actor: 'test' };
const WELCOME_MICROS = 50_000_000;

(hasPostgres ? describe : describe.skip)(hasPostgres ? 'dispute effects (Postgres)' : `dispute effects (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`, () => {
  let database: TestDatabase;
  let db: Db;
  let eventStore: PostgresEventStore;
  let tokenLedger: TokenLedger;
  let dataDir: string;
  let purchaseSteps: ReturnType<typeof createLicensePurchaseActivities>;
  let effects: ReturnType<typeof createDisputeEffects>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url, 10);
    await migrate(db, eventStoreMigrations);
    for (const projection of allProjections) await db.query(projection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
    tokenLedger = new TokenLedger(eventStore);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-dispute-effects-'));
    const signingKey = await loadCertificateSigningKey(dataDir, {});
    purchaseSteps = createLicensePurchaseActivities({ eventStore, db, tokenLedger, signingKey, royaltyEarnings: royaltyEarningsSink(eventStore), escrow: null });
    effects = createDisputeEffects({ eventStore, tokenLedger, db });
  }, 60_000);

  afterAll(async () => {
    await eventStore?.close();
    await db?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A registered account (a license certificate names its owner and buyer) with its token account open. */
  async function openAccount(): Promise<string> {
    const { userId } = await seedCreator(eventStore, `user_${randomUUID().slice(0, 8)}`);
    await tokenLedger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: WELCOME_MICROS } }, context);
    return userId;
  }

  /** A registered work of a new owner, with a royalty contract holding `earnedCents` pending when asked. */
  async function work(earnedCents: number | null): Promise<{ workId: string; ownerId: string; contractId: string }> {
    const [ownerId, workId] = [await openAccount(), randomUUID()];
    const certificate = TrackCertificateIssued.create({ trackId: workId, certificateId: 'GOOSE-CERT-1', certificate: { certificateId: 'GOOSE-CERT-1', xrplTxHash: 'A'.repeat(64), sha256: 'b'.repeat(64) }, signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', canonicalization: 'RFC8785', value: 'sig' } });
    await eventStore.append(trackStreamId(workId), [{ eventId: randomUUID(), type: certificate.type, data: certificate.data, metadata: { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() } }], 'no_stream');
    const contractId = contractIdFor(workId);
    if (earnedCents !== null) {
      const created = RoyaltyContractCreated.create({
        contractId, contentId: workId, ownerId, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85, distributionSchedule: 'weekly', minimumThreshold: 100,
        terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
      });
      await contract(workId, { type: 'CreateContract', data: created.data });
      if (earnedCents > 0) await contract(workId, { type: 'RecordEarnings', data: { amountCents: earnedCents, source: 'distribution_statement', reference: 'statement-1', description: 'Statement' } });
    }
    return { workId, ownerId, contractId };
  }

  const contract = (workId: string, command: RoyaltyContractCommand) => handleCommand(eventStore, royaltyContractStreamId(contractIdFor(workId)), royaltyContractDecider, command, context);
  const contractState = async (workId: string) =>
    (await eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)))).reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
  const licenseStatus = async (licenseId: string) =>
    (await eventStore.readStream(licenseStreamId(licenseId))).map((e) => ({ type: e.type, data: e.data }) as LicenseEvent).reduce(licenseDecider.evolve, licenseDecider.initialState).status;
  const free = async (userId: string) => availableMicros(await tokenLedger.account(userId));

  /** The steps retried on a lost race, as Temporal retries an activity (concurrent sales meet on the contract's stream). */
  function retried(steps: PurchaseSteps): PurchaseSteps {
    const again = <A extends unknown[], R>(step: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await step(...args);
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt >= 20) throw error;
        }
      }
    };
    return {
      securePayment: again(steps.securePayment),
      issueLicense: again(steps.issueLicense),
      settlePayment: again(steps.settlePayment),
      recordRevenue: again(steps.recordRevenue),
      failPurchase: again(steps.failPurchase),
      refundPurchase: again(steps.refundPurchase),
    };
  }

  /** A purchase requested as the route does before any freeze (its check passed), then run through every step. */
  async function buy(workId: string, ownerId: string, licenseId = randomUUID()): Promise<{ licenseId: string; buyerId: string; outcome: Awaited<ReturnType<typeof executePurchase>> }> {
    const buyerId = await openAccount();
    await handleCommand(eventStore, licenseStreamId(licenseId), licenseDecider, {
      type: 'RequestPurchase',
      data: { licenseId, offerId: 'o1', workId, workTitle: 'Night Drive', ownerId, buyerId, offer: offerDetails({ priceCents: 1000 }), paymentMethod: 'qxmp_tokens', offerWithdrawn: false, licensingFrozen: false, workRegistered: true, requestedAt: new Date().toISOString() },
    }, context);
    const outcome = await executePurchase(retried(purchaseSteps), { licenseId, publicOrigin: 'http://localhost:8080', ...context });
    return { licenseId, buyerId, outcome };
  }

  /** One payout run of 1 dollar, paid and completed; refused while another runs or the contract is disputed. */
  async function payout(workId: string, ownerId: string): Promise<string | null> {
    const runId = randomUUID();
    try {
      const line = { party: 'creator' as const, receiverId: null, userId: ownerId, name: 'owner', percentage: 100, amountCents: 100, receiverWallet: null };
      await contract(workId, { type: 'StartPayoutRun', data: { runId, trigger: 'manual', amountCents: 100, lines: [line] } });
      await contract(workId, { type: 'RecordLinesPaid', data: { runId, lines: [{ lineIndex: 0, method: 'recorded', txHash: null }] } });
      return runId;
    } catch {
      return null;
    }
  }

  const startedRuns = async (workId: string) => [...(await contractState(workId)).runs.keys()].sort();
  const issuedOf = async (licenseIds: string[]) => (await Promise.all(licenseIds.map(async (id) => ((await licenseStatus(id)) === 'issued' ? id : null)))).filter((id): id is string => id !== null).sort();

  it('given purchases and payouts racing a freeze, once the freeze returns no license issues and no payout run starts; the purchases it beat are refunded', async () => {
    const { workId, ownerId } = await work(1_000_000);
    const racing: Promise<unknown>[] = [];
    const licenses: string[] = [];
    const buyers = new Map<string, string>();
    const launchPurchase = () => {
      const licenseId = randomUUID();
      licenses.push(licenseId);
      racing.push(buy(workId, ownerId, licenseId).then((result) => buyers.set(licenseId, result.buyerId)));
    };
    for (let i = 0; i < 12; i += 1) {
      launchPurchase();
      racing.push(payout(workId, ownerId));
    }
    // Some purchases and runs done, the others under way: the freeze lands in the middle of them.
    await Promise.all(racing.slice(0, 4));
    const frozen = effects.freeze({ disputeId: 'd-race', workId });
    for (let i = 0; i < 12; i += 1) {
      launchPurchase();
      racing.push(payout(workId, ownerId));
    }
    const result = await frozen;
    // What stood the moment the freeze returned: every license issued, every run started.
    const issuedAtReturn = await issuedOf([...licenses]);
    const runsAtReturn = await startedRuns(workId);
    expect(result).toMatchObject({ licensingFrozen: true, payoutsFrozen: true });
    expect(await workFrozenOf(eventStore)(workId)).toBe(true);

    // More purchases (their request checks passed before the freeze) and payouts after it returned.
    for (let i = 0; i < 6; i += 1) {
      launchPurchase();
      racing.push(payout(workId, ownerId));
    }
    await Promise.all(racing);

    expect(licenses).toHaveLength(30);
    const issued = await issuedOf(licenses);
    expect(issued).toEqual(issuedAtReturn);
    // The first two purchases finished before the freeze began: the race had both sides.
    expect(issued.length).toBeGreaterThanOrEqual(2);
    expect(await startedRuns(workId)).toEqual(runsAtReturn);
    // Every license admitted on the freeze stream was admitted before the first freeze.
    const freezeStream = await eventStore.readStream(workFreezeStreamId(workId));
    const frozenAt = freezeStream.find((e) => e.type === 'WorkFrozen')!.streamVersion;
    const admittedAfter = freezeStream.filter((e) => e.type === 'WorkLicenseIssueAdmitted' && e.streamVersion > frozenAt);
    expect(admittedAfter).toEqual([]);
    // Every purchase not issued failed with the freeze's refusal and its buyer's tokens are all back.
    const refused = licenses.filter((id) => !issued.includes(id));
    expect(refused.length).toBeGreaterThanOrEqual(6);
    for (const licenseId of refused) {
      expect(await licenseStatus(licenseId)).toBe('refunded');
      expect(await free(buyers.get(licenseId)!)).toBe(WELCOME_MICROS);
    }
    // Each issued license was paid for once.
    for (const licenseId of issued) expect(await free(buyers.get(licenseId)!)).toBe(WELCOME_MICROS - 1000 * 10_000);
    // No run started after the contract's hold.
    const contractStream = await eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)));
    const heldAt = contractStream.find((e) => e.type === 'RoyaltyContractDisputeHoldPlaced')!.streamVersion;
    expect(contractStream.filter((e) => e.type === 'RoyaltyPayoutRunStarted' && e.streamVersion > heldAt)).toEqual([]);
    expect((await contractState(workId)).status).toBe('disputed');
  }, 120_000);

  it('a purchase whose request passed before the freeze is refused at issue with the plain 409 text, and its tokens come back', async () => {
    const { workId, ownerId } = await work(null);
    await effects.freeze({ disputeId: 'd1', workId });
    const { licenseId, buyerId, outcome } = await buy(workId, ownerId);
    expect(outcome.status).toBe('failed');
    expect(outcome.message.startsWith(LICENSING_FROZEN)).toBe(true);
    expect(await licenseStatus(licenseId)).toBe('refunded');
    expect(await free(buyerId)).toBe(WELCOME_MICROS);
  });

  it('unfreeze keeps the work frozen while another case holds it, and lifts it with the last', async () => {
    const { workId, ownerId } = await work(10_000);
    const frozenOf = workFrozenOf(eventStore);
    await effects.freeze({ disputeId: 'a', workId });
    await effects.freeze({ disputeId: 'a', workId });
    await effects.freeze({ disputeId: 'b', workId });

    const first = await effects.unfreeze({ disputeId: 'a', workId });
    expect(first.detail).toMatch(/1 other open dispute\(s\) still hold the work frozen/);
    expect(await frozenOf(workId)).toBe(true);
    expect((await contractState(workId)).status).toBe('disputed');
    expect(await payout(workId, ownerId)).toBeNull();
    expect((await buy(workId, ownerId)).outcome.status).toBe('failed');
    await effects.unfreeze({ disputeId: 'a', workId });
    expect(await frozenOf(workId)).toBe(true);

    const last = await effects.unfreeze({ disputeId: 'b', workId });
    expect(last.detail).toMatch(/is active again/);
    expect(await frozenOf(workId)).toBe(false);
    expect((await contractState(workId)).status).toBe('active');
    expect(await payout(workId, ownerId)).not.toBeNull();
    expect((await buy(workId, ownerId)).outcome).toEqual({ status: 'issued', message: 'License issued' });
  });

  it('compensation moves pending earnings to the claimant once per reference, under concurrent retries', async () => {
    const { workId } = await work(1000);
    const claimant = await openAccount();
    const input = { disputeId: 'd2', workId, toUserId: claimant, amountCents: 400, reference: 'dispute-compensation-d2-1' };
    const results = await Promise.all(Array.from({ length: 8 }, () => effects.compensate(input)));
    for (const result of results) expect(result).toMatchObject({ paidCents: 400, note: null });
    await effects.compensate(input);
    expect(await free(claimant)).toBe(WELCOME_MICROS + 400 * 10_000);
    expect(pendingCents(await contractState(workId))).toBe(600);
    // A second round is another reference: it takes what is left, no more.
    const round2 = await effects.compensate({ ...input, amountCents: 5000, reference: 'dispute-compensation-d2-2' });
    expect(round2.paidCents).toBe(600);
    expect(round2.note).toMatch(/Only \$6\.00 was pending/);
    expect(await free(claimant)).toBe(WELCOME_MICROS + 1000 * 10_000);
    expect(pendingCents(await contractState(workId))).toBe(0);
  });

  it('a compensation whose worker died after the deduction credits the deducted amount on retry, once', async () => {
    const { workId } = await work(300);
    const claimant = await openAccount();
    const reference = 'dispute-compensation-d3-1';
    await contract(workId, { type: 'DeductCompensation', data: { disputeId: 'd3', reference, toUserId: claimant, amountCents: 500 } });
    await contract(workId, { type: 'RecordEarnings', data: { amountCents: 10_000, source: 'distribution_statement', reference: 'later', description: 'Later statement' } });
    const retried = await effects.compensate({ disputeId: 'd3', workId, toUserId: claimant, amountCents: 500, reference });
    expect(retried.paidCents).toBe(300);
    await effects.compensate({ disputeId: 'd3', workId, toUserId: claimant, amountCents: 500, reference });
    expect(await free(claimant)).toBe(WELCOME_MICROS + 300 * 10_000);
  });

  it('a work without a royalty contract pays nothing and says why', async () => {
    const { workId } = await work(null);
    const claimant = await openAccount();
    const result = await effects.compensate({ disputeId: 'd4', workId, toUserId: claimant, amountCents: 500, reference: 'dispute-compensation-d4-1' });
    expect(result).toMatchObject({ paidCents: 0, contractId: null });
    expect(result.note).toMatch(/no royalty contract/);
    expect(await free(claimant)).toBe(WELCOME_MICROS);
    expect((await effects.freeze({ disputeId: 'd4', workId })).payoutsFrozen).toBe(false);
  });

  it('the owner is told in the app, and by mail only to a confirmed address with that mail on, said plainly; the estimated value is the pending earnings plus license sales kept outside the contract', async () => {
    const ownerId = randomUUID();
    const told = await effects.notifyOwner({ disputeId: 'd5', ownerId, subject: 'A claim' });
    expect(told).toEqual({ channel: 'in_app', detail: 'Told in the app: a notification in their bell and notifications page links to the case. Not by mail: they have no confirmed e-mail address' });
    const context = { correlationId: 't', actor: 'test' };
    const confirmed = UserEmailConfirmed.create({ userId: ownerId, email: 'olivia@example.com', confirmedAt: new Date().toISOString() });
    await eventStore.append(userStreamId(ownerId), [{ eventId: randomUUID(), ...confirmed, metadata: { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() } }], 'no_stream');
    expect(await effects.notifyOwner({ disputeId: 'd5', ownerId, subject: 'A claim' })).toEqual({
      channel: 'email',
      detail: 'Told in the app: a notification in their bell and notifications page links to the case, and by mail to their confirmed e-mail address',
    });
    await handleCommand(eventStore, inboxStreamId(ownerId), inboxDecider, { type: 'StopNotificationMail', data: { userId: ownerId, kind: 'dispute_against_you', changedAt: new Date().toISOString() } }, context);
    expect((await effects.notifyOwner({ disputeId: 'd5', ownerId, subject: 'A claim' })).detail).toMatch(/Not by mail: they turned off mail for "A dispute filed against your work"$/);
    const withContract = await work(2500);
    expect(await effects.estimatedValueCents(withContract.workId)).toBe(2500);
    const withoutContract = await work(null);
    await db.query(
      `INSERT INTO purchased_licenses (id, offer_id, work_id, work_title, owner_id, buyer_id, type, scope, territory, duration, currency, price_cents, payment_method, status, purchased_at, stream_version)
       VALUES ($1, 'o', $2, 't', $3, $3, 'synchronization', 'limited', 'Worldwide', 'Perpetual', 'QXMP', 1800, 'qxmp_tokens', 'issued', now(), 1)`,
      [randomUUID(), withoutContract.workId, withoutContract.ownerId],
    );
    expect(await effects.estimatedValueCents(withoutContract.workId)).toBe(1800);
  });
});
