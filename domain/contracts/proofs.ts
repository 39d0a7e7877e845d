// HTTP payloads of the proof explorer and of a downloadable proof
// bundle that anyone can verify without trusting the server (`npm run verify-proof`, /verify).
import { z } from 'zod';
import { DATE_RANGES, workFingerprintSchema } from './registry';

export const PROOF_TYPES = ['creation', 'ownership', 'licensing', 'transfer', 'dispute_resolution'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];
export const PROOF_STATUSES = ['pending', 'verified', 'invalid', 'expired'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

const allOr = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['all', ...values] as [string, ...string[]]).default('all');

export const proofSearchQuerySchema = z.object({
  query: z.string().trim().max(200).default(''),
  proofType: allOr(PROOF_TYPES),
  status: allOr(PROOF_STATUSES),
  /** A verifier's name as listed in verification.verifiedBy, or all. */
  verifier: z.string().trim().max(100).default('all'),
  dateRange: z.enum(DATE_RANGES).default('all'),
  workId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ProofSearchQuery = z.input<typeof proofSearchQuerySchema>;

export const proofChallengeSchema = z.object({
  id: z.string(),
  type: z.string(),
  challengedBy: z.string(),
  resolution: z.string().nullable(),
  status: z.string(),
});

export const proofSchema = z.object({
  id: z.string(),
  workId: z.string(),
  workTitle: z.string(),
  creator: z.string(),
  type: z.enum(PROOF_TYPES),
  status: z.enum(PROOF_STATUSES),
  createdAt: z.string(),
  verification: z.object({
    oracleScore: z.number().nullable(),
    verificationDate: z.string().nullable(),
    verifiedBy: z.array(z.string()),
    challenges: z.array(proofChallengeSchema),
  }),
  attestation: z.object({
    /** e.g. xrpl-testnet, xrpl-mainnet. */
    networkId: z.string(),
    /** The API contract's field name; it holds the XRPL transaction hash (shown as the ledger transaction id). */
    polygonTransactionId: z.string().nullable(),
    /** SHA-256 of the proof's signed canonical JSON. */
    blockchainHash: z.string(),
    ipfsHash: z.string().nullable(),
    timestamp: z.string().nullable(),
    /** The validated ledger index; null while awaiting submission. */
    blockHeight: z.number().int().nullable(),
    /** validated, submitted, or "awaiting submission" said plainly. */
    confirmation: z.string(),
  }),
  signature: z.object({
    algorithm: z.literal('Ed25519'),
    publicKey: z.string(),
    signature: z.string(),
    keyId: z.string(),
    issuer: z.string(),
    validFrom: z.string(),
    validUntil: z.string().nullable(),
  }),
  evidence: z.object({
    documents: z.array(z.object({ id: z.string(), filename: z.string(), mimeType: z.string(), size: z.number().int(), hash: z.string() })),
    fingerprints: z.array(workFingerprintSchema),
  }),
});
export type Proof = z.infer<typeof proofSchema>;

export const proofListSchema = z.object({ proofs: z.array(proofSchema), total: z.number().int() });
export const proofDetailSchema = z.object({ proof: proofSchema });

/**
 * GET /api/proofs/:id/bundle: the proof's statement as signed (RFC 8785 canonical JSON, Ed25519),
 * the signature, and how to check the ledger transaction. Verifying it needs no call to the server.
 */
export const proofBundleSchema = z.object({
  format: z.literal('goose-proof-bundle/1'),
  statement: z.record(z.string(), z.unknown()),
  signature: z.object({
    algorithm: z.literal('Ed25519'),
    canonicalization: z.literal('RFC8785'),
    keyId: z.string(),
    publicKey: z.string(),
    value: z.string(),
  }),
});
export type ProofBundle = z.infer<typeof proofBundleSchema>;

export const PROOF_CHECKS = ['signature', 'file_hash', 'ledger_transaction'] as const;
export const proofVerificationSchema = z.object({
  valid: z.boolean(),
  checks: z.array(
    z.object({
      check: z.enum(PROOF_CHECKS),
      /** passed, failed, or not_checked (said why in detail: no file given, no XRPL_URL). */
      outcome: z.enum(['passed', 'failed', 'not_checked']),
      detail: z.string(),
    }),
  ),
});
export type ProofVerification = z.infer<typeof proofVerificationSchema>;

/**
 * GET /api/ledger/transactions/:txHash (public): the ledger's raw `tx` answer, relayed from the
 * server's XRPL_URL, for the browser's own check of a bundle's ledger transaction (/verify reads it
 * with domain/proofs/ledger-answer.ts). `configured` false: this server has no ledger to ask.
 */
export const ledgerTransactionAnswerSchema = z.object({
  configured: z.boolean(),
  /** The server's XRPL network (mainnet, testnet, devnet, custom). */
  network: z.string(),
  /** The rippled server asked, so anyone can ask it themselves; null when none is configured. */
  url: z.string().nullable(),
  /** The `tx` result as rippled answered it; null when the ledger does not hold the transaction (or none is configured). */
  transaction: z.record(z.string(), z.unknown()).nullable(),
});
export type LedgerTransactionAnswer = z.infer<typeof ledgerTransactionAnswerSchema>;
