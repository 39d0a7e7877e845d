// The royalties read model on the machine's Postgres server (PGlite when it is not there): a
// contract's figures, its payout runs and lines, and analytics (the Smart Contracts tab's and the
// analytics overview's reads), built from the contract's events; applying the same events again
// changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId } from '../../domain/royalties/royalty-contract.events';
import { postgresDb, type Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../tests/support/postgres';
import { royaltiesProjection } from './projection';
import { findContract, listContracts, listPayoutRuns, payoutSummary, recentRoyaltyEvents, royaltiesByBucket, royaltyAnalytics, topEarningContents } from './queries';

const postgresUp = await postgresAvailable();

describe(`royalties projection (${postgresUp ? 'Postgres' : 'PGlite: no Postgres server'})`, () => {
  let database: TestDatabase | null = null;
  let db: Db;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    database = postgresUp ? await createTestDatabase() : null;
    db = database ? postgresDb(database.url, 2) : await pooledPglite();
    await migrate(db, eventStoreMigrations);
    await db.query(royaltiesProjection.schema);
    eventStore = new PostgresEventStore(db, eventRegistry);
  });

  afterAll(async () => {
    await eventStore.close();
    await db.close();
    await database?.drop();
  });

  it('builds contracts, runs, lines and analytics from the events, once however often they are applied', async () => {
    const ownerId = randomUUID();
    const contractId = randomUUID();
    const streamId = royaltyContractStreamId(contractId);
    const context = { correlationId: 'test', actor: 'test' };
    const run = (command: RoyaltyContractCommand) => handleCommand(eventStore, streamId, royaltyContractDecider, command, context);
    await run({
      type: 'CreateContract',
      data: RoyaltyContractCreated.create({
        contractId, contentId: 'track-1', ownerId, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85,
        distributionSchedule: 'monthly', minimumThreshold: 100, terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64),
        signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '99.900000', usdAmount: '49.95',
      }).data,
    });
    await run({ type: 'RecordAnchorStatus', data: { status: 'awaiting_submission', reason: 'No XRPL_URL', ledgerIndex: null } });
    await run({ type: 'RecordEarnings', data: { amountCents: 700, source: 'distribution_statement', reference: 'l1', description: 'x' } });
    await run({ type: 'RecordEarnings', data: { amountCents: 300, source: 'license_sale', reference: 's1', description: 'y' } });
    const lines = [
      { party: 'platform' as const, receiverId: null, userId: null, name: 'GOOSE platform', percentage: 15, amountCents: 120, receiverWallet: null },
      { party: 'receiver' as const, receiverId: 'receiver-1', userId: null, name: 'Bea', percentage: 10, amountCents: 80, receiverWallet: 'rBeaWallet' },
      { party: 'creator' as const, receiverId: null, userId: ownerId, name: 'me', percentage: 75, amountCents: 600, receiverWallet: null },
    ];
    await run({ type: 'StartPayoutRun', data: { runId: 'run-1', trigger: 'distribute', amountCents: 800, lines } });
    await run({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 0, method: 'recorded', txHash: null } });
    const unpaid = 'XRPL is not configured (no XRPL_URL); recorded unpaid: the receiver has no GOOSE account to credit';
    await run({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 1, method: 'recorded', txHash: null, reason: unpaid } });
    await run({ type: 'RecordLinePaid', data: { runId: 'run-1', lineIndex: 2, method: 'token_credit', txHash: null, reason: null } });
    await run({ type: 'CompletePayoutRun', data: { runId: 'run-1' } });

    const events = await eventStore.readStream(streamId);
    for (let pass = 0; pass < 2; pass++) {
      await db.transaction(async (tx) => {
        for (const event of events) await royaltiesProjection.apply(tx, event);
      });
    }

    const stored = await findContract(db, contractId);
    expect(stored?.contract).toMatchObject({ totalEarnings: 1000, distributedAmount: 800, pendingAmount: 200, contractStatus: 'active' });
    expect(stored?.contract.deployment).toMatchObject({ status: 'awaiting_submission', reason: 'No XRPL_URL', txHash: null });
    expect((await listContracts(db, ownerId)).map((c) => c.contractId)).toEqual([contractId]);
    const [payout] = await listPayoutRuns(db, ownerId);
    expect(payout).toMatchObject({ runId: 'run-1', status: 'completed', amount: 800, trigger: 'distribute' });
    // A line paid before reasons were kept (no `reason` in its event) reads as null.
    expect(payout!.lines.map((l) => [l.party, l.amount, l.method, l.reason])).toEqual([
      ['platform', 120, 'recorded', null],
      ['receiver', 80, 'recorded', unpaid],
      ['creator', 600, 'token_credit', null],
    ]);
    const analytics = await royaltyAnalytics(db, ownerId);
    expect(analytics.totals).toEqual({ totalEarnings: 1000, distributed: 800, pending: 200, contracts: 1, receivers: 1, payouts: 1 });
    expect(analytics.bySource).toEqual([{ source: 'distribution_statement', amount: 700 }, { source: 'license_sale', amount: 300 }]);
    expect(analytics.byMonth).toHaveLength(1);
    expect(analytics.byMonth[0]).toMatchObject({ earnings: 1000, distributed: 800 });
    expect(await listPayoutRuns(db, randomUUID())).toEqual([]);

    // The analytics overview's reads: by day, since a moment; what is pending; the top tracks; the latest events.
    const today = new Date().toISOString().slice(0, 10);
    expect(await royaltiesByBucket(db, ownerId, null, 'day')).toEqual([{ bucket: today, earnings: 1000, distributed: 800 }]);
    expect(await royaltiesByBucket(db, ownerId, new Date(Date.now() + 60_000), 'month')).toEqual([]);
    expect(await payoutSummary(db, ownerId, null)).toEqual({ pending: 200, runs: 1, running: 0 });
    expect(await topEarningContents(db, ownerId, null, 10)).toEqual([{ contentId: 'track-1', title: 'Night Drive', amount: 1000 }]);
    const recent = await recentRoyaltyEvents(db, ownerId, 10);
    expect(recent.map((r) => [r.kind, r.amount, r.status])).toEqual(expect.arrayContaining([['earnings', 700, null], ['earnings', 300, null], ['payout', 800, 'completed']]));
    expect(await payoutSummary(db, randomUUID(), null)).toEqual({ pending: 0, runs: 0, running: 0 });
  });

  it("counts a statement's earnings in the statement's month, not the month they were recorded", async () => {
    const ownerId = randomUUID();
    const contractId = randomUUID();
    const streamId = royaltyContractStreamId(contractId);
    const run = (command: RoyaltyContractCommand) => handleCommand(eventStore, streamId, royaltyContractDecider, command, { correlationId: 'test', actor: 'test' });
    await run({
      type: 'CreateContract',
      data: RoyaltyContractCreated.create({
        contractId, contentId: 'track-2', ownerId, contentTitle: 'Old Harbour', templateType: 'standard_royalty', royaltySplit: 85,
        distributionSchedule: 'monthly', minimumThreshold: 100, terms: { contractId }, canonical: '{}', termsSha256: 'b'.repeat(64),
        signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '99.900000', usdAmount: '49.95',
      }).data,
    });
    await run({ type: 'RecordEarnings', data: { amountCents: 4800, source: 'distribution_statement', reference: 'p1', description: 'March', period: '2025-03' } });
    await run({ type: 'RecordEarnings', data: { amountCents: 200, source: 'distribution_statement', reference: 'p2', description: 'April', period: '2025-04' } });
    await db.transaction(async (tx) => {
      for (const event of await eventStore.readStream(streamId)) await royaltiesProjection.apply(tx, event);
    });

    expect((await royaltyAnalytics(db, ownerId)).byMonth).toEqual([
      { month: '2025-03', earnings: 4800, distributed: 0 },
      { month: '2025-04', earnings: 200, distributed: 0 },
    ]);
  });
});
