// The earnings sink and CreatorShareOf: earnings reach the content's contract once per reference,
// content without a contract keeps nothing, and the creator's share is the contract's (the standard
// template's before there is one).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistry } from '../../domain/registry';
import { pendingCents, royaltyContractDecider } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { handleCommand } from '../eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { contractIdFor } from './contract-id';
import { creatorShareOf, royaltyEarningsSink } from './earnings-sink';

let db: Db;
let eventStore: PostgresEventStore;
const context = { correlationId: 'test', actor: 'system:test' };

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  eventStore = new PostgresEventStore(db, eventRegistry);
});

afterAll(async () => {
  await eventStore.close();
  await db.close();
});

async function contractFor(contentId: string, templateType: 'standard_royalty' | 'premium_royalty', royaltySplit: number): Promise<string> {
  const contractId = contractIdFor(contentId);
  const created = RoyaltyContractCreated.create({
    contractId, contentId, ownerId: randomUUID(), contentTitle: 'Song', templateType, royaltySplit, distributionSchedule: 'monthly', minimumThreshold: 100,
    terms: {}, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' },
    network: 'testnet', xrpAmount: '1', usdAmount: '49.95',
  });
  await handleCommand(eventStore, royaltyContractStreamId(contractId), royaltyContractDecider, { type: 'CreateContract', data: created.data }, context);
  return contractId;
}

describe('royalty earnings sink', () => {
  it('adds earnings to the content contract once per reference; content without a contract keeps nothing', async () => {
    const sink = royaltyEarningsSink(eventStore);
    const contentId = randomUUID();
    const earnings = { contentId, ownerId: randomUUID(), amountCents: 250, source: 'distribution_statement' as const, reference: 'stmt-7#12', description: 'Spotify US' };
    expect(await sink.record(earnings, context)).toEqual({ contractId: null });

    const contractId = await contractFor(contentId, 'standard_royalty', 85);
    expect(await sink.record(earnings, context)).toEqual({ contractId });
    expect(await sink.record(earnings, context)).toEqual({ contractId });
    const events = await eventStore.readStream(royaltyContractStreamId(contractId));
    const state = events.reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);
    expect(pendingCents(state)).toBe(250);
  });

  it("answers the contract's creator share, the standard template's before a contract exists", async () => {
    const shareOf = creatorShareOf(eventStore);
    const contentId = randomUUID();
    expect(await shareOf(contentId)).toBe(85);
    await contractFor(contentId, 'premium_royalty', 95);
    expect(await shareOf(contentId)).toBe(95);
  });
});
