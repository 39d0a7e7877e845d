// The token ledger under concurrency, on the machine's real PostgreSQL: several ledgers (as several
// processes would) charge and credit the same accounts at once. The account stream's version is
// what keeps a balance from going negative and a payment from crediting twice, not a read model.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { InsufficientTokensError } from '../../domain/shared/errors';
import { tokensToMicros } from '../../domain/shared/tokens';
import { availableMicros, type TokenAccountCommand } from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { openTokenAccount } from './open-accounts';
import { TokenLedger } from './token-ledger';

const postgresUp = await postgresAvailable();
const context = { correlationId: 'test', actor: 'test' };

describe.skipIf(!postgresUp)(`TokenLedger on PostgreSQL (skipped without a Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`, () => {
  let database: TestDatabase;
  let db: Db;
  let stores: PostgresEventStore[];
  /** Four ledgers over four stores: four processes as far as the account streams can tell. */
  let ledgers: TokenLedger[];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = postgresDb(database.url, 12);
    await migrate(db, eventStoreMigrations);
    stores = Array.from({ length: 4 }, () => new PostgresEventStore(db, eventRegistry));
    ledgers = stores.map((store) => new TokenLedger(store));
  });

  afterAll(async () => {
    for (const store of stores) await store.close();
    await db.close();
    await database.drop();
  });

  async function newAccount(tokens: number): Promise<string> {
    const userId = randomUUID();
    await openTokenAccount(ledgers[0]!, userId, context, tokensToMicros(tokens));
    return userId;
  }

  const hold = (holdId: string, price: number): TokenAccountCommand => ({
    type: 'Hold',
    data: { holdId, service: 'professional-mastering', priceMicros: tokensToMicros(price), subjectId: 'track', description: 'Mastering', at: new Date().toISOString() },
  });

  it('lets exactly as many concurrent 5-token holds through as 50 tokens cover, across processes', async () => {
    const userId = await newAccount(50);
    const attempts = Array.from({ length: 24 }, (_, i) => ledgers[i % ledgers.length]!.execute(userId, hold(`h${i}`, 5), context));
    const settled = await Promise.allSettled(attempts);

    const held = settled.filter((s) => s.status === 'fulfilled');
    const refused = settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(14);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientTokensError);
    const account = await new TokenLedger(stores[0]!).account(userId);
    expect(availableMicros(account)).toBe(0);
    expect(account.heldMicros).toBe(tokensToMicros(50));
  });

  it('credits a payment once however many deliveries race', async () => {
    const userId = await newAccount(0);
    const credit: TokenAccountCommand = { type: 'Credit', data: { amountMicros: tokensToMicros(9.99), cause: 'purchase', reference: 'stripe:pi:123', description: 'Starter package' } };
    await Promise.all(Array.from({ length: 16 }, (_, i) => ledgers[i % ledgers.length]!.execute(userId, credit, context)));
    await ledgers[2]!.execute(userId, credit, context);

    const events = await stores[0]!.readStream(tokenAccountStreamId(userId));
    expect(events.filter((e) => e.type === 'TokensCreditedToAccount').map((e) => (e.data as { reference: string }).reference)).toEqual(['stripe:pi:123']);
    expect((await new TokenLedger(stores[0]!).account(userId)).balanceMicros).toBe(tokensToMicros(9.99));
  });

  it('keeps a long-lived ledger current with what other processes appended (it reads only the new events)', async () => {
    const userId = await newAccount(20);
    const [mine, theirs] = [ledgers[0]!, ledgers[1]!];
    await mine.execute(userId, hold('a', 5), context);
    await theirs.execute(userId, hold('b', 5), context);
    await theirs.execute(userId, { type: 'Capture', data: { holdId: 'b' } }, context);
    await expect(mine.execute(userId, hold('c', 15), context)).rejects.toThrow('Insufficient tokens: this step costs 15.00, your balance is 10.00');
    const account = await mine.account(userId);
    expect({ balance: account.balanceMicros, held: account.heldMicros }).toEqual({ balance: tokensToMicros(15), held: tokensToMicros(5) });
  });

  it('decides on its kept fold without reading, and decides again on the stream what that fold would refuse or skip', async () => {
    const userId = await newAccount(20);
    const [mine, theirs] = [ledgers[0]!, ledgers[1]!];
    const reads = vi.spyOn(stores[0]!, 'readStream');
    await mine.execute(userId, hold('a', 5), context);
    expect(reads).not.toHaveBeenCalled();

    await theirs.execute(userId, hold('x', 5), context);
    // Hold x is not in mine's kept fold: capturing it there would be refused, so it reads and decides again.
    await mine.execute(userId, { type: 'Capture', data: { holdId: 'x' } }, context);
    // Having seen another writer, mine reads before deciding until a read finds nothing new.
    await mine.account(userId);
    await theirs.execute(userId, hold('y', 5), context);
    // Releasing y on mine's kept fold would decide nothing (no such hold there): it reads and releases.
    await mine.execute(userId, { type: 'Release', data: { holdId: 'y', reason: 'step failed' } }, context);
    reads.mockRestore();

    const account = await new TokenLedger(stores[0]!).account(userId);
    expect({ balance: account.balanceMicros, held: account.heldMicros }).toEqual({ balance: tokensToMicros(15), held: tokensToMicros(5) });
    expect([...account.holds].map(([id, h]) => [id, h.status])).toEqual([['a', 'held'], ['x', 'captured'], ['y', 'released']]);
  });
});
