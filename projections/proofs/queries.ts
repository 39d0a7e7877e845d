// Reads of the proofs read model: the explorer's ranked, filtered search (full text plus trigram
// typo tolerance), one proof, and what its bundle and documents are built from. A proof stored
// without a signature (a dispute resolution: a projection does not sign) is signed by the `signer`
// the caller gives, with the platform key, when it is read.
import type { Proof, ProofSearchQuery } from '../../domain/contracts/proofs';
import { proofSearchQuerySchema } from '../../domain/contracts/proofs';
import type { Queryable } from '../../infra/db/db';
import type { ProofDocumentRow, ProofFingerprint } from './projection';

export type ProofSignature = { algorithm: 'Ed25519'; keyId: string; publicKey: string; canonicalization: 'RFC8785'; value: string };
/** Signs a statement with the platform key (the API: infra/certificate signFields). */
export type StatementSigner = (statement: Record<string, unknown>) => ProofSignature;

export interface ProofRecord {
  proof: Omit<Proof, 'evidence'> & { evidence: { documents: ProofDocumentRow[]; fingerprints: ProofFingerprint[] } };
  /** The statement exactly as signed, and its signature: the bundle. */
  statement: Record<string, unknown>;
  signature: ProofSignature;
}

interface ProofRow {
  id: string;
  work_id: string;
  work_title: string;
  creator: string;
  type: Proof['type'];
  status: Proof['status'];
  created_at: Date | string;
  oracle_score: number | null;
  verification_date: Date | string | null;
  verified_by: string[];
  network_id: string;
  ledger_tx_hash: string | null;
  blockchain_hash: string;
  ledger_timestamp: Date | string | null;
  block_height: number | null;
  confirmation: string;
  statement: Record<string, unknown>;
  signature: ProofSignature | null;
  documents: ProofDocumentRow[];
  fingerprints: ProofFingerprint[];
  challenges: Proof['verification']['challenges'];
}

const COLUMNS = `id, work_id, work_title, creator, type, status, created_at, oracle_score, verification_date, verified_by, network_id, ledger_tx_hash,
  blockchain_hash, ledger_timestamp, block_height, confirmation, statement, signature, documents, fingerprints,
  CASE WHEN type = 'creation' THEN (
    SELECT coalesce(json_agg(json_build_object('id', d.dispute_id, 'type', d.dispute_type, 'challengedBy', d.claimant_name, 'resolution', d.resolution, 'status', d.status)
                             ORDER BY d.filed_at, d.dispute_id), '[]'::json)
    FROM proof_disputes d WHERE d.work_id = proofs.work_id) ELSE '[]'::json END AS challenges`;

const DATE_RANGE_INTERVALS: Record<string, string> = { '24h': '1 day', '7d': '7 days', '30d': '30 days', '1y': '1 year' };
/** Below this word similarity a title or creator does not count as a typo of the query. */
const TYPO_SIMILARITY = 0.4;

export async function searchProofs(db: Queryable, input: ProofSearchQuery, signer: StatementSigner): Promise<{ proofs: ProofRecord[]; total: number }> {
  const query = proofSearchQuerySchema.parse(input);
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  let order = 'created_at DESC, id';
  if (query.query) {
    const text = param(query.query);
    const typo = param(TYPO_SIMILARITY);
    where.push(`(search @@ websearch_to_tsquery('simple', ${text}) OR word_similarity(${text}, work_title) >= ${typo} OR word_similarity(${text}, creator) >= ${typo})`);
    order = `ts_rank(search, websearch_to_tsquery('simple', ${text})) + greatest(word_similarity(${text}, work_title), word_similarity(${text}, creator)) DESC, ${order}`;
  }
  if (query.proofType !== 'all') where.push(`type = ${param(query.proofType)}`);
  if (query.status !== 'all') where.push(`status = ${param(query.status)}`);
  if (query.verifier !== 'all') where.push(`${param(query.verifier)} = ANY(verified_by)`);
  if (query.workId) where.push(`work_id = ${param(query.workId)}`);
  const interval = DATE_RANGE_INTERVALS[query.dateRange];
  if (interval) where.push(`created_at >= now() - ${param(interval)}::interval`);
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM proofs ${filter}`, params);
  const { rows } = await db.query<ProofRow>(
    `SELECT ${COLUMNS} FROM proofs ${filter} ORDER BY ${order} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`,
    params,
  );
  return { proofs: rows.map((row) => toRecord(row, signer)), total: counted[0]?.total ?? 0 };
}

export async function findProof(db: Queryable, proofId: string, signer: StatementSigner): Promise<ProofRecord | null> {
  const { rows } = await db.query<ProofRow>(`SELECT ${COLUMNS} FROM proofs WHERE id = $1`, [proofId]);
  return rows[0] ? toRecord(rows[0], signer) : null;
}

/** Every row of the read model, in a stable order: what the rebuild test compares. */
export async function allProofRows(db: Queryable): Promise<unknown[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM proofs ORDER BY id`);
  return rows;
}

function toRecord(row: ProofRow, signer: StatementSigner): ProofRecord {
  const signature = row.signature ?? signer(row.statement);
  return {
    proof: {
      id: row.id,
      workId: row.work_id,
      workTitle: row.work_title,
      creator: row.creator,
      type: row.type,
      status: row.status,
      createdAt: iso(row.created_at),
      verification: { oracleScore: row.oracle_score, verificationDate: isoOrNull(row.verification_date), verifiedBy: row.verified_by, challenges: row.challenges },
      attestation: {
        networkId: row.network_id,
        polygonTransactionId: row.ledger_tx_hash,
        blockchainHash: row.blockchain_hash,
        ipfsHash: null,
        timestamp: isoOrNull(row.ledger_timestamp),
        blockHeight: row.block_height,
        confirmation: row.confirmation,
      },
      signature: {
        algorithm: 'Ed25519',
        publicKey: signature.publicKey,
        signature: signature.value,
        keyId: signature.keyId,
        issuer: 'GOOSE',
        validFrom: iso(row.created_at),
        validUntil: null,
      },
      evidence: { documents: row.documents, fingerprints: row.fingerprints },
    },
    statement: row.statement,
    signature,
  };
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}
