// Accounts registered before the token ledger kept their welcome bonus on the user stream: at
// start they get a token account carrying it over, once, and accounts opened since are left alone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokensCredited, UserRegistered, userStreamId } from '../../domain/identity/user.events';
import { eventRegistry } from '../../domain/registry';
import type { NewEvent } from '../../domain/shared/events';
import { tokenAccountStreamId } from '../../domain/tokens/token-account.events';
import { allProjections } from '../../projections/all';
import { Projector } from '../../projections/projector';
import { findTokenAccount } from '../../projections/tokens/queries';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { openMissingAccounts, openTokenAccount } from './open-accounts';
import { TokenLedger } from './token-ledger';

describe('opening token accounts for users who have none', () => {
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let ledger: TokenLedger;

  beforeAll(async () => {
    db = await pooledPglite();
    await migrate(db, eventStoreMigrations);
    store = new PostgresEventStore(db, eventRegistry);
    projector = new Projector(db, store, allProjections);
    await projector.start();
    ledger = new TokenLedger(store);
  });

  afterAll(async () => {
    await projector.stop();
    await db.close();
  });

  async function registered(legacyBonusMicros: number | null): Promise<string> {
    const userId = randomUUID();
    const metadata = { correlationId: 'signup', causationId: null, actor: `user:${userId}`, workflowId: null, occurredAt: new Date().toISOString() };
    const events: NewEvent[] = [{ eventId: randomUUID(), ...UserRegistered.create({ userId, username: `old_${userId.slice(0, 8)}`, passwordHash: 'x'.repeat(32) }), metadata }];
    if (legacyBonusMicros) events.push({ eventId: randomUUID(), ...TokensCredited.create({ userId, amountMicros: legacyBonusMicros, reason: 'welcome_bonus' }), metadata });
    const { lastPosition } = await store.append(userStreamId(userId), events, 'no_stream');
    await projector.waitFor(lastPosition);
    return userId;
  }

  it('carries a pre-ledger welcome bonus over, gives the bonus to a signup that stopped half-way, and leaves open accounts alone', async () => {
    const legacy = await registered(50_000_000);
    const halfSignedUp = await registered(null);
    const current = await registered(null);
    await openTokenAccount(ledger, current, { correlationId: 'signup', actor: 'test' });
    await ledger.execute(current, { type: 'Credit', data: { amountMicros: 9_990_000, cause: 'purchase', reference: 'pi_1', description: 'Starter' } }, { correlationId: 'x', actor: 'test' });

    expect(await openMissingAccounts(db, store, ledger)).toBe(2);
    for (const userId of [legacy, halfSignedUp, current]) {
      const events = await store.readStream(tokenAccountStreamId(userId));
      await projector.waitFor(events.at(-1)!.position);
    }
    expect((await findTokenAccount(db, legacy))?.balanceMicros).toBe(50_000_000);
    expect((await findTokenAccount(db, halfSignedUp))?.balanceMicros).toBe(50_000_000);
    expect((await findTokenAccount(db, current))?.balanceMicros).toBe(59_990_000);

    expect(await openMissingAccounts(db, store, ledger)).toBe(0);
    expect((await store.readStream(tokenAccountStreamId(legacy))).map((e) => e.type)).toEqual(['TokenAccountOpened', 'TokensCreditedToAccount']);
  });
});
