// The payable money's read model on PGlite and on the machine's real Postgres server: claimed,
// funded, released and unreconciled per partner and period and per content item follow the
// partner's and the period's events, the operators and each owner are told, and a replayed event
// changes nothing.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { partnerFundsDecider } from '../../domain/royalties/partner-funds.decider';
import { partnerStreamId } from '../../domain/royalties/partner-funds.events';
import { reconciliationDecider, type ReconciliationCommand } from '../../domain/royalties/reconciliation.decider';
import { reconciliationStreamId } from '../../domain/royalties/reconciliation.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { describeOnEachDatabase, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { reconciliationProjection } from './projection';
import { findPayableOfContent, listPartnerPeriods } from './queries';

describeOnEachDatabase('reconciliation projection', (open) => {
  let database: ProjectionDatabase;
  const context = { correlationId: 'test', actor: 'operator:test' };
  const ownerA = randomUUID();
  const ownerB = randomUUID();

  beforeEach(async () => {
    database = await open([reconciliationProjection]);
  });

  afterEach(() => database.close());

  const reconcile = async (command: ReconciliationCommand['data']) => {
    const { result } = await handleCommand(database.store, reconciliationStreamId('acme', '2026-10'), reconciliationDecider, { type: 'Reconcile', data: command } as ReconciliationCommand, context);
    if (result) await database.projector.waitFor(result.lastPosition);
  };
  const funds = async (reference: string, amountCents: number) => {
    const { result } = await handleCommand(database.store, partnerStreamId('acme'), partnerFundsDecider, { type: 'RecordFundsReceived', data: { partnerId: 'acme', amountCents, currency: 'USD', period: '2026-10', reference, recordedBy: 'operator:test' } }, context);
    if (result) await database.projector.waitFor(result.lastPosition);
  };

  it('sums claimed, funded, released and unreconciled per period and per content, told to operators and owners, once', async () => {
    const claims = [
      { batchId: 'b1', contentId: 'track-a', ownerId: ownerA, title: 'A', amountCents: 7_500 },
      { batchId: 'b1', contentId: 'track-b', ownerId: ownerB, title: 'B', amountCents: 2_500 },
    ];
    await reconcile({ partnerId: 'acme', period: '2026-10', claims, fundedCents: 0 });
    await funds('WIRE-1', 4_000);
    await reconcile({ partnerId: 'acme', period: '2026-10', claims: [], fundedCents: 4_000 });

    expect(await listPartnerPeriods(database.db)).toEqual([{ partnerId: 'acme', period: '2026-10', claimed: 10_000, funded: 4_000, released: 4_000, unreconciled: 6_000 }]);
    expect(await findPayableOfContent(database.db, 'track-a', ownerA)).toEqual({ claimed: 7_500, released: 3_000, unreconciled: 4_500 });
    expect(await findPayableOfContent(database.db, 'track-b', ownerB)).toEqual({ claimed: 2_500, released: 1_000, unreconciled: 1_500 });
    // Another user asking about the content sees none of it.
    expect(await findPayableOfContent(database.db, 'track-a', ownerB)).toEqual({ claimed: 0, released: 0, unreconciled: 0 });
    const told = database.changes.map((c) => [c.readModel, c.ownerId, c.eventType]);
    expect(told).toEqual(expect.arrayContaining([
      ['operations', 'operations', 'PayableClaimsRecorded'],
      ['distributions', ownerA, 'PayableClaimsRecorded'],
      ['distributions', ownerB, 'PayableEarningsReleased'],
      ['operations', 'operations', 'PartnerFundsReceived'],
    ]));

    // Every event applied again changes nothing.
    const events = [...(await database.store.readStream(reconciliationStreamId('acme', '2026-10'))), ...(await database.store.readStream(partnerStreamId('acme')))];
    await database.db.query('BEGIN');
    await reconciliationProjection.applyAll!(database.db, events);
    await database.db.query('COMMIT');
    expect(await listPartnerPeriods(database.db)).toEqual([{ partnerId: 'acme', period: '2026-10', claimed: 10_000, funded: 4_000, released: 4_000, unreconciled: 6_000 }]);
  });
});
