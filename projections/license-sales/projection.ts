// The purchased licenses read model: one row per license bought (requested, paid, issued, failed
// or refunded, rated) for the buyer's "My licenses" and the owner's sales. Usernames are joined at
// read time from the users model. Each row records the license stream version it has folded, so a
// replayed event changes nothing; the buyer and the owner are both told of every change.
import type { z } from 'zod';
import type { LicenseEvent } from '../../domain/licensing/license.decider';
import { licenseEventDefinitions, type LicensePurchaseRequested } from '../../domain/licensing/license.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

const HANDLES: ReadonlySet<string> = new Set(licenseEventDefinitions.map((d) => d.type));

async function applyOne(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange[]> {
  const event = { type: recorded.type, data: recorded.data } as LicenseEvent;
  const version = recorded.streamVersion;
  let rows: { buyer_id: string; owner_id: string; work_id: string }[];
  if (event.type === 'LicensePurchaseRequested') {
    const d: z.output<typeof LicensePurchaseRequested.schema> = event.data;
    ({ rows } = await tx.query(
      `INSERT INTO purchased_licenses (id, offer_id, work_id, work_title, owner_id, buyer_id, type, scope, territory, duration, currency, price_cents, payment_method, status, purchased_at, stream_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'awaiting_payment', $14, $15)
       ON CONFLICT (id) DO NOTHING RETURNING buyer_id::text, owner_id::text, work_id`,
      [d.licenseId, d.offerId, d.workId, d.workTitle, d.ownerId, d.buyerId, d.offer.type, d.offer.scope, d.offer.territory, d.offer.duration, d.currency, d.priceCents, d.paymentMethod, d.requestedAt, version],
    ));
  } else {
    const claim = (set: string, values: unknown[]) =>
      tx.query<{ buyer_id: string; owner_id: string; work_id: string }>(
        `UPDATE purchased_licenses SET ${set}, stream_version = $2 WHERE id = $1 AND stream_version < $2 RETURNING buyer_id::text, owner_id::text, work_id`,
        [event.data.licenseId, version, ...values],
      );
    switch (event.type) {
      case 'LicenseEscrowPrepared':
        // The escrow's transaction and sealed preimage stay in the stream; the row changes when it is secured.
        rows = [];
        break;
      case 'LicensePaymentSecured':
        ({ rows } = await claim(`status = 'paid', reason = NULL`, []));
        break;
      case 'LicenseIssued':
        ({ rows } = await claim(`status = 'issued', reason = NULL, certificate_id = $3, proof_id = $4, issued_at = $5`, [event.data.certificateId, event.data.proofId, event.data.issuedAt]));
        break;
      case 'LicensePurchaseFailed':
        ({ rows } = await claim(`status = $3, reason = $4`, [event.data.refunded ? 'refunded' : 'failed', event.data.reason]));
        break;
      case 'LicenseRated':
        ({ rows } = await claim(`rating = $3`, [event.data.rating]));
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown license event ${JSON.stringify(unknown)}`);
      }
    }
  }
  const row = rows[0];
  if (!row) return [];
  return [readModelChange('licenses', recorded, row.buyer_id, event.data.licenseId), readModelChange('licenses', recorded, row.owner_id, event.data.licenseId)];
}

export const licenseSalesProjection: Projection = {
  name: 'license-sales',
  version: 1,
  tables: ['purchased_licenses'],
  schema: `
    CREATE TABLE IF NOT EXISTS purchased_licenses (
      id text PRIMARY KEY,
      offer_id text NOT NULL,
      work_id text NOT NULL,
      work_title text NOT NULL,
      owner_id uuid NOT NULL,
      buyer_id uuid NOT NULL,
      type text NOT NULL,
      scope text NOT NULL,
      territory text NOT NULL,
      duration text NOT NULL,
      currency text NOT NULL,
      price_cents integer NOT NULL,
      payment_method text NOT NULL,
      status text NOT NULL,
      reason text,
      certificate_id text,
      proof_id text,
      rating smallint,
      purchased_at timestamptz NOT NULL,
      issued_at timestamptz,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS purchased_licenses_buyer_idx ON purchased_licenses (buyer_id, purchased_at DESC);
    CREATE INDEX IF NOT EXISTS purchased_licenses_owner_idx ON purchased_licenses (owner_id, purchased_at DESC);
    CREATE INDEX IF NOT EXISTS purchased_licenses_unfinished_idx ON purchased_licenses (purchased_at) WHERE status IN ('awaiting_payment', 'paid');`,
  handles: HANDLES,
  async apply(tx, event) {
    return (await applyOne(tx, event))[0] ?? null;
  },
  async applyAll(tx, events) {
    const changes: ReadModelChange[] = [];
    for (const event of events) changes.push(...(await applyOne(tx, event)));
    return changes;
  },
};
