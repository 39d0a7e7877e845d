// The payable money's read model (docs/royalties.md "Where royalty money comes from"): each
// partner's funds received (partner_funds), the payable statements' claims per batch and content
// item (payable_claims) and what the funds released to them (payable_releases). Rows are facts keyed
// by what one event holds, so a replayed event changes nothing; claimed, funded, released and
// unreconciled are summed by the queries. Operators' pages hear every change; a creator hears the
// changes to their own content's claims.
import { PartnerFundsReceived, type PartnerFundsEvent } from '../../domain/royalties/partner-funds.events';
import { RECONCILIATION_EVENT_TYPES, type ReconciliationEvent } from '../../domain/royalties/reconciliation.events';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

/** Operators' browsers hear these through the hub's operations events (api/realtime/hub.ts); no user owns them. */
const NO_OWNER = 'operations';

export const reconciliationProjection: Projection = {
  name: 'reconciliation',
  version: 1,
  tables: ['partner_funds', 'payable_claims', 'payable_releases'],
  schema: `
    CREATE TABLE IF NOT EXISTS partner_funds (
      partner_id text NOT NULL,
      reference text NOT NULL,
      period text NOT NULL,
      amount_cents bigint NOT NULL,
      currency text NOT NULL,
      recorded_by text NOT NULL,
      recorded_at timestamptz NOT NULL,
      PRIMARY KEY (partner_id, reference)
    );
    CREATE TABLE IF NOT EXISTS payable_claims (
      batch_id text NOT NULL,
      content_id text NOT NULL,
      partner_id text NOT NULL,
      period text NOT NULL,
      owner_id text NOT NULL,
      amount_cents bigint NOT NULL,
      PRIMARY KEY (batch_id, content_id)
    );
    CREATE INDEX IF NOT EXISTS payable_claims_period_idx ON payable_claims (partner_id, period);
    CREATE INDEX IF NOT EXISTS payable_claims_content_idx ON payable_claims (content_id);
    CREATE TABLE IF NOT EXISTS payable_releases (
      partner_id text NOT NULL,
      period text NOT NULL,
      release_id integer NOT NULL,
      batch_id text NOT NULL,
      content_id text NOT NULL,
      owner_id text NOT NULL,
      amount_cents bigint NOT NULL,
      PRIMARY KEY (partner_id, period, release_id, batch_id, content_id)
    );
    CREATE INDEX IF NOT EXISTS payable_releases_content_idx ON payable_releases (content_id);`,
  handles: new Set([PartnerFundsReceived.type, ...RECONCILIATION_EVENT_TYPES]),
  async apply(tx, event) {
    return (await this.applyAll!(tx, [event]))[0] ?? null;
  },
  async applyAll(tx, events) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as PartnerFundsEvent | ReconciliationEvent;
      switch (event.type) {
        case 'PartnerFundsReceived': {
          const d = event.data;
          await tx.query(
            `INSERT INTO partner_funds (partner_id, reference, period, amount_cents, currency, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
            [d.partnerId, d.reference, d.period, d.amountCents, d.currency, d.recordedBy, recorded.recordedAt],
          );
          changes.push(readModelChange('operations', recorded, NO_OWNER, `${d.partnerId}/${d.period}`));
          break;
        }
        case 'PayableClaimsRecorded': {
          const { partnerId, period, claims } = event.data;
          await tx.query(
            `INSERT INTO payable_claims (batch_id, content_id, partner_id, period, owner_id, amount_cents)
             SELECT b, c, $3, $4, o, a FROM unnest($1::text[], $2::text[], $5::text[], $6::bigint[]) AS t(b, c, o, a) ON CONFLICT DO NOTHING`,
            [claims.map((c) => c.batchId), claims.map((c) => c.contentId), partnerId, period, claims.map((c) => c.ownerId), claims.map((c) => c.amountCents)],
          );
          changes.push(...ownerChanges(recorded, claims, `${partnerId}/${period}`));
          break;
        }
        case 'PayableEarningsReleased': {
          const { partnerId, period, releaseId, releases } = event.data;
          await tx.query(
            `INSERT INTO payable_releases (partner_id, period, release_id, batch_id, content_id, owner_id, amount_cents)
             SELECT $1, $2, $3, b, c, o, a FROM unnest($4::text[], $5::text[], $6::text[], $7::bigint[]) AS t(b, c, o, a) ON CONFLICT DO NOTHING`,
            [partnerId, period, releaseId, releases.map((r) => r.batchId), releases.map((r) => r.contentId), releases.map((r) => r.ownerId), releases.map((r) => r.amountCents)],
          );
          changes.push(...ownerChanges(recorded, releases, `${partnerId}/${period}`));
          break;
        }
        case 'PayableReleasesDelivered':
          break;
        default: {
          const unknown: never = event;
          throw new Error(`Unknown reconciliation event ${JSON.stringify(unknown)}`);
        }
      }
    }
    return changes;
  },
};

/** The operators' page, and each owner whose content the claims or releases name (their royalty breakdown). */
function ownerChanges(recorded: Parameters<typeof readModelChange>[1], items: ReadonlyArray<{ ownerId: string }>, subjectId: string): ReadModelChange[] {
  const owners = new Set(items.map((i) => i.ownerId));
  return [readModelChange('operations', recorded, NO_OWNER, subjectId), ...[...owners].map((owner) => readModelChange('distributions', recorded, owner, subjectId))];
}
