// HTTP payloads of a rights holder's reference catalogue: the CSV a delivery carries, a delivery
// with its progress and per-file results, and the holder's references (listed to them only).
import { z } from 'zod';
import { REFERENCE_DELIVERY_WAYS, workMatchSchema } from '../references/reference-delivery.events';

/** The CSV's columns, in this order in the example (any order is read). */
export const REFERENCE_CSV_COLUMNS = ['file', 'title', 'artist', 'isrc', 'owner', 'territories'] as const;

export const REFERENCE_RECORDING_STATUSES = ['pending', 'indexed', 'failed', 'removed'] as const;
export type ReferenceRecordingStatus = (typeof REFERENCE_RECORDING_STATUSES)[number];

export const referenceDeliveryRecordingSchema = z.object({
  referenceId: z.string(),
  file: z.string(),
  title: z.string(),
  artist: z.string(),
  isrc: z.string(),
  status: z.enum(REFERENCE_RECORDING_STATUSES),
  /** Why it could not be indexed (failed), in plain words. */
  reason: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** Registered GOOSE works it matched, each with the review case opened for both sides. */
  workMatches: z.array(workMatchSchema),
  /** Why a matched work has no review case; null otherwise. */
  caseNote: z.string().nullable(),
});
export type ReferenceDeliveryRecording = z.infer<typeof referenceDeliveryRecordingSchema>;

export const referenceDeliverySchema = z.object({
  id: z.string(),
  via: z.enum(REFERENCE_DELIVERY_WAYS),
  folder: z.string().nullable(),
  status: z.enum(['running', 'completed']),
  total: z.number().int().nonnegative(),
  indexed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  receivedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type ReferenceDelivery = z.infer<typeof referenceDeliverySchema>;

export const referenceDeliveryListSchema = z.object({ deliveries: z.array(referenceDeliverySchema) });
export const referenceDeliveryDetailSchema = z.object({ delivery: referenceDeliverySchema, recordings: z.array(referenceDeliveryRecordingSchema) });
export type ReferenceDeliveryDetail = z.infer<typeof referenceDeliveryDetailSchema>;

/** POST /api/references/deliveries/sftp: a folder on the delivery partner's SFTP holding the recordings and one CSV. */
export const sftpDeliveryRequestSchema = z.object({
  folder: z
    .string()
    .trim()
    .min(1, 'folder: name the folder on the delivery partner\'s SFTP')
    .max(500)
    .refine((folder) => !folder.split('/').includes('..'), 'folder: must not climb out with ".."'),
});
export type SftpDeliveryRequest = z.infer<typeof sftpDeliveryRequestSchema>;

export const referenceSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  title: z.string(),
  artist: z.string(),
  isrc: z.string(),
  owner: z.string(),
  territories: z.array(z.string()),
  durationSeconds: z.number().nullable(),
  indexedAt: z.string().nullable(),
  workMatches: z.array(workMatchSchema),
});
export type Reference = z.infer<typeof referenceSchema>;

export const REFERENCE_PAGE_SIZE = 50;

/** GET /api/references: the holder's indexed references, searchable by title or ISRC, newest first. */
export const referenceListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const referenceListSchema = z.object({ references: z.array(referenceSchema), total: z.number().int().nonnegative(), page: z.number().int(), pageSize: z.number().int() });
export type ReferenceList = z.infer<typeof referenceListSchema>;

export const referenceRemovedSchema = z.object({ removed: z.literal(true), referenceId: z.string() });
