// HTTP payloads of the developer API: the signed-in developer's keys, usage and pricing,
// and the external v1 API called with X-API-Key. Money is integer cents.
import { z } from 'zod';
import { externalMatchSchema, searchedSourcesSchema, shownReferenceMatchSchema } from './copyright-sources';
import { API_TIERS } from '../developer/api-tiers';
import { createContractResponseSchema } from './royalties';

export const API_KEY_STATUSES = ['active', 'revoked', 'suspended'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** An address the key may be used from: an IPv4 or IPv6 address, or a CIDR range of either. */
export const ipAllowlistEntrySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[0-9a-fA-F:.]+(\/\d{1,3})?$/, 'Each allowed address must be an IP address or a CIDR range, e.g. 203.0.113.7 or 198.51.100.0/24');

/** An API key. keyValue is the whole key only in the creation answer; afterwards the prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  keyName: z.string(),
  tier: z.enum(API_TIERS),
  /** `gk_<id>`: what identifies the key once its full value is gone. */
  keyPrefix: z.string(),
  /** The full key in the creation answer (shown once); the prefix followed by an ellipsis afterwards. */
  keyValue: z.string(),
  isActive: z.boolean(),
  status: z.enum(API_KEY_STATUSES),
  /** Why the key was suspended; null unless suspended. */
  suspendedReason: z.string().nullable(),
  /** Calls this calendar month (UTC). */
  currentUsage: z.number().int().min(0),
  monthlyQuota: z.number().int().min(0),
  /** Calls today (UTC). */
  dailyUsage: z.number().int().min(0),
  /** null: no daily limit (enterprise). */
  dailyLimit: z.number().int().nullable(),
  ipAllowlist: z.array(z.string()),
  createdAt: z.string(),
  lastUsed: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/developer/keys: the signed-in user's keys, newest first, deleted ones left out. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/developer/keys. */
export const createApiKeyRequestSchema = z.object({
  keyName: z.string({ error: 'Please enter a key name' }).trim().min(1, 'Please enter a key name').max(100, 'A key name has at most 100 characters'),
  tier: z.enum(API_TIERS, 'Choose a tier: free, pro or enterprise').default('free'),
  termsAccepted: z.literal(true, 'Accept the API Terms of Service to create a key'),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** 201 of POST /api/developer/keys: the one answer that carries the whole key. */
export const createApiKeyResponseSchema = z.object({ success: z.literal(true), apiKey: apiKeySchema, message: z.string() });
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeyParamsSchema = z.object({ id: z.string().trim().min(1).max(200) });

/** DELETE /api/developer/keys/:id. */
export const deleteApiKeyResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** PATCH /api/developer/keys/:id: the Security tab's allowlist for one key; an empty list lets any address in. */
export const updateApiKeyRequestSchema = z.object({ ipAllowlist: z.array(ipAllowlistEntrySchema).max(50, 'At most 50 allowed addresses') });
export type UpdateApiKeyRequest = z.input<typeof updateApiKeyRequestSchema>;
export const updateApiKeyResponseSchema = z.object({ success: z.literal(true), apiKey: apiKeySchema });

/** One recorded call of the external API: which key, endpoint, status and cost. */
export const apiUsageRecordSchema = z.object({
  id: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  method: z.string(),
  endpoint: z.string(),
  statusCode: z.number().int(),
  responseTimeMs: z.number().int().min(0),
  /** Cents this call was charged (0 on the free tier and for failed calls). */
  costCents: z.number().int().min(0),
  createdAt: z.string(),
});
export type ApiUsageRecord = z.infer<typeof apiUsageRecordSchema>;

/** A key holder's usage totals, over the period named in the answer. */
export const apiUsageStatsSchema = z.object({
  totalCalls: z.number().int().min(0),
  /** Cents charged: $0.05 for each successful call on a paid tier. */
  totalCost: z.number().int().min(0),
  /** Milliseconds, rounded; 0 without calls. */
  avgResponseTime: z.number().min(0),
  /** Share of calls answered 4xx or 5xx, 0..1. */
  errorRate: z.number().min(0).max(1),
});
export type ApiUsageStats = z.infer<typeof apiUsageStatsSchema>;

/** GET /api/developer/usage: the latest calls of all the user's keys and the stats of the current month (UTC). */
export const apiUsageResponseSchema = z.object({
  usage: z.array(apiUsageRecordSchema),
  stats: apiUsageStatsSchema,
  period: z.object({ from: z.string(), to: z.string() }),
});
export type ApiUsageResponse = z.infer<typeof apiUsageResponseSchema>;

/** One pricing tier of the external API: its limits and prices. */
export const apiPricingTierSchema = z.object({
  name: z.string(),
  monthlyFee: z.number().int().min(0),
  pricePerCall: z.number().int().min(0),
  monthlyQuota: z.number().int().min(0),
  dailyLimit: z.number().int().nullable(),
  requestsPerMinute: z.number().int(),
  features: z.array(z.string()),
});
export type ApiPricingTier = z.infer<typeof apiPricingTierSchema>;

/** GET /api/developer/pricing: the tiers map. */
export const apiPricingResponseSchema = z.object({ tiers: z.record(z.enum(API_TIERS), apiPricingTierSchema) });
export type ApiPricingResponse = z.infer<typeof apiPricingResponseSchema>;

/**
 * POST /api/v1/oracle/analyze as JSON: a registered content id of the key's owner, analysed again
 * against today's registry. An audio file goes as multipart instead (field `file`, optional
 * `metadata` as a JSON string). filePath (a path on the server) is not accepted from outside.
 */
export const v1AnalyzeRequestSchema = z.object({
  contentId: z.string().trim().min(1, 'contentId is required (or upload the audio as multipart field "file")').max(200),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type V1AnalyzeRequest = z.input<typeof v1AnalyzeRequestSchema>;

/** POST /api/v1/oracle/analyze as multipart/form-data: the audio (at most 50 MB) and optional metadata as a JSON object's text. */
export const v1AnalyzeFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'Audio (MP3, WAV, FLAC…) or a video with sound, at most 50 MB' }),
  metadata: z.string().max(64 * 1024).optional().meta({ description: 'A JSON object, echoed in the answer' }),
});

/** POST /api/v1/smart-contracts/create. */
export const v1CreateContractRequestSchema = z.object({
  contentId: z.string().trim().min(1, 'contentId is required').max(200),
  /** The creator's XRPL account; when given it must be the key owner's own account, from which the contract is anchored. */
  creatorWallet: z.string().trim().max(64).optional(),
  /** The creator's share in percent; the standard template's 85 when absent. */
  royaltySplit: z.number().min(0).max(100).optional(),
});
export type V1CreateContractRequest = z.input<typeof v1CreateContractRequestSchema>;

/** What a v1 call was charged in tokens, in cents: the tier's price on a paid tier, 0 on free. */
export const v1ChargedSchema = z.object({ cents: z.number().int().min(0) });

/**
 * The copyright oracle's whole result (infra/similarity/content-oracle.ts ContentAnalysis): the
 * fields every kind of content has, and everything else the oracle explains itself with.
 */
export const v1ContentAnalysisSchema = z.looseObject({
  contentKind: z.enum(['audio', 'video', 'image', 'text', 'document']),
  /** 0–100; null when no check was available for this content. */
  clearanceScore: z.number().nullable(),
  status: z.enum(['cleared', 'conflict', 'needs_review', 'not_available']),
  contentFingerprint: z.string().nullable(),
  databasesChecked: z.number().int().min(0),
  recordsScanned: z.number().int().min(0),
  conflicts: z.array(z.looseObject({ workId: z.string(), title: z.string(), owner: z.string(), similarity: z.number() })),
  recommendations: z.array(z.string()),
  reason: z.string().nullable(),
  metrics: z.looseObject({}),
  notChecked: z.array(z.string()),
  /** What the check searched (audio and video: GOOSE works, reference recordings and their holders, AcoustID); absent for other kinds. */
  searched: searchedSourcesSchema.optional(),
  /** The same in words, for every kind: "1,204 GOOSE works and 3,400 reference recordings from 2 rights holders; AcoustID was not asked (…)". */
  searchedDescription: z.string(),
  /** Rights holders' reference recordings matched, by title and holder (their ids and files are never shown): the upload would be held for review. */
  referenceMatches: z.array(shownReferenceMatchSchema).default([]),
  /** Recordings AcoustID found (MusicBrainz recording and release): the upload would be held for review. */
  externalMatches: z.array(externalMatchSchema).default([]),
});

/** 200 of POST /api/v1/oracle/analyze. contentId is null for an uploaded file (it is analysed, not stored). */
export const v1AnalyzeResponseSchema = z.object({
  success: z.literal(true),
  contentId: z.string().nullable(),
  analysis: v1ContentAnalysisSchema,
  /** The metadata the call sent, as sent; null without. */
  metadata: z.record(z.string(), z.unknown()).nullable(),
  charged: v1ChargedSchema,
});
export type V1AnalyzeResponse = z.infer<typeof v1AnalyzeResponseSchema>;

/** 201 of POST /api/v1/smart-contracts/create: the answer of POST /api/smart-contracts/create and the charge. */
export const v1CreateContractResponseSchema = createContractResponseSchema.extend({ charged: v1ChargedSchema });
export type V1CreateContractResponse = z.infer<typeof v1CreateContractResponseSchema>;
