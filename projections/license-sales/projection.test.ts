// The purchased licenses read model on PGlite: rows follow a license's events (requested, paid,
// issued, failed, rated), buyer and owner are both told, and the model rebuilt from the events
// (each applied twice) equals the one built live; the analytics overview counts issued sales only.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { licenseStreamId, type LicenseEvent } from '../../domain/licensing/license.decider';
import { LicenseIssued, LicensePaymentSecured, LicensePurchaseFailed, LicensePurchaseRequested, LicenseRated } from '../../domain/licensing/license.events';
import type { OfferDetails } from '../../domain/licensing/license-offer.events';
import type { Db } from '../../infra/db/db';
import type { PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { openOnPglite, type ProjectionDatabase } from '../../tests/support/projection-databases';
import type { ReadModelChange } from '../projection';
import type { Projector } from '../projector';
import { licenseSalesProjection } from './projection';
import { licenseSalesSummary, recentSales } from './queries';

const NOW = '2026-11-26T10:00:00.000Z';
const ownerId = randomUUID();
const buyerId = randomUUID();
const offer: OfferDetails = {
  type: 'reproduction',
  scope: 'single_use',
  territory: 'Worldwide',
  duration: 'Perpetual',
  currency: 'USD',
  priceCents: 4999,
  originalPriceCents: null,
  paymentOptions: ['qxmp_tokens'],
  terms: { permissions: [], restrictions: [], attributionRequired: true, commercialUse: false, derivatives: false, distribution: false, customTerms: null },
};
const signature = { algorithm: 'Ed25519' as const, keyId: 'goose-1', publicKey: 'pk', canonicalization: 'RFC8785' as const, value: 'sig' };

function purchase(licenseId: string): LicenseEvent[] {
  return [
    LicensePurchaseRequested.create({ licenseId, offerId: 'o1', workId: 'w1', workTitle: 'Night Drive', ownerId, buyerId, offer, paymentMethod: 'qxmp_tokens', currency: 'USD', priceCents: 4999, requestedAt: NOW }),
    LicensePaymentSecured.create({ licenseId, paymentMethod: 'qxmp_tokens', reference: `license-${licenseId}`, detail: {} }),
  ];
}

describe('license sales projection on PGlite', () => {
  let database: ProjectionDatabase;
  let db: Db;
  let store: PostgresEventStore;
  let projector: Projector;
  let changes: ReadModelChange[];

  beforeEach(async () => {
    database = await openOnPglite([licenseSalesProjection]);
    ({ db, store, projector, changes } = database);
  });

  afterEach(() => database.close());

  async function record(licenseId: string, events: LicenseEvent[]): Promise<void> {
    const before = (await store.readStream(licenseStreamId(licenseId))).length;
    const metadata = { correlationId: 'test', causationId: null, actor: 'workflow', workflowId: null, occurredAt: NOW };
    const result = await store.append(licenseStreamId(licenseId), events.map((e) => ({ eventId: randomUUID(), metadata, type: e.type, data: e.data })), before === 0 ? 'no_stream' : before);
    await projector.waitFor(result.lastPosition);
  }

  const rows = async () => (await db.query(`SELECT * FROM purchased_licenses ORDER BY id`)).rows;

  it('follows each license to issued, failed or rated, and tells both buyer and owner', async () => {
    await record('a', purchase('a'));
    await record('a', [LicenseIssued.create({ licenseId: 'a', certificateId: 'GOOSE-LIC-A', certificate: { certificateId: 'GOOSE-LIC-A', licenseId: 'a', workId: 'w1', buyer: 'b', owner: 'o' }, signature, proofId: 'licensing-a', settlementReference: 'license-a', issuedAt: NOW })]);
    await record('a', [LicenseRated.create({ licenseId: 'a', rating: 5, ratedAt: NOW })]);
    await record('b', [...purchase('b'), LicensePurchaseFailed.create({ licenseId: 'b', reason: 'Escrow expired', refunded: true })]);
    const [a, b] = await rows();
    expect(a).toMatchObject({ id: 'a', status: 'issued', certificate_id: 'GOOSE-LIC-A', proof_id: 'licensing-a', rating: 5, price_cents: 4999, currency: 'USD' });
    expect(b).toMatchObject({ id: 'b', status: 'refunded', reason: 'Escrow expired', certificate_id: null });
    expect(new Set(changes.filter((c) => c.subjectId === 'a').map((c) => c.ownerId))).toEqual(new Set([buyerId, ownerId]));
    expect(changes.every((c) => c.readModel === 'licenses')).toBe(true);

    // The analytics overview counts the issued sale alone (the refunded one is no sale), by its day.
    expect(await licenseSalesSummary(db, ownerId, null, 'day', 10)).toEqual({
      count: 1,
      amountCents: 4999,
      tokenAmountCents: 0,
      byBucket: [{ bucket: '2026-11-26', count: 1, amountCents: 4999 }],
      topWorks: [{ workId: 'w1', title: 'Night Drive', count: 1, amountCents: 4999 }],
    });
    expect((await licenseSalesSummary(db, ownerId, new Date('2026-11-27T00:00:00.000Z'), 'month', 10)).count).toBe(0);
    expect((await recentSales(db, ownerId, 10)).map((sale) => sale.status).sort()).toEqual(['issued', 'refunded']);
  });

  it('rebuilt from the events, each applied twice, equals the model built live', async () => {
    await record('a', purchase('a'));
    await record('b', purchase('b'));
    await record('b', [LicensePurchaseFailed.create({ licenseId: 'b', reason: 'Hold refused', refunded: false })]);
    const live = await rows();
    const events = [...(await store.readStream(licenseStreamId('a'))), ...(await store.readStream(licenseStreamId('b')))];
    await db.query('DELETE FROM purchased_licenses');
    await db.transaction(async (tx) => {
      for (const event of events) {
        await licenseSalesProjection.apply(tx, event);
        await licenseSalesProjection.apply(tx, event);
      }
    });
    expect(await rows()).toEqual(live);
  });
});
