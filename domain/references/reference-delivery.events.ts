// Events of one delivery of reference recordings by a rights holder (stream
// `reference-delivery-<deliveryId>`): the delivery was received with the CSV's metadata for each
// recording, each recording was then indexed (with the registered GOOSE works it matched and the
// review cases opened for them) or failed with a plain reason, the delivery finished with its
// counts, and later the holder may remove an indexed reference. The read models
// `reference_deliveries` and `reference_recordings` fold them.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

export const REFERENCE_DELIVERY_WAYS = ['upload', 'sftp'] as const;
export type ReferenceDeliveryWay = (typeof REFERENCE_DELIVERY_WAYS)[number];

/** At most this many recordings in one delivery (one workflow indexes them one by one). */
export const MAX_REFERENCES_PER_DELIVERY = 500;

/** An ISRC: country, registrant, year, designation (CC-XXX-YY-NNNNN), stored without hyphens in upper case. */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$/;

export const deliveredRecordingSchema = z.object({
  referenceId: z.uuid(),
  /** The file's name as the CSV and the delivery named it. */
  file: z.string().min(1).max(255),
  /** Where the recording is kept in the file store (infra/storage); an SFTP delivery's is fetched there by the workflow. */
  storedName: z.string().min(1).max(300),
  title: z.string().min(1).max(300),
  artist: z.string().min(1).max(300),
  isrc: z.string().regex(ISRC_PATTERN),
  /** The rights owner the CSV names (a label, a publisher). */
  owner: z.string().min(1).max(300),
  /** ISO 3166-1 alpha-2 codes, or ["worldwide"]. */
  territories: z.array(z.string().min(2).max(9)).min(1),
});
export type DeliveredRecording = z.infer<typeof deliveredRecordingSchema>;

export const ReferenceDeliveryReceived = defineEvent(
  'ReferenceDeliveryReceived',
  1,
  z.object({
    deliveryId: z.uuid(),
    holderId: z.uuid(),
    /** The name uploaders whose music matches a reference see. */
    holderName: z.string().min(1),
    via: z.enum(REFERENCE_DELIVERY_WAYS),
    /** The folder on the delivery partner's SFTP (an SFTP delivery); null for an upload. */
    folder: z.string().nullable(),
    recordings: z.array(deliveredRecordingSchema).min(1).max(MAX_REFERENCES_PER_DELIVERY),
    receivedAt: z.iso.datetime(),
  }),
);

/** A registered GOOSE work the reference matched whole, and the review case opened for both sides (null: none could be). */
export const workMatchSchema = z.object({
  workId: z.string().min(1),
  title: z.string(),
  similarity: z.number().min(0).max(100),
  disputeId: z.string().nullable(),
});
export type ReferenceWorkMatch = z.infer<typeof workMatchSchema>;

/** A recording was fingerprinted and indexed; `done` of `total` recordings of the delivery are now processed. */
export const ReferenceRecordingIndexed = defineEvent(
  'ReferenceRecordingIndexed',
  1,
  z.object({
    deliveryId: z.uuid(),
    referenceId: z.uuid(),
    durationSeconds: z.number().nonnegative(),
    workMatches: z.array(workMatchSchema),
    /** Why a matched work has no review case, in plain words; null when every match has one (or there is none). */
    caseNote: z.string().max(500).nullable(),
    done: z.number().int().positive(),
    total: z.number().int().positive(),
    indexedAt: z.iso.datetime(),
  }),
);

/** A recording could not be indexed (unreadable, too short, …): why, in plain words. */
export const ReferenceRecordingFailed = defineEvent(
  'ReferenceRecordingFailed',
  1,
  z.object({
    deliveryId: z.uuid(),
    referenceId: z.uuid(),
    reason: z.string().min(1).max(500),
    done: z.number().int().positive(),
    total: z.number().int().positive(),
    failedAt: z.iso.datetime(),
  }),
);

export const ReferenceDeliveryCompleted = defineEvent(
  'ReferenceDeliveryCompleted',
  1,
  z.object({ deliveryId: z.uuid(), indexed: z.number().int().nonnegative(), failed: z.number().int().nonnegative(), completedAt: z.iso.datetime() }),
);

/** The holder took an indexed reference out of the catalogue: uploads are no longer compared with it. */
export const ReferenceRemoved = defineEvent(
  'ReferenceRemoved',
  1,
  z.object({ deliveryId: z.uuid(), referenceId: z.uuid(), removedBy: z.uuid(), removedAt: z.iso.datetime() }),
);

export const referenceDeliveryEventDefinitions = [ReferenceDeliveryReceived, ReferenceRecordingIndexed, ReferenceRecordingFailed, ReferenceDeliveryCompleted, ReferenceRemoved] as const;

export type ReferenceDeliveryEvent =
  | ReturnType<typeof ReferenceDeliveryReceived.create>
  | ReturnType<typeof ReferenceRecordingIndexed.create>
  | ReturnType<typeof ReferenceRecordingFailed.create>
  | ReturnType<typeof ReferenceDeliveryCompleted.create>
  | ReturnType<typeof ReferenceRemoved.create>;

export function referenceDeliveryStreamId(deliveryId: string): string {
  return `reference-delivery-${deliveryId}`;
}
