// HTTP payloads of the track lifecycle: mastering, the copyright check, the XRPL
// registration, the certificate and its sync status, and the audit history.
import { z } from 'zod';
import { COPYRIGHT_ANALYSIS_STAGES, MASTER_DEFAULTS, MASTER_FORMATS, MASTER_LOUDNESS_LEVELS, MASTER_STYLES, TRACK_STATUSES } from '../constants';
import { generatedWorkSchema } from '../creation/generated-work';
import { copyrightPassageSchema } from '../track/stage.events';
import { externalMatchSchema, searchedSourcesSchema, shownReferenceMatchSchema } from './copyright-sources';

/** Body of the mastering calls; every field has a default (MASTER_DEFAULTS). */
export const masterRequestSchema = z.object({
  contentId: z.string().optional(),
  style: z.enum(MASTER_STYLES, { message: `style must be one of ${MASTER_STYLES.join(', ')}` }).default(MASTER_DEFAULTS.style),
  loudness: z.enum(MASTER_LOUDNESS_LEVELS, { message: `loudness must be one of ${MASTER_LOUDNESS_LEVELS.join(', ')}` }).default(MASTER_DEFAULTS.loudness),
  format: z.enum(MASTER_FORMATS, { message: `format must be one of ${MASTER_FORMATS.join(', ')}` }).default(MASTER_DEFAULTS.format),
});
export type MasterRequest = z.infer<typeof masterRequestSchema>;

/** One line of the mastering stream, `data: {step, description, progress}`. */
export const masteringProgressSchema = z.object({ step: z.string(), description: z.string(), progress: z.number() });
export type MasteringProgress = z.infer<typeof masteringProgressSchema>;

export const masteringResultsSchema = z.object({
  lufs: z.number(),
  dynamicRange: z.number(),
  peak: z.number(),
  processing: z.array(z.string()),
});

/** What a finished mastering call answers. */
export const masterResponseSchema = z.object({
  success: z.literal(true),
  contentId: z.string(),
  masterId: z.string(),
  kind: z.enum(['preview', 'master']),
  status: z.enum(TRACK_STATUSES),
  landrMasterStatus: z.string(),
  masteredFilePath: z.string().nullable(),
  previewFilePath: z.string(),
  results: masteringResultsSchema,
});
export type MasterResponse = z.infer<typeof masterResponseSchema>;

/** POST /api/mastering/start/{id} answers at once (202); the steps then arrive in the vault item. */
export const startMasteringResponseSchema = z.object({ success: z.literal(true), masterId: z.string() });

export const statusPatchSchema = z.object({ status: z.enum(TRACK_STATUSES, { message: `status must be one of ${TRACK_STATUSES.join(', ')}` }) });

export const COPYRIGHT_CHECK_STATUSES = ['pending', 'analyzing', 'completed', 'failed'] as const;

export const oracleStageSchema = z.object({
  name: z.enum(COPYRIGHT_ANALYSIS_STAGES),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
});

/** A copyright check and its analysis result, as the check list returns them. */
export const copyrightCheckSchema = z.object({
  contentId: z.string(),
  title: z.string(),
  status: z.enum(COPYRIGHT_CHECK_STATUSES),
  checkId: z.string().nullable(),
  stages: z.array(oracleStageSchema),
  clearanceScore: z.number().nullable(),
  /** cleared, conflict, needs_review, not_available: the oracle's verdict. */
  verdict: z.string().nullable(),
  audioFingerprint: z.string().nullable(),
  melodicId: z.string().nullable(),
  harmonicId: z.string().nullable(),
  rhythmicId: z.string().nullable(),
  databasesChecked: z.number().nullable(),
  recordsScanned: z.number().nullable(),
  /**
   * The registered works that match: `owner` is the creator's public username; `title` and
   * `registeredAt` are null on checks recorded before works were named (whose owner is an id).
   */
  conflicts: z.array(z.object({ workId: z.string(), title: z.string().nullable(), owner: z.string(), registeredAt: z.string().nullable(), similarity: z.number(), kind: z.string() })),
  /** A needs_review verdict's evidence: which passage of which work, with the time ranges in both. */
  passages: z.array(z.object(copyrightPassageSchema.shape)),
  /** What the check searched; null on checks recorded before reference catalogues (GOOSE works only) and before a result. */
  searched: searchedSourcesSchema.nullable().default(null),
  /** What it searched in words ("1,204 GOOSE works, …"), for old checks too; null before a result. */
  searchedDescription: z.string().nullable().default(null),
  /** Rights holders' reference recordings the upload matched, by title and holder: the check is held for review. */
  referenceMatches: z.array(shownReferenceMatchSchema).default([]),
  /** Recordings AcoustID found for the upload (MusicBrainz recording and release): held for review. */
  externalMatches: z.array(externalMatchSchema).default([]),
  /** The creator's request that a person review this check, once made. */
  reviewRequest: z.object({ requestedAt: z.string(), note: z.string().nullable() }).nullable(),
  /** The review case of this check (a reviewer is looking at it: dispute `disputeId`) and the reviewer's decision, once taken. */
  review: z
    .object({
      disputeId: z.string(),
      openedAt: z.string(),
      decision: z.object({ outcome: z.enum(['cleared', 'refused']), details: z.string(), reviewerName: z.string(), decidedAt: z.string() }).nullable(),
    })
    .nullable()
    .default(null),
  recommendations: z.array(z.string()),
  notChecked: z.array(z.string()),
  reason: z.string().nullable(),
  similarity: z.number().nullable(),
});
export type CopyrightCheck = z.infer<typeof copyrightCheckSchema>;
export const copyrightCheckListSchema = z.array(copyrightCheckSchema);

/** POST /api/copyright-check/{id}: whether the track passed and why, plus the analysis. */
export const copyrightCheckResponseSchema = z.object({
  success: z.boolean(),
  reason: z.string().nullable(),
  check: copyrightCheckSchema,
});

/** Body of POST /api/copyright-check/{id}/review-request; a blank note is no note. */
export const reviewRequestBodySchema = z.object({
  note: z.string().trim().max(1000, 'note must be at most 1000 characters').optional(),
});

/** What POST /api/copyright-check/{id}/review-request answers: the check with its review request. */
export const reviewRequestResponseSchema = z.object({ success: z.literal(true), check: copyrightCheckSchema });

/** An explorer without a page for the network is null. */
export const explorerLinksSchema = z.object({ xrpscan: z.string().nullable(), xrplorer: z.string().nullable(), bithomp: z.string().nullable(), xrplOrg: z.string().nullable() });
/** For a transaction no ledger holds: an explorer could only answer "not found". */
export const NO_EXPLORER_LINKS: z.infer<typeof explorerLinksSchema> = { xrpscan: null, xrplorer: null, bithomp: null, xrplOrg: null };

/** POST /api/copyright-register/{id}. */
export const registrationResponseSchema = z.object({
  success: z.boolean(),
  contentId: z.string(),
  xrplTxHash: z.string(),
  /** validated / submitted: on the ledger; awaiting_submission: signed, no ledger configured. */
  ledgerStatus: z.enum(['validated', 'submitted', 'awaiting_submission']),
  note: z.string().nullable(),
  certificateId: z.string(),
  explorer: explorerLinksSchema,
});

/** A registration's sync status: where it is recorded. `success` is true only once it is recorded there; `state` says whether it waits or failed. */
export const syncStatusSchema = z.object({
  txHash: z.string(),
  syncResults: z.array(
    z.object({ database: z.string(), success: z.boolean(), state: z.enum(['recorded', 'waiting', 'failed']), transactionId: z.string().nullable(), detail: z.string() }),
  ),
  syncStats: z.object({ successRate: z.number(), lastUpdate: z.string() }),
});

/** One stored event of a track's stream, as the audit history returns it. */
export const historyEventSchema = z.object({
  streamVersion: z.number(),
  eventId: z.string(),
  type: z.string(),
  data: z.unknown(),
  recordedAt: z.string(),
  actor: z.string(),
  workflowId: z.string().nullable(),
});
/** GET /api/tracks/{id}/history?upTo=N: the state after the first N events (all when absent) — time travel. */
export const trackHistoryQuerySchema = z.object({ upTo: z.coerce.number().int().min(0).optional() });
export const trackHistorySchema = z.object({
  trackId: z.string(),
  events: z.array(historyEventSchema),
  /** How many events the state folds (= upTo, capped at the event count; all by default). */
  foldedThrough: z.number().int(),
  /** The track's state after foldedThrough events (after the last: what replaying the stream gives). */
  state: z.unknown(),
});

export const retryRequestSchema = z.object({ note: z.string().trim().max(500).optional() });

/** The operator's retry, answered once the workflow has run it. */
export const retryResponseSchema = z.object({ success: z.literal(true), txHash: z.string(), outcome: z.enum(['validated', 'submitted', 'awaiting_submission']), certificateId: z.string() });

/** The certificate as GET /api/copyright-certificate/{id} returns it. */
export const certificateResponseSchema = z.object({
  certificateId: z.string(),
  contentId: z.string(),
  title: z.string(),
  owner: z.string(),
  copyrightStatus: z.string(),
  publicVisibility: z.string(),
  registrationDate: z.string(),
  blockchainNetwork: z.string(),
  walletAddress: z.string(),
  xrplTxHash: z.string(),
  sha256: z.string(),
  ledgerStatus: z.enum(['validated', 'submitted', 'awaiting_submission']),
  verificationStatus: z.string(),
  verificationUrl: z.string(),
  blockchainExplorer: explorerLinksSchema,
  pdfFileName: z.string(),
  /** A generated track's making (engine, request, output hashes in full); null for an upload. */
  generation: generatedWorkSchema.nullable(),
  signature: z.object({ algorithm: z.string(), keyId: z.string(), publicKey: z.string(), canonicalization: z.string(), value: z.string() }),
  /** The signed document, byte for byte what the signature covers once canonicalised. */
  signedDocument: z.record(z.string(), z.unknown()),
});
export type CertificateResponse = z.infer<typeof certificateResponseSchema>;

/** GET /api/verify/{certificateId}: the public verification page's three checks. */
export const verificationCheckSchema = z.object({
  status: z.enum(['passed', 'failed', 'not_checked']),
  detail: z.string(),
});
export const verificationResponseSchema = z.object({
  certificateId: z.string(),
  title: z.string(),
  owner: z.string(),
  registrationDate: z.string(),
  sha256: z.string(),
  xrplTxHash: z.string(),
  blockchainNetwork: z.string(),
  blockchainExplorer: explorerLinksSchema,
  publicKey: z.string(),
  keyId: z.string(),
  checks: z.object({ signature: verificationCheckSchema, fileHash: verificationCheckSchema, ledger: verificationCheckSchema }),
  verified: z.boolean(),
});
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

/** GET /api/certificate-key: the published certificate signing key. */
export const publishedKeySchema = z.object({ algorithm: z.literal('Ed25519'), keyId: z.string(), publicKey: z.string(), publicKeyPem: z.string() });

/** What users read about a registration signed on a server without a ledger connection (whatever note an older server stored). */
export const SIGNED_AND_WAITING = 'Signed; it waits for a connection to the XRP Ledger, which this server does not have yet, so no ledger holds it.';
