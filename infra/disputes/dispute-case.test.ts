// A case run through the dispute activities (in-process commands) with the platform's real effects,
// on PGlite with the real token ledger: filing freezes the work's licensing and its royalty contract
// and answers what really happened; a resolution pays its compensation out of the contract's pending
// earnings into the claimant's tokens and lifts the freeze; an appeal freezes the work again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputeStreamId } from '../../domain/disputes/dispute.events';
import type { DisputeActor } from '../../domain/disputes/ports';
import { eventRegistry } from '../../domain/registry';
import { pendingCents, royaltyContractDecider, type RoyaltyContractCommand } from '../../domain/royalties/royalty-contract.decider';
import { RoyaltyContractCreated, royaltyContractStreamId, type RoyaltyContractEvent } from '../../domain/royalties/royalty-contract.events';
import { availableMicros } from '../../domain/tokens/token-account.decider';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { handleCommand } from '../eventstore/command-handler';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import { contractIdFor } from '../royalties/contract-id';
import { TokenLedger } from '../tokens/token-ledger';
import { allProjections } from '../../projections/all';
import { seedCreator, seedWork } from '../../tests/support/seed-work';
import { createDisputeActivities } from '../../workflows/dispute/activities';
import { inProcessDisputeCommands } from '../../tests/support/in-process-clients';
import { createDisputeEffects } from './dispute-effects';
import { workFrozenOf } from './work-freeze';

let db: Db;
let eventStore: PostgresEventStore;
let tokenLedger: TokenLedger;
const context = { correlationId: 'test', actor: 'test' };

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  for (const projection of allProjections) await db.query(projection.schema);
  eventStore = new PostgresEventStore(db, eventRegistry);
  tokenLedger = new TokenLedger(eventStore);
});

afterAll(async () => {
  await eventStore.close();
  await db.close();
});

async function person(name: string, roles: DisputeActor['roles']): Promise<DisputeActor> {
  const { userId } = await seedCreator(eventStore, name);
  await tokenLedger.execute(userId, { type: 'OpenAccount', data: { userId, welcomeBonusMicros: 0 } }, context);
  return { userId, name, roles };
}

const contract = (workId: string, command: RoyaltyContractCommand) => handleCommand(eventStore, royaltyContractStreamId(contractIdFor(workId)), royaltyContractDecider, command, context);
const contractState = async (workId: string) =>
  (await eventStore.readStream(royaltyContractStreamId(contractIdFor(workId)))).reduce((s, e) => royaltyContractDecider.evolve(s, { type: e.type, data: e.data } as RoyaltyContractEvent), royaltyContractDecider.initialState);

describe('a case with the platform effects', () => {
  it('freezes on filing, pays the compensation from pending earnings, unfreezes on resolution, and freezes again on appeal', async () => {
    const [owner, claimant, reviewer] = [await person('olivia', ['creator']), await person('carl', ['creator']), await person('rita', ['creator', 'reviewer'])];
    const { workId } = await seedWork(eventStore, owner.userId!, { title: 'Night Drive' });
    const contractId = contractIdFor(workId);
    const created = RoyaltyContractCreated.create({
      contractId, contentId: workId, ownerId: owner.userId!, contentTitle: 'Night Drive', templateType: 'standard_royalty', royaltySplit: 85, distributionSchedule: 'weekly', minimumThreshold: 100,
      terms: { contractId }, canonical: '{}', termsSha256: 'a'.repeat(64), signature: { algorithm: 'Ed25519', keyId: 'k', publicKey: 'pk', value: 'sig' }, network: 'testnet', xrpAmount: '1', usdAmount: '1',
    });
    await contract(workId, { type: 'CreateContract', data: created.data });
    await contract(workId, { type: 'RecordEarnings', data: { amountCents: 2000, source: 'distribution_statement', reference: 's1', description: 'Statement' } });
    const commands = inProcessDisputeCommands(createDisputeActivities({ eventStore, effects: createDisputeEffects({ eventStore, tokenLedger, db }) }));
    const frozenOf = workFrozenOf(eventStore);

    const filed = await commands.file(
      { kind: 'dispute', workId, disputeType: 'copyright_infringement', priority: 'high', subject: 'My chorus', description: 'The chorus is mine', claimedRights: ['reproduction'] },
      claimant,
    );
    const actions = Object.fromEntries(filed.autoActions.map((a) => [a.action, a.detail]));
    expect(actions.payouts_frozen).toContain(`royalty contract ${contractId} is disputed`);
    expect(actions.licensing_frozen).toMatch(/^Licensing frozen/);
    expect(actions.licensing_frozen).toBeDefined();
    expect(await frozenOf(workId)).toBe(true);
    expect((await contractState(workId)).status).toBe('disputed');

    await commands.act(filed.disputeId, { action: 'respond', message: 'It is mine' }, owner);
    await commands.act(filed.disputeId, { action: 'assign', reviewer }, reviewer);
    await commands.act(filed.disputeId, { action: 'resolve', outcome: 'upheld', details: 'Copied', compensationCents: 500 }, reviewer);

    expect(availableMicros(await tokenLedger.account(claimant.userId!))).toBe(500 * 10_000);
    const state = await contractState(workId);
    expect(pendingCents(state)).toBe(1500);
    expect(state.status).toBe('active');
    expect(await frozenOf(workId)).toBe(false);
    const paid = (await eventStore.readStream(disputeStreamId(filed.disputeId))).find((e) => e.type === 'DisputeCompensationPaid')!.data;
    expect(paid).toMatchObject({ decidedCents: 500, paidCents: 500, contractId, note: null });

    await commands.act(filed.disputeId, { action: 'appeal', reason: 'The reviewer missed my stems' }, owner);
    expect(await frozenOf(workId)).toBe(true);
    expect((await contractState(workId)).status).toBe('disputed');
  });
});
