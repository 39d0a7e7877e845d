// The statements read model's owner sums: each owner's money per statement month and store and per
// month and territory, estimates apart, added from the lines actually recorded, so a replayed
// event adds nothing and the analytics overview reads the same figures as the lines hold.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lineColumns, StatementLinesRecorded, statementLinesStreamId } from '../../domain/distribution/sales-statement.events';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import { statementsProjection } from './projection';
import { statementEarnings } from './queries';

let database: ProjectionDatabase;

beforeEach(async () => {
  database = await openOnPglite([statementsProjection]);
});

afterEach(async () => {
  await database.close();
});

describe('statements projection: owner sums', () => {
  it('sums an owner’s lines per month, store and territory once, however often the event is applied', async () => {
    const ownerId = randomUUID();
    const statementId = randomUUID();
    const streamId = statementLinesStreamId(ownerId, '2026-10', 0);
    const lines = [
      { store: 'spotify', country: 'US', units: 10, amountCents: 40 },
      { store: 'spotify', country: 'GB', units: 5, amountCents: 20 },
      { store: 'deezer', country: 'US', units: 1, amountCents: 3 },
    ];
    const event = StatementLinesRecorded.create({
      statementId,
      importerId: ownerId,
      period: '2026-10',
      batchId: `${statementId}/0/0`,
      releases: [{ distributionId: randomUUID(), contentId: randomUUID(), ownerId, title: 'Night Drive' }],
      lines: lineColumns(lines.map((line, index) => ({ ...line, key: `${statementId}-${index}`, lineNumber: index + 1, identifier: 'USRC17607839', release: 0 }))),
    });
    const metadata = { correlationId: 'test', causationId: null, actor: 'test', workflowId: null, occurredAt: new Date().toISOString() };
    const result = await database.store.append(streamId, [{ eventId: randomUUID(), metadata, ...event }], 'no_stream');
    await database.projector.waitFor(result.lastPosition);
    const once = await statementEarnings(database.db, ownerId, null);

    const [recorded] = await database.store.readStream(streamId);
    await database.db.transaction((tx) => statementsProjection.applyAll!(tx, [recorded!]));
    const twice = await statementEarnings(database.db, ownerId, null);

    expect(twice).toEqual(once);
    expect(once.estimates).toMatchObject({
      total: 63,
      units: 16,
      byMonth: [{ month: '2026-10', amount: 63, units: 16 }],
      byStore: [
        { store: 'spotify', amount: 60, units: 15 },
        { store: 'deezer', amount: 3, units: 1 },
      ],
      byTerritory: [
        { territory: 'US', amount: 43, units: 11 },
        { territory: 'GB', amount: 20, units: 5 },
      ],
    });
    expect(once.payable.total).toBe(0);
    expect((await statementEarnings(database.db, ownerId, '2026-11')).estimates.total).toBe(0);
  });
});
