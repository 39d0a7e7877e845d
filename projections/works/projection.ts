// The rights registry read model: one row per piece of content with the
// evidence behind its verification level (the copyright check, the ledger registration, the signed
// certificate), the identifiers its owner set, its license counts and revenue, and a weighted
// tsvector plus a trigram text for ranked, typo-tolerant search. Only works with an issued
// certificate are public; the queries filter on `registered_at`. Track rows record the version of
// the track stream they folded and the work stream's, so a replayed event changes nothing; license
// and offer counts are recounted from `registry_work_licensing`, so replaying those is harmless too.
// Disputes (kind dispute only; an oracle review is about a track that is not in the registry) are
// kept one row per case in `registry_work_disputes` with the dispute stream's version, and the
// work's active / resolved / upheld counts are recounted from them; an upheld resolution keeps the
// work from gold.
import type { z } from 'zod';
import { UserAccountDeleted, UserRegistered } from '../../domain/identity/user.events';
import { DELETED_USERNAME } from '../../domain/account-data/deletion-rules';
import {
  LicenseIssued,
  LicensePurchaseFailed,
  LicensePurchaseRequested,
} from '../../domain/licensing/license.events';
import { LicenseOffered, LicenseOfferWithdrawn } from '../../domain/licensing/license-offer.events';
import { WorkIdentifiersSet } from '../../domain/registry/work.events';
import { DisputeAppealed, DisputeClosed, DisputeFiled, DisputeResolved } from '../../domain/disputes/dispute.events';
import { verificationLevelOf, type VerificationEvidence } from '../../domain/registry/verification-level';
import { IDENTIFIER_TYPES } from '../../domain/contracts/registry';
import type { TrackEvent } from '../../domain/track/track.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

/** The track events the registry reads; the rest (mastering progress…) change nothing here. */
const TRACK_EVENTS = new Set([
  'TrackUploadReceived',
  'TrackCopyrightChecked',
  'TrackRegistrationSigned',
  'TrackRegistrationSubmitted',
  'TrackRegistrationFailed',
  'TrackCertificateIssued',
]);

export interface WorkRow {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  creator: string;
  content_type: string;
  genre: string | null;
  oracle_status: VerificationEvidence['oracleStatus'];
  oracle_score: number | null;
  fingerprints: { algorithm: string; confidence: number; hash: string }[];
  file_sha256: string | null;
  certificate_id: string | null;
  certificate_signed: boolean;
  certificate_key_id: string | null;
  registered_at: Date | null;
  tx_hash: string | null;
  network: string | null;
  ledger_status: VerificationEvidence['ledgerStatus'];
  ledger_index: number | null;
  ledger_at: Date | null;
  isrc: string | null;
  iswc: string | null;
  isni: string | null;
  upc: string | null;
  licenses_available: number;
  licenses_active: number;
  license_revenue: string;
  disputes_upheld: number;
  verification_level: string;
  verification_reason: string;
  created_at: Date;
  track_version: number;
  work_version: number;
}

export const WORKS_SCHEMA = `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  -- GIN indexes without a pending list (fastupdate off): each projected row goes straight into the
  -- index, so a search never scans a list of not-yet-merged rows that grows until autovacuum runs
  -- (on the bench's 100,000 works it held ~5,000 rows and cost most of the search time).
  CREATE TABLE IF NOT EXISTS registry_works (
    id text PRIMARY KEY,
    owner_id uuid NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    creator text NOT NULL,
    content_type text NOT NULL,
    genre text,
    oracle_status text,
    oracle_score double precision,
    fingerprints jsonb NOT NULL DEFAULT '[]',
    file_sha256 text,
    certificate_id text,
    certificate_signed boolean NOT NULL DEFAULT false,
    certificate_key_id text,
    registered_at timestamptz,
    tx_hash text,
    network text,
    ledger_status text,
    ledger_index integer,
    ledger_at timestamptz,
    isrc text,
    iswc text,
    isni text,
    upc text,
    licenses_available integer NOT NULL DEFAULT 0,
    licenses_active integer NOT NULL DEFAULT 0,
    license_revenue bigint NOT NULL DEFAULT 0,
    disputes_active integer NOT NULL DEFAULT 0,
    disputes_resolved integer NOT NULL DEFAULT 0,
    disputes_upheld integer NOT NULL DEFAULT 0,
    verification_level text NOT NULL,
    verification_reason text NOT NULL,
    created_at timestamptz NOT NULL,
    track_version integer NOT NULL,
    work_version integer NOT NULL DEFAULT 0,
    search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', title), 'A')
      || setweight(to_tsvector('simple', coalesce(isrc, '') || ' ' || coalesce(iswc, '') || ' ' || coalesce(isni, '') || ' ' || coalesce(upc, '')), 'A')
      || setweight(to_tsvector('simple', creator), 'B')
      || setweight(to_tsvector('simple', coalesce(genre, '')), 'C')
      || setweight(to_tsvector('english', description), 'D')
    ) STORED,
    trigram_text text GENERATED ALWAYS AS (lower(title || ' ' || creator)) STORED
  );
  CREATE INDEX IF NOT EXISTS registry_works_search_idx ON registry_works USING gin (search) WITH (fastupdate = off) WHERE registered_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_trigram_idx ON registry_works USING gin (trigram_text gin_trgm_ops) WITH (fastupdate = off) WHERE registered_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_created_idx ON registry_works (created_at DESC) WHERE registered_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_owner_idx ON registry_works (owner_id);
  CREATE INDEX IF NOT EXISTS registry_works_isrc_idx ON registry_works (isrc) WHERE isrc IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_iswc_idx ON registry_works (iswc) WHERE iswc IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_isni_idx ON registry_works (isni) WHERE isni IS NOT NULL;
  CREATE INDEX IF NOT EXISTS registry_works_upc_idx ON registry_works (upc) WHERE upc IS NOT NULL;
  CREATE TABLE IF NOT EXISTS registry_creators (
    user_id uuid PRIMARY KEY,
    username text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS registry_work_licensing (
    id text NOT NULL,
    kind text NOT NULL,
    work_id text NOT NULL,
    active boolean NOT NULL,
    price_cents bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (kind, id)
  );
  CREATE INDEX IF NOT EXISTS registry_work_licensing_work_idx ON registry_work_licensing (work_id);
  CREATE TABLE IF NOT EXISTS registry_work_disputes (
    dispute_id text PRIMARY KEY,
    work_id text NOT NULL,
    state text NOT NULL,
    outcome text,
    stream_version integer NOT NULL
  );
  CREATE INDEX IF NOT EXISTS registry_work_disputes_work_idx ON registry_work_disputes (work_id);`;

/** What a case's events make of it here: active while open or under appeal, resolved (with its outcome), closed (final). */
type DisputeState = 'active' | 'resolved' | 'closed';

export const worksProjection: Projection = {
  name: 'works',
  // Version 3: a deleted account's works show "Deleted user" as their creator.
  version: 4,
  tables: ['registry_works', 'registry_creators', 'registry_work_licensing', 'registry_work_disputes'],
  schema: WORKS_SCHEMA,
  handles: new Set([
    ...TRACK_EVENTS,
    UserRegistered.type,
    UserAccountDeleted.type,
    WorkIdentifiersSet.type,
    LicenseOffered.type,
    LicenseOfferWithdrawn.type,
    LicensePurchaseRequested.type,
    LicenseIssued.type,
    LicensePurchaseFailed.type,
    DisputeFiled.type,
    DisputeResolved.type,
    DisputeAppealed.type,
    DisputeClosed.type,
  ]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    if (TRACK_EVENTS.has(event.type)) return applyTrackEvent(tx, event);
    switch (event.type) {
      case UserRegistered.type: {
        const { userId, username } = event.data as z.output<typeof UserRegistered.schema>;
        await tx.query('INSERT INTO registry_creators (user_id, username) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, username]);
        await tx.query('UPDATE registry_works SET creator = $2 WHERE owner_id = $1 AND creator <> $2', [userId, username]);
        return null;
      }
      case UserAccountDeleted.type: {
        const { userId } = event.data as z.output<typeof UserAccountDeleted.schema>;
        await tx.query('UPDATE registry_creators SET username = $2 WHERE user_id = $1', [userId, DELETED_USERNAME]);
        await tx.query('UPDATE registry_works SET creator = $2 WHERE owner_id = $1 AND creator <> $2', [userId, DELETED_USERNAME]);
        return null;
      }
      case WorkIdentifiersSet.type:
        return applyIdentifiers(tx, event);
      case LicenseOffered.type: {
        const { offerId, workId } = event.data as z.output<typeof LicenseOffered.schema>;
        const { rows } = await tx.query(
          `INSERT INTO registry_work_licensing (id, kind, work_id, active) VALUES ($1, 'offer', $2, true) ON CONFLICT DO NOTHING RETURNING id`,
          [offerId, workId],
        );
        return rows.length > 0 ? recount(tx, event, workId) : null;
      }
      case LicenseOfferWithdrawn.type: {
        const { offerId } = event.data as z.output<typeof LicenseOfferWithdrawn.schema>;
        return setActive(tx, event, 'offer', offerId, false);
      }
      case LicensePurchaseRequested.type: {
        const { licenseId, workId, priceCents } = event.data as z.output<typeof LicensePurchaseRequested.schema>;
        await tx.query(
          `INSERT INTO registry_work_licensing (id, kind, work_id, active, price_cents) VALUES ($1, 'license', $2, false, $3) ON CONFLICT DO NOTHING`,
          [licenseId, workId, priceCents],
        );
        return null;
      }
      case LicenseIssued.type:
        return setActive(tx, event, 'license', (event.data as { licenseId: string }).licenseId, true);
      case LicensePurchaseFailed.type:
        return setActive(tx, event, 'license', (event.data as { licenseId: string }).licenseId, false);
      case DisputeFiled.type: {
        const { disputeId, workId, kind } = event.data as z.output<typeof DisputeFiled.schema>;
        if (kind !== 'dispute') return null;
        const { rows } = await tx.query(
          `INSERT INTO registry_work_disputes (dispute_id, work_id, state, stream_version) VALUES ($1, $2, 'active', $3) ON CONFLICT DO NOTHING RETURNING work_id`,
          [disputeId, workId, event.streamVersion],
        );
        return rows.length > 0 ? recountDisputes(tx, event, workId) : null;
      }
      case DisputeResolved.type: {
        const { disputeId, outcome } = event.data as z.output<typeof DisputeResolved.schema>;
        return moveDispute(tx, event, disputeId, 'resolved', outcome);
      }
      case DisputeAppealed.type:
        return moveDispute(tx, event, (event.data as { disputeId: string }).disputeId, 'active', null);
      case DisputeClosed.type:
        return moveDispute(tx, event, (event.data as { disputeId: string }).disputeId, 'closed', undefined);
      default:
        return null;
    }
  },
};

async function applyTrackEvent(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
  const event = { type: recorded.type, data: recorded.data } as TrackEvent;
  const workId = (event.data as { trackId: string }).trackId;
  if (event.type === 'TrackUploadReceived') {
    const d = event.data;
    const level = verificationLevelOf(evidenceOf({ certificate_id: null, certificate_signed: false, oracle_status: null, ledger_status: null, isrc: null, iswc: null, isni: null, upc: null, disputes_upheld: 0 }));
    await tx.query(
      `INSERT INTO registry_works (id, owner_id, title, description, creator, content_type, genre, verification_level, verification_reason, created_at, track_version)
       VALUES ($1, $2, $3, $4, coalesce((SELECT username FROM registry_creators WHERE user_id = $2), ''), $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO NOTHING`,
      [workId, d.ownerId, d.title, d.description, d.contentType === 'music' ? 'audio' : d.contentType, d.genre, level.level, level.reason, recorded.recordedAt, recorded.streamVersion],
    );
    // Nothing public changed: a work is in the registry only once its certificate is issued.
    return null;
  }
  const row = await lockRow(tx, workId);
  if (!row || row.track_version >= recorded.streamVersion) return null;
  const next: WorkRow = { ...row, track_version: recorded.streamVersion };
  switch (event.type) {
    case 'TrackCopyrightChecked': {
      const { analysis, sha256 } = event.data;
      next.oracle_status = analysis.status;
      next.oracle_score = analysis.clearanceScore;
      // Computed from the checked file itself (not a match against others), hence 100 % (the proofs model says the same).
      const own = (algorithm: string, hash: string | null) => (hash ? [{ algorithm, confidence: 100, hash }] : []);
      next.fingerprints = [
        ...own('sha256', sha256),
        ...own('audio_fingerprint', analysis.audioFingerprint),
        ...own('melodic', analysis.melodicId),
        ...own('harmonic', analysis.harmonicId),
        ...own('rhythmic', analysis.rhythmicId),
      ];
      break;
    }
    case 'TrackRegistrationSigned':
      next.tx_hash = event.data.txHash;
      next.network = event.data.network;
      next.ledger_status = 'signed';
      break;
    case 'TrackRegistrationSubmitted':
      next.ledger_status = event.data.outcome;
      next.ledger_index = event.data.ledgerIndex;
      next.ledger_at = recorded.recordedAt;
      break;
    case 'TrackRegistrationFailed':
      next.ledger_status = 'failed';
      break;
    case 'TrackCertificateIssued':
      next.certificate_id = event.data.certificateId;
      next.certificate_signed = event.data.signature.value.length > 0;
      next.certificate_key_id = event.data.signature.keyId;
      next.registered_at = recorded.recordedAt;
      next.file_sha256 = event.data.certificate.sha256;
      next.tx_hash = event.data.certificate.xrplTxHash;
      break;
    default:
      break;
  }
  await saveRow(tx, next);
  return readModelChange('works', recorded, row.owner_id, workId);
}

async function applyIdentifiers(tx: Queryable, recorded: RecordedEvent): Promise<ReadModelChange | null> {
  const data = recorded.data as z.output<typeof WorkIdentifiersSet.schema>;
  const row = await lockRow(tx, data.workId);
  if (!row || row.work_version >= recorded.streamVersion) return null;
  const next: WorkRow = { ...row, work_version: recorded.streamVersion };
  for (const type of IDENTIFIER_TYPES) {
    const value = data[type];
    if (value !== undefined) next[type] = value;
  }
  await saveRow(tx, next);
  return readModelChange('works', recorded, row.owner_id, data.workId);
}

async function lockRow(tx: Queryable, workId: string): Promise<WorkRow | null> {
  const { rows } = await tx.query<WorkRow>('SELECT * FROM registry_works WHERE id = $1 FOR UPDATE', [workId]);
  return rows[0] ?? null;
}

function evidenceOf(row: Pick<WorkRow, 'certificate_id' | 'certificate_signed' | 'oracle_status' | 'ledger_status' | 'isrc' | 'iswc' | 'isni' | 'upc' | 'disputes_upheld'>): VerificationEvidence {
  return {
    certificateIssued: row.certificate_id !== null,
    certificateSigned: row.certificate_signed,
    oracleStatus: row.oracle_status,
    ledgerStatus: row.ledger_status,
    identifierCount: IDENTIFIER_TYPES.filter((type) => row[type] !== null).length,
    upheldDisputes: row.disputes_upheld,
  };
}

/** Writes the evidence columns and the level derived from them. */
async function saveRow(tx: Queryable, row: WorkRow): Promise<void> {
  const { level, reason } = verificationLevelOf(evidenceOf(row));
  await tx.query(
    `UPDATE registry_works SET oracle_status = $2, oracle_score = $3, fingerprints = $4, file_sha256 = $5, certificate_id = $6,
       certificate_signed = $7, certificate_key_id = $8, registered_at = $9, tx_hash = $10, network = $11, ledger_status = $12,
       ledger_index = $13, ledger_at = $14, isrc = $15, iswc = $16, isni = $17, upc = $18, verification_level = $19,
       verification_reason = $20, track_version = $21, work_version = $22
     WHERE id = $1`,
    [row.id, row.oracle_status, row.oracle_score, JSON.stringify(row.fingerprints), row.file_sha256, row.certificate_id,
     row.certificate_signed, row.certificate_key_id, row.registered_at, row.tx_hash, row.network, row.ledger_status,
     row.ledger_index, row.ledger_at, row.isrc, row.iswc, row.isni, row.upc, level, reason, row.track_version, row.work_version],
  );
}

async function setActive(tx: Queryable, recorded: RecordedEvent, kind: 'offer' | 'license', id: string, active: boolean): Promise<ReadModelChange | null> {
  const { rows } = await tx.query<{ work_id: string }>('UPDATE registry_work_licensing SET active = $3 WHERE kind = $1 AND id = $2 AND active <> $3 RETURNING work_id', [kind, id, active]);
  return rows[0] ? recount(tx, recorded, rows[0].work_id) : null;
}

/** Licenses available (active offers), active (issued) and their revenue, counted again from the licensing rows. */
async function recount(tx: Queryable, recorded: RecordedEvent, workId: string): Promise<ReadModelChange | null> {
  const { rows } = await tx.query<{ owner_id: string }>(
    `UPDATE registry_works w SET
       licenses_available = c.available, licenses_active = c.issued, license_revenue = c.revenue
     FROM (SELECT count(*) FILTER (WHERE kind = 'offer' AND active)::integer AS available,
                  count(*) FILTER (WHERE kind = 'license' AND active)::integer AS issued,
                  coalesce(sum(price_cents) FILTER (WHERE kind = 'license' AND active), 0)::bigint AS revenue
           FROM registry_work_licensing WHERE work_id = $1) c
     WHERE w.id = $1 RETURNING w.owner_id::text AS owner_id`,
    [workId],
  );
  return rows[0] ? readModelChange('works', recorded, rows[0].owner_id, workId) : null;
}

/**
 * Moves a case to `state` unless this event was folded already. `outcome`: the resolution's (on
 * resolve), null to clear it (an appeal reopens the case), undefined to keep it (closing).
 */
async function moveDispute(tx: Queryable, recorded: RecordedEvent, disputeId: string, state: DisputeState, outcome: string | null | undefined): Promise<ReadModelChange | null> {
  const { rows } = await tx.query<{ work_id: string }>(
    `UPDATE registry_work_disputes SET state = $2, outcome = CASE WHEN $4 THEN outcome ELSE $3 END, stream_version = $5
     WHERE dispute_id = $1 AND stream_version < $5 RETURNING work_id`,
    [disputeId, state, outcome ?? null, outcome === undefined, recorded.streamVersion],
  );
  return rows[0] ? recountDisputes(tx, recorded, rows[0].work_id) : null;
}

/** Active, resolved (resolved or closed) and upheld cases, counted again from the case rows, and the level they give. */
async function recountDisputes(tx: Queryable, recorded: RecordedEvent, workId: string): Promise<ReadModelChange | null> {
  const { rows: counts } = await tx.query<{ active: number; resolved: number; upheld: number }>(
    `SELECT count(*) FILTER (WHERE state = 'active')::integer AS active,
            count(*) FILTER (WHERE state <> 'active')::integer AS resolved,
            count(*) FILTER (WHERE state <> 'active' AND outcome = 'upheld')::integer AS upheld
     FROM registry_work_disputes WHERE work_id = $1`,
    [workId],
  );
  const row = await lockRow(tx, workId);
  if (!row) return null;
  const { active, resolved, upheld } = counts[0] ?? { active: 0, resolved: 0, upheld: 0 };
  const { level, reason } = verificationLevelOf(evidenceOf({ ...row, disputes_upheld: upheld }));
  await tx.query(
    `UPDATE registry_works SET disputes_active = $2, disputes_resolved = $3, disputes_upheld = $4, verification_level = $5, verification_reason = $6 WHERE id = $1`,
    [workId, active, resolved, upheld, level, reason],
  );
  return readModelChange('works', recorded, row.owner_id, workId);
}
