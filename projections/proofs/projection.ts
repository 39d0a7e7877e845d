// The proof explorer's read model: a creation proof per issued copyright
// certificate and a licensing proof per issued license, each holding its statement exactly as
// signed (so a bundle can be rebuilt from it and checked by anyone), its ledger attestation, its
// evidence documents and the work's fingerprints from the copyright check. Two working tables keep
// what a proof needs from earlier events of the track and of the license purchase.
//
// Disputes: `proof_disputes` keeps each dispute case about a work (kind dispute only: an oracle
// review is about a track that was never registered, so it has no public proof) — the creation
// proof lists them as its challenges — and each DisputeResolved makes a `dispute_resolution` proof
// whose statement is the resolution as recorded. A projection must not sign, and the event carries
// no signature, so that proof's row has no signature: the API signs its statement with the platform
// key when it serves it (Ed25519 is deterministic, so every download of one statement carries the
// same signature while the key is unchanged). The signature says "GOOSE's record of this case says
// so"; the statement names the event it was made from.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { z } from 'zod';
import { statementHash } from '../../domain/proofs/verify-bundle';
import type { LicenseIssued, LicensePurchaseRequested } from '../../domain/licensing/license.events';
import type { TrackCertificateIssued, TrackCopyrightChecked, TrackMastered, TrackRegistrationSigned, TrackRegistrationSubmitted } from '../../domain/track/stage.events';
import type { TrackFileStored, TrackUploadReceived } from '../../domain/track/track.events';
import type { DisputeFiled, DisputeResolved, DisputeStatusChanged } from '../../domain/disputes/dispute.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

type Data<D extends { schema: z.ZodType }> = z.output<D['schema']>;

/** What a proof needs from a track's stream before (and after) its certificate is issued. */
export interface TrackFacts {
  ownerId: string;
  upload: { originalName: string; mimeType: string; size: number; sha256: string | null };
  master: { storedName: string; sha256: string; mimeType: string } | null;
  storedName: string | null;
  check: { sha256: string; analysis: Data<typeof TrackCopyrightChecked>['analysis'] } | null;
  registration: { network: string; txHash: string; account: string } | null;
  submission: { outcome: Data<typeof TrackRegistrationSubmitted>['outcome']; ledgerIndex: number | null; engineResult: string | null; note: string | null; at: string } | null;
  proofId: string | null;
}

/** An evidence document as the proof lists it; storedName (internal) lets the API find a size the events lack. */
export interface ProofDocumentRow {
  id: string;
  filename: string;
  mimeType: string;
  size: number | null;
  hash: string;
  storedName?: string;
}

export interface ProofFingerprint {
  algorithm: string;
  confidence: number;
  hash: string;
}

export const CREATION_PROOF_PREFIX = 'creation-';
export const DISPUTE_RESOLUTION_PROOF_PREFIX = 'dispute-resolution-';
/** The format the statement of a dispute resolution proof names, so a reader knows what it holds. */
export const DISPUTE_RESOLUTION_FORMAT = 'goose-dispute-resolution/1';
export const REGISTERED_FILE_DOCUMENT = 'registered-file';
export const CERTIFICATE_DOCUMENT = 'certificate-json';
export const LICENSE_CERTIFICATE_DOCUMENT = 'license-certificate-json';
const ORACLE_VERIFIER = 'GOOSE copyright oracle';

const TRACK_EVENTS = ['TrackUploadReceived', 'TrackFileStored', 'TrackMastered', 'TrackCopyrightChecked', 'TrackRegistrationSigned', 'TrackRegistrationSubmitted', 'TrackCertificateIssued'];
const LICENSE_EVENTS = ['LicensePurchaseRequested', 'LicenseIssued'];
/** The case events that change what a challenge shows (the decider records every other status move as DisputeStatusChanged). */
const DISPUTE_EVENTS = ['DisputeFiled', 'DisputeStatusChanged', 'DisputeResolved', 'DisputeAppealed', 'DisputeClosed'];

export const proofsProjection: Projection = {
  name: 'proofs',
  version: 2,
  tables: ['proofs', 'proof_tracks', 'proof_licenses', 'proof_disputes'],
  schema: `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE TABLE IF NOT EXISTS proof_tracks (
      track_id text PRIMARY KEY,
      facts jsonb NOT NULL,
      stream_version integer NOT NULL
    );
    CREATE TABLE IF NOT EXISTS proof_licenses (
      license_id text PRIMARY KEY,
      work_id text NOT NULL,
      work_title text NOT NULL,
      owner_id uuid NOT NULL,
      buyer_id uuid NOT NULL,
      payment_method text NOT NULL
    );
    CREATE TABLE IF NOT EXISTS proof_disputes (
      dispute_id text PRIMARY KEY,
      work_id text NOT NULL,
      work_title text NOT NULL,
      owner_id uuid NOT NULL,
      owner_name text NOT NULL,
      claimant_name text NOT NULL,
      dispute_type text NOT NULL,
      claimed_rights jsonb NOT NULL,
      filed_at timestamptz NOT NULL,
      status text NOT NULL,
      resolution text,
      rounds integer NOT NULL DEFAULT 0,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS proof_disputes_work_idx ON proof_disputes (work_id, filed_at);
    CREATE TABLE IF NOT EXISTS proofs (
      id text PRIMARY KEY,
      work_id text NOT NULL,
      work_title text NOT NULL,
      creator text NOT NULL,
      owner_id uuid NOT NULL,
      type text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      oracle_score double precision,
      verification_date timestamptz,
      verified_by text[] NOT NULL,
      network_id text NOT NULL,
      ledger_tx_hash text,
      blockchain_hash text NOT NULL,
      ledger_timestamp timestamptz,
      block_height integer,
      confirmation text NOT NULL,
      statement jsonb NOT NULL,
      -- NULL: signed by the API when served (a dispute resolution's statement; see the header).
      signature jsonb,
      documents jsonb NOT NULL,
      fingerprints jsonb NOT NULL,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', coalesce(work_title, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(creator, '')), 'B') ||
        setweight(to_tsvector('simple', id || ' ' || work_id || ' ' || type || ' ' || coalesce(ledger_tx_hash, '') || ' ' || blockchain_hash), 'C')
      ) STORED
    );
    -- GIN indexes without a pending list (fastupdate off), as the registry's: no unmerged rows for a search to scan.
    CREATE INDEX IF NOT EXISTS proofs_search_idx ON proofs USING gin (search) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS proofs_title_trgm_idx ON proofs USING gin (work_title gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS proofs_creator_trgm_idx ON proofs USING gin (creator gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX IF NOT EXISTS proofs_work_idx ON proofs (work_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS proofs_created_idx ON proofs (created_at DESC);`,
  handles: new Set([...TRACK_EVENTS, ...LICENSE_EVENTS, ...DISPUTE_EVENTS]),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    if (DISPUTE_EVENTS.includes(event.type)) return applyDisputeEvent(tx, event);
    if (event.type === 'LicensePurchaseRequested') return recordPurchase(tx, event.data as Data<typeof LicensePurchaseRequested>);
    if (event.type === 'LicenseIssued') return issueLicensingProof(tx, event);
    return applyTrackEvent(tx, event);
  },
};

async function applyTrackEvent(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
  const trackId = (event.data as { trackId: string }).trackId;
  if (event.type === 'TrackUploadReceived') {
    const data = event.data as Data<typeof TrackUploadReceived>;
    const facts: TrackFacts = {
      ownerId: data.ownerId,
      upload: { originalName: data.originalName, mimeType: data.detectedMimeType, size: data.size, sha256: null },
      master: null,
      storedName: null,
      check: null,
      registration: null,
      submission: null,
      proofId: null,
    };
    await tx.query('INSERT INTO proof_tracks (track_id, facts, stream_version) VALUES ($1, $2, $3) ON CONFLICT (track_id) DO NOTHING', [trackId, JSON.stringify(facts), event.streamVersion]);
    return null;
  }
  const { rows } = await tx.query<{ facts: TrackFacts; stream_version: number }>('SELECT facts, stream_version FROM proof_tracks WHERE track_id = $1 FOR UPDATE', [trackId]);
  const row = rows[0];
  // A redelivered event, or a stream whose first event never arrived.
  if (!row || row.stream_version >= event.streamVersion) return null;
  const facts = evolveFacts(row.facts, event);
  await tx.query('UPDATE proof_tracks SET facts = $2, stream_version = $3 WHERE track_id = $1', [trackId, JSON.stringify(facts), event.streamVersion]);
  if (event.type === 'TrackCertificateIssued') return issueCreationProof(tx, event, trackId, facts);
  if (event.type === 'TrackRegistrationSubmitted' && facts.proofId) {
    const attestation = ledgerAttestation(facts);
    await tx.query(
      `UPDATE proofs SET status = $2, verification_date = $3, verified_by = $4, ledger_tx_hash = $5, ledger_timestamp = $6, block_height = $7, confirmation = $8
       WHERE id = $1`,
      [facts.proofId, attestation.status, attestation.verificationDate, attestation.verifiedBy, attestation.txHash, attestation.timestamp, attestation.blockHeight, attestation.confirmation],
    );
    return readModelChange('proofs', event, facts.ownerId, facts.proofId);
  }
  return null;
}

function evolveFacts(facts: TrackFacts, event: RecordedEvent): TrackFacts {
  switch (event.type) {
    case 'TrackFileStored': {
      const data = event.data as Data<typeof TrackFileStored>;
      return { ...facts, storedName: data.storedName, upload: { ...facts.upload, sha256: data.sha256, size: data.size } };
    }
    case 'TrackMastered': {
      const data = event.data as Data<typeof TrackMastered>;
      // A preview's run is not the track's master (and its master file is not kept).
      if (data.kind === 'preview') return facts;
      return { ...facts, master: { storedName: data.files.master, sha256: data.masterSha256, mimeType: data.settings.format === 'mp3' ? 'audio/mpeg' : 'audio/wav' } };
    }
    case 'TrackCopyrightChecked': {
      const data = event.data as Data<typeof TrackCopyrightChecked>;
      return { ...facts, check: { sha256: data.sha256, analysis: data.analysis } };
    }
    case 'TrackRegistrationSigned': {
      const data = event.data as Data<typeof TrackRegistrationSigned>;
      return { ...facts, registration: { network: data.network, txHash: data.txHash, account: data.account } };
    }
    case 'TrackRegistrationSubmitted': {
      const data = event.data as Data<typeof TrackRegistrationSubmitted>;
      return { ...facts, submission: { outcome: data.outcome, ledgerIndex: data.ledgerIndex, engineResult: data.engineResult, note: data.note, at: event.recordedAt.toISOString() } };
    }
    case 'TrackCertificateIssued':
      return { ...facts, proofId: `${CREATION_PROOF_PREFIX}${(event.data as Data<typeof TrackCertificateIssued>).certificateId}` };
    default:
      return facts;
  }
}

async function issueCreationProof(tx: Queryable, event: RecordedEvent, trackId: string, facts: TrackFacts): Promise<ReadModelChange | null> {
  const data = event.data as Data<typeof TrackCertificateIssued>;
  const certificate = data.certificate as Record<string, unknown>;
  const proofId = facts.proofId ?? `${CREATION_PROOF_PREFIX}${data.certificateId}`;
  const attestation = ledgerAttestation(facts);
  const signedJson = signedDocument(certificate, data.signature);
  const registered = registeredFile(facts, data.certificate.sha256, String(certificate.fileName ?? facts.upload.originalName));
  const documents: ProofDocumentRow[] = [
    registered,
    { id: CERTIFICATE_DOCUMENT, filename: `${data.certificateId}.json`, mimeType: 'application/json', size: utf8Length(signedJson), hash: sha256Hex(signedJson) },
  ];
  const { rows } = await tx.query(
    `INSERT INTO proofs (id, work_id, work_title, creator, owner_id, type, status, created_at, oracle_score, verification_date, verified_by, network_id,
       ledger_tx_hash, blockchain_hash, ledger_timestamp, block_height, confirmation, statement, signature, documents, fingerprints)
     VALUES ($1, $2, $3, $4, $5, 'creation', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      proofId, trackId, String(certificate.title ?? ''), String(certificate.owner ?? ''), facts.ownerId, attestation.status, event.recordedAt,
      oracleScore(facts, data.certificate.sha256), attestation.verificationDate, attestation.verifiedBy, attestation.networkId, attestation.txHash,
      statementHash(certificate), attestation.timestamp, attestation.blockHeight, attestation.confirmation,
      JSON.stringify(certificate), JSON.stringify(data.signature), JSON.stringify(documents), JSON.stringify(fingerprintsOf(facts)),
    ],
  );
  return rows.length > 0 ? readModelChange('proofs', event, facts.ownerId, proofId) : null;
}

async function recordPurchase(tx: Queryable, data: Data<typeof LicensePurchaseRequested>): Promise<null> {
  await tx.query(
    `INSERT INTO proof_licenses (license_id, work_id, work_title, owner_id, buyer_id, payment_method) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (license_id) DO NOTHING`,
    [data.licenseId, data.workId, data.workTitle, data.ownerId, data.buyerId, data.paymentMethod],
  );
  return null;
}

async function issueLicensingProof(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
  const data = event.data as Data<typeof LicenseIssued>;
  const { rows: purchases } = await tx.query<{ work_id: string; work_title: string; owner_id: string; buyer_id: string; payment_method: string }>(
    'SELECT work_id, work_title, owner_id::text AS owner_id, buyer_id::text AS buyer_id, payment_method FROM proof_licenses WHERE license_id = $1',
    [data.licenseId],
  );
  const purchase = purchases[0];
  if (!purchase) return null;
  const { rows: tracks } = await tx.query<{ facts: TrackFacts }>('SELECT facts FROM proof_tracks WHERE track_id = $1', [purchase.work_id]);
  const work = tracks[0]?.facts ?? null;
  const certificate = data.certificate as Record<string, unknown>;
  const signedJson = signedDocument(certificate, data.signature);
  const documents: ProofDocumentRow[] = [
    { id: LICENSE_CERTIFICATE_DOCUMENT, filename: `${data.certificateId}.json`, mimeType: 'application/json', size: utf8Length(signedJson), hash: sha256Hex(signedJson) },
  ];
  const escrowTx = purchase.payment_method === 'polygon_escrow' && /^[0-9A-F]{64}$/.test(data.settlementReference) ? data.settlementReference : null;
  const confirmation = escrowTx
    ? `Not itself recorded on a ledger: the license is attested by GOOSE's signature. Its payment was settled by EscrowFinish ${escrowTx} on the XRP Ledger.`
    : "Not recorded on a ledger: the license is attested by GOOSE's signature over its certificate.";
  const registeredSha = typeof certificate.workSha256 === 'string' ? certificate.workSha256 : work?.check?.sha256 ?? null;
  const { rows } = await tx.query(
    `INSERT INTO proofs (id, work_id, work_title, creator, owner_id, type, status, created_at, oracle_score, verification_date, verified_by, network_id,
       ledger_tx_hash, blockchain_hash, ledger_timestamp, block_height, confirmation, statement, signature, documents, fingerprints)
     VALUES ($1, $2, $3, $4, $5, 'licensing', 'verified', $6, $7, $6, $8, $9, $10, $11, NULL, NULL, $12, $13, $14, $15, $16)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      data.proofId, purchase.work_id, purchase.work_title, String(certificate.owner ?? ''), purchase.owner_id, data.issuedAt,
      work && registeredSha ? oracleScore(work, registeredSha) : null, ['GOOSE license certificate signature'],
      work?.registration ? `xrpl-${work.registration.network}` : 'xrpl', escrowTx, statementHash(certificate), confirmation,
      JSON.stringify(certificate), JSON.stringify(data.signature), JSON.stringify(documents), JSON.stringify(work ? fingerprintsOf(work) : []),
    ],
  );
  return rows.length > 0 ? readModelChange('proofs', event, purchase.buyer_id, data.proofId) : null;
}

interface DisputeRow {
  work_id: string;
  work_title: string;
  owner_id: string;
  owner_name: string;
  claimant_name: string;
  dispute_type: string;
  claimed_rights: string[];
  filed_at: Date | string;
  rounds: number;
}

/** The status a case event leaves the case in, as its challenge shows it (the decider's, and `closed` once final); null: none. */
function statusAfter(event: RecordedEvent): string | null {
  switch (event.type) {
    case 'DisputeStatusChanged':
      return (event.data as Data<typeof DisputeStatusChanged>).to;
    case 'DisputeResolved':
      return (event.data as Data<typeof DisputeResolved>).outcome === 'dismissed' ? 'dismissed' : 'resolved';
    case 'DisputeAppealed':
      return 'escalated';
    case 'DisputeClosed':
      return 'closed';
    default:
      return null;
  }
}

/** The resolution in words, as the creation proof's challenge shows it. */
function resolutionText(data: Data<typeof DisputeResolved>): string {
  const money = data.compensationCents > 0 ? `; compensation $${(data.compensationCents / 100).toFixed(2)}` : '';
  const how = data.byDefault ? ' (by default: the respondent did not answer in time)' : ` (by ${data.by.name})`;
  return `${data.outcome}${how}: ${data.details}${money}`;
}

async function applyDisputeEvent(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
  const disputeId = (event.data as { disputeId: string }).disputeId;
  if (event.type === 'DisputeFiled') {
    const data = event.data as Data<typeof DisputeFiled>;
    if (data.kind !== 'dispute') return null;
    const { rows } = await tx.query(
      `INSERT INTO proof_disputes (dispute_id, work_id, work_title, owner_id, owner_name, claimant_name, dispute_type, claimed_rights, filed_at, status, stream_version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'open', $10) ON CONFLICT (dispute_id) DO NOTHING RETURNING dispute_id`,
      [disputeId, data.workId, data.workTitle, data.ownerId, data.ownerName, data.claimant.name, data.disputeType, JSON.stringify(data.claimedRights), data.filedAt, event.streamVersion],
    );
    return rows.length > 0 ? challengeChange(tx, event, data.workId, data.ownerId) : null;
  }
  const status = statusAfter(event);
  const resolved = event.type === 'DisputeResolved' ? (event.data as Data<typeof DisputeResolved>) : null;
  const { rows } = await tx.query<DisputeRow>(
    `UPDATE proof_disputes SET status = coalesce($2, status), resolution = CASE WHEN $3::text IS NOT NULL THEN $3 ELSE resolution END,
       rounds = rounds + $4, stream_version = $5
     WHERE dispute_id = $1 AND stream_version < $5
     RETURNING work_id, work_title, owner_id::text AS owner_id, owner_name, claimant_name, dispute_type, claimed_rights, filed_at, rounds`,
    [disputeId, status, resolved ? resolutionText(resolved) : null, resolved ? 1 : 0, event.streamVersion],
  );
  const dispute = rows[0];
  if (!dispute) return null;
  if (resolved) return issueResolutionProof(tx, event, disputeId, dispute, resolved);
  return challengeChange(tx, event, dispute.work_id, dispute.owner_id);
}

/** The work's creation proof lists its challenges: its owner hears that it changed. */
async function challengeChange(tx: Queryable, event: RecordedEvent, workId: string, ownerId: string): Promise<ReadModelChange | null> {
  const { rows } = await tx.query<{ id: string }>(`SELECT id FROM proofs WHERE work_id = $1 AND type = 'creation'`, [workId]);
  return rows[0] ? readModelChange('proofs', event, ownerId, rows[0].id) : null;
}

/**
 * A dispute_resolution proof: the resolution as the case recorded it, and where (the event's stream
 * and version). Unsigned here (see the header); not on a ledger, which its confirmation says.
 */
async function issueResolutionProof(tx: Queryable, event: RecordedEvent, disputeId: string, dispute: DisputeRow, data: Data<typeof DisputeResolved>): Promise<ReadModelChange | null> {
  const proofId = `${DISPUTE_RESOLUTION_PROOF_PREFIX}${disputeId}-${dispute.rounds}`;
  const statement: Record<string, unknown> = {
    format: DISPUTE_RESOLUTION_FORMAT,
    proofId,
    disputeId,
    round: dispute.rounds,
    workId: dispute.work_id,
    workTitle: dispute.work_title,
    owner: dispute.owner_name,
    claimant: dispute.claimant_name,
    disputeType: dispute.dispute_type,
    claimedRights: dispute.claimed_rights,
    filedAt: new Date(dispute.filed_at).toISOString(),
    outcome: data.outcome,
    details: data.details,
    compensationCents: data.compensationCents,
    resolvedBy: data.by.name,
    byDefault: data.byDefault,
    resolvedAt: data.resolvedAt,
    appealUntil: data.appealUntil,
    recordedAs: { stream: event.streamId, version: event.streamVersion, event: event.type },
  };
  const verifier = data.byDefault ? 'GOOSE dispute deadline' : 'GOOSE dispute reviewer';
  const confirmation = "Not recorded on a ledger: the resolution is attested by GOOSE's signature over its statement, made from the case's recorded DisputeResolved event.";
  const { rows: tracks } = await tx.query<{ facts: TrackFacts }>('SELECT facts FROM proof_tracks WHERE track_id = $1', [dispute.work_id]);
  const network = tracks[0]?.facts.registration ? `xrpl-${tracks[0].facts.registration.network}` : 'xrpl';
  const { rows } = await tx.query(
    `INSERT INTO proofs (id, work_id, work_title, creator, owner_id, type, status, created_at, oracle_score, verification_date, verified_by, network_id,
       ledger_tx_hash, blockchain_hash, ledger_timestamp, block_height, confirmation, statement, signature, documents, fingerprints)
     VALUES ($1, $2, $3, $4, $5, 'dispute_resolution', 'verified', $6, NULL, $6, $7, $8, NULL, $9, NULL, NULL, $10, $11, NULL, '[]', '[]')
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [proofId, dispute.work_id, dispute.work_title, dispute.owner_name, dispute.owner_id, data.resolvedAt, [verifier], network, statementHash(statement), confirmation, JSON.stringify(statement)],
  );
  return rows.length > 0 ? readModelChange('proofs', event, dispute.owner_id, proofId) : null;
}

interface LedgerAttestation {
  status: 'pending' | 'verified';
  networkId: string;
  txHash: string | null;
  timestamp: string | null;
  blockHeight: number | null;
  confirmation: string;
  verificationDate: string | null;
  verifiedBy: string[];
}

/** Verified only once the registration is validated on the ledger; pending says plainly where it stands. */
function ledgerAttestation(facts: TrackFacts): LedgerAttestation {
  const network = facts.registration?.network ?? 'unknown';
  const oracle = facts.check?.analysis.status === 'cleared' ? [ORACLE_VERIFIER] : [];
  const base = { networkId: `xrpl-${network}`, verificationDate: null, verifiedBy: oracle };
  const submission = facts.submission;
  const txHash = facts.registration?.txHash ?? null;
  if (submission?.outcome === 'validated') {
    const result = submission.engineResult ? ` with result ${submission.engineResult}` : '';
    return {
      ...base,
      status: 'verified',
      txHash,
      timestamp: submission.at,
      blockHeight: submission.ledgerIndex,
      confirmation: `Validated on the XRP Ledger (${network}) in ledger ${submission.ledgerIndex ?? 'unknown'}${result}.`,
      verificationDate: submission.at,
      verifiedBy: [...oracle, `XRPL ${network}`],
    };
  }
  if (submission?.outcome === 'submitted') {
    return { ...base, status: 'pending', txHash, timestamp: submission.at, blockHeight: null, confirmation: `Submitted to the XRP Ledger (${network}); not validated yet.` };
  }
  // The stored note may name the server's settings (older records did): the proof says it plainly instead.
  return { ...base, status: 'pending', txHash: null, timestamp: null, blockHeight: null, confirmation: 'Awaiting submission: the registration is signed and waits for a connection to the XRP Ledger; no ledger holds it yet.' };
}

/** The registered file: the master when its hash is the certificate's, else the upload. */
function registeredFile(facts: TrackFacts, sha256: string, filename: string): ProofDocumentRow {
  const base = { id: REGISTERED_FILE_DOCUMENT, filename, hash: sha256 };
  if (facts.master?.sha256 === sha256) return { ...base, mimeType: facts.master.mimeType, size: null, storedName: facts.master.storedName };
  return { ...base, mimeType: facts.upload.mimeType, size: facts.upload.size, ...(facts.storedName ? { storedName: facts.storedName } : {}) };
}

/** The score of the check of the registered file itself; null when that check did not score it. */
function oracleScore(facts: TrackFacts, sha256: string): number | null {
  return facts.check?.sha256 === sha256 ? facts.check.analysis.clearanceScore : null;
}

/**
 * The identifiers the copyright check derived from the file. They are computed from the file, not
 * matched against anything, so there is no match confidence: 100 says "this file's own identifier",
 * and the algorithm name says what each one is.
 */
function fingerprintsOf(facts: TrackFacts): ProofFingerprint[] {
  const analysis = facts.check?.analysis;
  if (!analysis) return [];
  const derived: [string, string | null][] = [
    ['Acoustic fingerprint (gfp1, derived from this file)', analysis.audioFingerprint],
    ['Melodic id (key- and tempo-invariant interval descriptors, derived from this file)', analysis.melodicId],
    ['Harmonic id (key-invariant pitch-class profile, derived from this file)', analysis.harmonicId],
    ['Rhythmic id (beat accent pattern, derived from this file)', analysis.rhythmicId],
  ];
  return derived.filter((entry): entry is [string, string] => entry[1] !== null).map(([algorithm, hash]) => ({ algorithm, confidence: 100, hash }));
}

/**
 * A signed certificate as its evidence document: `{certificate, signature}` in RFC 8785 canonical
 * JSON, so the bytes served later (rebuilt from jsonb, which keeps no key order) hash the same.
 */
export function signedDocument(certificate: Record<string, unknown>, signature: unknown): string {
  return canonicalize({ certificate, signature }) ?? '{}';
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
