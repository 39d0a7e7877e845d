// HTTP payloads of the upload and vault routes: what an upload sends and a vault item holds.
import { z } from 'zod';
import { CONTENT_TYPES, MASTER_FORMATS, MASTER_LOUDNESS_LEVELS, MASTER_STYLES, ROYALTY_SPLIT_DEFAULT, ROYALTY_SPLIT_MAX, ROYALTY_SPLIT_MIN, TRACK_STATUSES } from '../constants';
import { copyrightCheckSchema, explorerLinksSchema, masteringProgressSchema, masteringResultsSchema } from './lifecycle';
import { LIFECYCLE_STAGES } from '../track/lifecycle';

/** The text fields of the multipart upload form (the file part is checked separately). */
export const uploadFieldsSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
  contentType: z.enum(CONTENT_TYPES, { message: `contentType must be one of ${CONTENT_TYPES.join(', ')}` }),
  royaltySplit: z.coerce
    .number({ message: 'royaltySplit must be a number' })
    .int('royaltySplit must be a whole number')
    .min(ROYALTY_SPLIT_MIN, `royaltySplit must be at least ${ROYALTY_SPLIT_MIN}`)
    .max(ROYALTY_SPLIT_MAX, `royaltySplit must be at most ${ROYALTY_SPLIT_MAX}`)
    .default(ROYALTY_SPLIT_DEFAULT),
  metadata: z
    .string()
    .default('{}')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'metadata must be a JSON string' });
        return z.NEVER;
      }
    })
    .pipe(
      z.looseObject({
        originalName: z.string().optional(),
        size: z.number().optional(),
        type: z.string().optional(),
        genre: z.string().max(100).optional(),
      }),
    ),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

/** The multipart upload form as the API document describes it: the file part and the text fields above. */
export const uploadFormSchema = z.object({
  file: z.string().meta({ format: 'binary', description: 'The content; its type is identified from its bytes and must fit its name' }),
  title: z.string().min(1).max(200),
  description: z.string().max(5000).optional(),
  contentType: z.enum(CONTENT_TYPES),
  royaltySplit: z.number().int().min(ROYALTY_SPLIT_MIN).max(ROYALTY_SPLIT_MAX).optional(),
  metadata: z.string().optional().describe('A JSON object, e.g. {"genre": "Ambient"}'),
});

export const uploadResponseSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  status: z.literal('processing'),
  message: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * Resumable uploads speak the tus protocol (https://tus.io/protocols/resumable-upload): a POST here
 * with Upload-Length and Upload-Metadata (the upload form's fields and `filename`) creates one, and
 * PATCHes to `<path>/<id>` send its bytes; a HEAD says how many arrived. The finished upload's id is
 * its track's id.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/resumable-uploads';
/** How much the web sends a request: a dropped connection costs at most one chunk. */
export const RESUMABLE_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** How long an upload may take from its creation; an unfinished one is deleted after that. */
export const RESUMABLE_UPLOAD_EXPIRY_HOURS = 24;
/** The Upload-Metadata keys a resumable upload carries: the upload form's fields and the file's name. */
export const RESUMABLE_UPLOAD_METADATA_KEYS = ['filename', 'title', 'description', 'contentType', 'royaltySplit', 'metadata'] as const;

export const VAULT_STATUSES = ['registered', 'processing', 'failed'] as const;
export type VaultStatus = (typeof VAULT_STATUSES)[number];

export const workflowStepSchema = z.object({
  name: z.string(),
  status: z.enum(['pending', 'running', 'completed', 'failed']),
});

export const vaultItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  /** The studio generation that made the track; null for an upload. */
  generationId: z.string().nullable(),
  status: z.enum(VAULT_STATUSES),
  xrplTxHash: z.string().nullable(),
  filePath: z.string().nullable(),
  landrMasteredFilePath: z.string().nullable(),
  landrPreviewFilePath: z.string().nullable(),
  landrMasterStyle: z.enum(MASTER_STYLES).nullable(),
  landrMasterLoudness: z.enum(MASTER_LOUDNESS_LEVELS).nullable(),
  landrMasterFormat: z.enum(MASTER_FORMATS).nullable(),
  landrMasterId: z.string().nullable(),
  landrPreviewId: z.string().nullable(),
  /** processing / completed / failed, the track's master status badge; null before any mastering. */
  landrMasterStatus: z.string().nullable(),
  /** Where the track is in its lifecycle (TRACK_STATUSES). */
  trackStatus: z.enum(TRACK_STATUSES),
  copyrightChecked: z.boolean(),
  /** The running mastering's progress (its steps so far), or the last one's. */
  mastering: z.object({
    masterId: z.string(),
    kind: z.enum(['preview', 'master']),
    running: z.boolean(),
    steps: z.array(masteringProgressSchema),
    results: masteringResultsSchema.nullable(),
    error: z.string().nullable(),
  }).nullable(),
  copyrightCheck: copyrightCheckSchema.nullable(),
  /** Why the check failed, with the closest work's similarity. */
  copyrightResult: z.object({ reason: z.string(), similarity: z.number().nullable() }).nullable(),
  registration: z.object({
    network: z.string(),
    account: z.string(),
    ledgerStatus: z.enum(['validated', 'submitted', 'awaiting_submission', 'signed', 'failed']),
    resultCode: z.string().nullable(),
    note: z.string().nullable(),
    explorer: explorerLinksSchema,
  }).nullable(),
  certificateId: z.string().nullable(),
  royaltySplit: z.number(),
  createdAt: z.string(),
  metadata: z.object({
    genre: z.string().nullable(),
    duration: z.number().nullable(),
    size: z.number(),
    originalName: z.string(),
    mimeType: z.string(),
    format: z.string().nullable(),
    sha256: z.string().nullable(),
    mastering: z.object({ results: masteringResultsSchema }).nullable(),
  }),
  /** Where the track's lifecycle workflow is: the stage, its steps, and why it failed if it did. */
  workflow: z.object({
    id: z.string(),
    stage: z.enum(LIFECYCLE_STAGES),
    stageLabel: z.string(),
    steps: z.array(workflowStepSchema),
    failureReason: z.string().nullable(),
  }),
});
export type VaultItem = z.infer<typeof vaultItemSchema>;
export const vaultListSchema = z.array(vaultItemSchema);
