// The payout executor on the real event store (in-memory PGlite, and the machine's PostgreSQL for
// the races): a line is credited once however often or concurrently it is paid; an XRPL line is one
// Payment on a rippled stand-in even when the submission's reply is lost; and without XRPL the
// line's fallback is said plainly.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { convertHexToString, decode, Wallet } from 'xrpl';
import { eventRegistry } from '../../domain/registry';
import type { PayoutLine } from '../../domain/royalties/ports';
import { splitPayout } from '../../domain/royalties/split';
import { xrplPayoutStreamId } from '../../domain/royalties/xrpl-payout.events';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { startRippledStandIn, type RippledStandIn } from '../../tests/support/rippled-stand-in';
import { postgresDb, type Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { openTokenAccount } from '../tokens/open-accounts';
import { TokenLedger } from '../tokens/token-ledger';
import { openXrplLedger } from '../xrpl/ledger';
import { createPayoutExecutor, openPayoutExecutor } from './payout-executor';
import { xrplPaymentSender, type XrplPaymentSender } from './xrpl-payment-sender';

const context = { correlationId: 'test', actor: 'workflow' };
const RECEIVER_WALLET = Wallet.generate().classicAddress;

function line(overrides: Partial<PayoutLine>): PayoutLine {
  return { party: 'creator', receiverId: null, userId: null, name: 'Ada', percentage: 85, amountCents: 850, receiverWallet: null, ...overrides };
}

async function credits(eventStore: PostgresEventStore, userId: string): Promise<{ reference: string; amountMicros: number; description: string }[]> {
  return (await eventStore.readStream(tokenAccountStreamId(userId))).filter((e) => e.type === 'TokensCreditedToAccount' && (e.data as { cause: string }).cause === 'payout').map((e) => e.data as never);
}

describe('PayoutExecutor on PGlite', () => {
  let db: Db;
  let eventStore: PostgresEventStore;
  let ledger: TokenLedger;

  // One in-memory database for the file: every test pays its own run ids and users.
  beforeAll(async () => {
    db = await pooledPglite();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    ledger = new TokenLedger(eventStore);
  });

  afterAll(async () => {
    await eventStore.close();
    await db.close();
  });

  async function user(): Promise<string> {
    const id = randomUUID();
    await openTokenAccount(ledger, id, context, 0);
    return id;
  }

  it('credits a creator line once, naming the track, however often it is paid', async () => {
    const userId = await user();
    const executor = createPayoutExecutor({ eventStore, ledger, xrpl: null });
    const run = { runId: 'run-1', contractId: 'c-1', contentTitle: 'Night Swim' };

    const answers = await Promise.all([1, 2, 3].map(() => executor.pay(run, 1, line({ userId }), context)));
    await executor.pay(run, 1, line({ userId }), context);

    expect(answers).toEqual(Array(3).fill({ method: 'token_credit', txHash: null, reason: null }));
    expect(await credits(eventStore, userId)).toEqual([{ userId, amountMicros: 8_500_000, cause: 'payout', reference: 'payout-run-1-1', description: 'Royalty payout for "Night Swim": creator share (85%)' }]);
    expect((await ledger.account(userId)).balanceMicros).toBe(8_500_000);
  });

  it('records the platform line and a 0-cent line without moving anything', async () => {
    const executor = createPayoutExecutor({ eventStore, ledger, xrpl: null });
    const run = { runId: 'run-2', contractId: 'c-1', contentTitle: 'Night Swim' };
    expect(await executor.pay(run, 0, line({ party: 'platform', userId: null, name: 'GOOSE platform', percentage: 15, amountCents: 150 }), context)).toEqual({ method: 'recorded', txHash: null, reason: null });
    const userId = await user();
    expect(await executor.pay(run, 1, line({ userId, amountCents: 0 }), context)).toMatchObject({ method: 'recorded', reason: expect.stringContaining('0 cents') });
    expect(await credits(eventStore, userId)).toEqual([]);
  });

  it('without XRPL_URL credits an XRPL receiver who accepted in tokens, and records one without an account, saying why', async () => {
    const executor = createPayoutExecutor({ eventStore, ledger, xrpl: null });
    const run = { runId: 'run-3', contractId: 'c-1', contentTitle: 'Night Swim' };
    const accepted = await user();
    const withUser = await executor.pay(run, 2, line({ party: 'receiver', receiverId: 'r1', userId: accepted, name: 'Bea', percentage: 10, amountCents: 100, receiverWallet: RECEIVER_WALLET }), context);
    const withoutUser = await executor.pay(run, 3, line({ party: 'receiver', receiverId: 'r2', userId: null, name: 'Cy', percentage: 5, amountCents: 50, receiverWallet: RECEIVER_WALLET }), context);

    expect(withUser).toEqual({ method: 'token_credit', txHash: null, reason: "XRP payouts are not offered on this server (it has no connection to the XRP Ledger), so no XRP was sent; credited in tokens to the receiver's GOOSE account instead" });
    expect(withoutUser).toEqual({ method: 'recorded', txHash: null, reason: 'XRP payouts are not offered on this server (it has no connection to the XRP Ledger), so no XRP was sent; recorded unpaid: the receiver has no GOOSE account to credit' });
    expect((await credits(eventStore, accepted)).map((c) => [c.reference, c.amountMicros])).toEqual([['payout-run-3-2', 1_000_000]]);
  });

  describe('XRPL payouts against a rippled stand-in', () => {
    let standIn: RippledStandIn;
    let sender: XrplPaymentSender;
    const platform = Wallet.generate();

    beforeEach(async () => {
      standIn = await startRippledStandIn({ ledgerCloseMs: 20 });
      standIn.fundAccount(platform.classicAddress, 5);
      sender = xrplPaymentSender(standIn.url, platform);
    });

    afterEach(async () => {
      await sender.close();
      await standIn.close();
    });

    const receiverLine = (userId: string | null = null) => line({ party: 'receiver', receiverId: 'r1', userId, name: 'Bea', percentage: 15, amountCents: 150, receiverWallet: RECEIVER_WALLET });

    it('pays the line once in XRP at the configured rate, with the payout reference as memo', async () => {
      const executor = createPayoutExecutor({ eventStore, ledger, xrpl: { sender, xrpUsdRate: 0.5 } });
      const run = { runId: 'run-4', contractId: 'c-9', contentTitle: 'Night Swim' };

      const first = await executor.pay(run, 2, receiverLine(), context);
      const again = await executor.pay(run, 2, receiverLine(), context);

      expect(first).toMatchObject({ method: 'xrpl_payment', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
      expect(again).toEqual(first);
      expect(standIn.received).toHaveLength(1);
      const tx = standIn.received[0]!;
      expect(tx).toMatchObject({ TransactionType: 'Payment', Account: platform.classicAddress, Destination: RECEIVER_WALLET, Amount: '3000000', hash: first.txHash });
      const memo = (tx.Memos as { Memo: { MemoType: string; MemoData: string } }[])[0]!.Memo;
      expect(convertHexToString(memo.MemoType)).toBe('goose/payout');
      expect(JSON.parse(convertHexToString(memo.MemoData))).toEqual({ reference: 'payout-run-4-2', runId: 'run-4', contractId: 'c-9', lineIndex: 2 });
      expect(standIn.balanceOf(RECEIVER_WALLET)).toBe('3000000');
      const stream = await eventStore.readStream(xrplPayoutStreamId('run-4', 2));
      expect(stream.map((e) => e.type)).toEqual(['XrplPayoutSigned', 'XrplPayoutValidated']);
    });

    it('settles the recorded Payment after its submission reply was lost, never sending a second', async () => {
      const executor = createPayoutExecutor({ eventStore, ledger, xrpl: { sender, xrpUsdRate: 2 } });
      const run = { runId: 'run-5', contractId: 'c-9', contentTitle: 'Night Swim' };
      standIn.dropNextSubmissions(1);

      await expect(executor.pay(run, 2, receiverLine(), context)).rejects.toThrow();
      const paid = await executor.pay(run, 2, receiverLine(), context);

      expect(standIn.received).toHaveLength(1);
      expect(paid).toEqual({ method: 'xrpl_payment', txHash: standIn.received[0]!.hash, reason: null });
      expect(decode(((await eventStore.readStream(xrplPayoutStreamId('run-5', 2)))[0]!.data as { txBlob: string }).txBlob).Amount).toBe('750000');
    });

    it('opened from XRPL_URL and XRP_USD_RATE, pays from the platform account that signs registrations', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'goose-payouts-'));
      try {
        const env = { XRPL_URL: standIn.url, XRP_USD_RATE: '2.5' };
        const registrations = await openXrplLedger({ dataDir, env });
        await registrations.close();
        standIn.fundAccount(registrations.account, 3);
        const executor = await openPayoutExecutor({ eventStore, ledger, dataDir, env });
        const paid = await executor.pay({ runId: 'run-7', contractId: 'c-9', contentTitle: 'Night Swim' }, 2, receiverLine(), context);
        await executor.close();
        expect(paid.method).toBe('xrpl_payment');
        expect(standIn.received.at(-1)).toMatchObject({ Account: registrations.account, Destination: RECEIVER_WALLET, Amount: '600000' });
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it('falls back to a token credit when the ledger refuses the Payment for good, and keeps that answer', async () => {
      await standIn.close();
      standIn = await startRippledStandIn({ rejectWith: 'temMALFORMED' });
      standIn.fundAccount(platform.classicAddress, 5);
      await sender.close();
      sender = xrplPaymentSender(standIn.url, platform);
      const executor = createPayoutExecutor({ eventStore, ledger, xrpl: { sender, xrpUsdRate: 0.5 } });
      const run = { runId: 'run-6', contractId: 'c-9', contentTitle: 'Night Swim' };
      const accepted = await user();

      const first = await executor.pay(run, 2, receiverLine(accepted), context);
      const again = await executor.pay(run, 2, receiverLine(accepted), context);

      expect(first).toMatchObject({ method: 'token_credit', reason: expect.stringContaining('temMALFORMED') });
      expect(again).toEqual(first);
      expect((await credits(eventStore, accepted)).map((c) => c.reference)).toEqual(['payout-run-6-2']);
    });
  });
});

const postgresUp = await postgresAvailable();

describe.skipIf(!postgresUp)(`PayoutExecutor on PostgreSQL, four workers paying the same run (skipped without a Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, () => {
  let database: TestDatabase;
  let db: Db;
  let stores: PostgresEventStore[];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url, 12);
    await migrate(db, eventStoreMigrations);
    stores = Array.from({ length: 4 }, () => new PostgresEventStore(db, eventRegistry));
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await db.close();
    await database.drop();
  });

  it('credits each line of a 30-receiver run exactly once and the credits sum to the run less the platform share', async () => {
    const ledgers = stores.map((store) => new TokenLedger(store));
    const executors = stores.map((eventStore, i) => createPayoutExecutor({ eventStore, ledger: ledgers[i]!, xrpl: null }));
    const creatorId = randomUUID();
    const receivers = Array.from({ length: 30 }, (_, i) => ({ receiverId: `r${i}`, receiverName: `R${i}`, royaltyPercentage: 1 + (i % 2), receiverWallet: null, acceptedUserId: randomUUID() }));
    for (const id of [creatorId, ...receivers.map((r) => r.acceptedUserId)]) await openTokenAccount(ledgers[0]!, id, context, 0);
    const lines = splitPayout({ amountCents: 123_457, creatorShare: 85, creator: { userId: creatorId, name: 'Ada' }, receivers });
    const run = { runId: randomUUID(), contractId: 'c-1', contentTitle: 'Night Swim' };

    await Promise.all(executors.flatMap((executor) => lines.map((l, index) => executor.pay(run, index, l, context))));

    let credited = 0;
    for (const l of lines.filter((candidate) => candidate.userId)) {
      const found = await credits(stores[0]!, l.userId!);
      expect(found).toHaveLength(1);
      credited += found[0]!.amountMicros;
    }
    const platform = lines.find((l) => l.party === 'platform')!.amountCents;
    expect(credited).toBe((123_457 - platform) * 10_000);
  });
});
