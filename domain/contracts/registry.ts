// HTTP payloads of the public rights registry: every registered
// work, searchable by visitors, with the identifiers its owner entered, the evidence behind its
// verification level, and its license and dispute counts.
import { z } from 'zod';

/** The registry's content types; the platform's "music" is the registry's "audio". */
export const WORK_CONTENT_TYPES = ['audio', 'video', 'image', 'text'] as const;
export type WorkContentType = (typeof WORK_CONTENT_TYPES)[number];

/** Ascending, weakest first. The rule that derives them is `verificationLevelOf` in domain/registry. */
export const VERIFICATION_LEVELS = ['unverified', 'basic', 'enhanced', 'gold'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export const IDENTIFIER_TYPES = ['isrc', 'iswc', 'isni', 'upc'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export const REGISTRY_SORTS = ['relevance', 'oracle_score', 'created_date', 'title', 'disputes', 'licenses'] as const;
export const DATE_RANGES = ['all', '24h', '7d', '30d', '1y'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const allOr = <T extends readonly [string, ...string[]]>(values: T) => z.enum(['all', ...values] as [string, ...string[]]).default('all');

export const workSearchQuerySchema = z.object({
  query: z.string().trim().max(200).default(''),
  contentType: allOr(WORK_CONTENT_TYPES),
  verificationLevel: allOr(VERIFICATION_LEVELS),
  /** Only works that carry this identifier; with a query, the query is matched against it exactly. */
  identifierType: allOr(IDENTIFIER_TYPES),
  genre: z.string().trim().max(100).optional(),
  sortBy: z.enum(REGISTRY_SORTS).default('relevance'),
  dateRange: z.enum(DATE_RANGES).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type WorkSearchQuery = z.input<typeof workSearchQuerySchema>;

export const workIdentifiersSchema = z.object({
  isrc: z.string().nullable(),
  iswc: z.string().nullable(),
  isni: z.string().nullable(),
  upc: z.string().nullable(),
});
export type WorkIdentifiers = z.infer<typeof workIdentifiersSchema>;

/** `confidence` is a percent (0–100), the scale the proof explorer uses too. */
export const workFingerprintSchema = z.object({ algorithm: z.string(), confidence: z.number().min(0).max(100), hash: z.string() });

export const workAttestationSchema = z.object({
  id: z.string(),
  /** certificate_signature, ledger_registration, license_proof… */
  type: z.string(),
  issuer: z.string(),
  timestamp: z.string(),
  verified: z.boolean(),
});

export const workSchema = z.object({
  /** The content id (the track's id). */
  id: z.string(),
  title: z.string(),
  /** The owner's public username. */
  creator: z.string(),
  contentType: z.enum(WORK_CONTENT_TYPES),
  genre: z.string().nullable(),
  verificationLevel: z.enum(VERIFICATION_LEVELS),
  /** Why the level is what it is, in plain words (e.g. "Registered on the ledger; no identifiers yet"). */
  verificationReason: z.string(),
  identifiers: workIdentifiersSchema,
  /** Percent from the copyright check; null when it could not score the work. */
  oracleScore: z.number().nullable(),
  licenses: z.object({ available: z.number().int(), active: z.number().int(), revenue: z.number().int() }),
  disputes: z.object({ active: z.number().int(), resolved: z.number().int(), total: z.number().int() }),
  metadata: z.object({ createdAt: z.string(), certificateId: z.string().nullable(), xrplTxHash: z.string().nullable(), ledgerStatus: z.string().nullable() }),
  fingerprints: z.array(workFingerprintSchema),
  attestations: z.array(workAttestationSchema),
});
export type Work = z.infer<typeof workSchema>;

const counts = z.record(z.string(), z.number().int());

export const workSearchResponseSchema = z.object({
  works: z.array(workSchema),
  total: z.number().int(),
  facets: z.object({ contentTypes: counts, verificationLevels: counts, genres: counts }),
});
export type WorkSearchResponse = z.infer<typeof workSearchResponseSchema>;

export const workDetailResponseSchema = z.object({ work: workSchema });

/** PUT /api/works/:id/identifiers (the owner only): each identifier set, replaced, or cleared with null. */
export const setIdentifiersRequestSchema = z.object({
  isrc: z.string().trim().max(20).nullable().optional(),
  iswc: z.string().trim().max(20).nullable().optional(),
  isni: z.string().trim().max(25).nullable().optional(),
  upc: z.string().trim().max(20).nullable().optional(),
});
export type SetIdentifiersRequest = z.infer<typeof setIdentifiersRequestSchema>;
