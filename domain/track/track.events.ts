// Events of a piece of content's lifecycle (stream `track-<id>`). The intake stage records the
// upload, stores and hashes the file, and probes it; the later stages' events are in stage.events.ts.
import { z } from 'zod';
import { ACCEPTED_UPLOAD_EXTENSIONS, CONTENT_TYPES } from '../constants';
import { defineEvent } from '../shared/events';
import { stageEventDefinitions, type StageEvent } from './stage.events';

export const TrackUploadReceived = defineEvent(
  'TrackUploadReceived',
  1,
  z.object({
    trackId: z.uuid(),
    ownerId: z.uuid(),
    title: z.string().min(1).max(200),
    description: z.string().max(5000),
    contentType: z.enum(CONTENT_TYPES),
    royaltySplit: z.number().int().min(0).max(100),
    originalName: z.string().min(1),
    detectedExtension: z.enum(ACCEPTED_UPLOAD_EXTENSIONS),
    detectedMimeType: z.string().min(1),
    size: z.number().int().nonnegative(),
    genre: z.string().max(100).nullable(),
    /** Set when the studio generated the track: the generation it came from (absent on uploads and on older events). */
    generationId: z.string().min(1).max(200).optional(),
  }),
);

export const TrackFileStored = defineEvent(
  'TrackFileStored',
  1,
  z.object({
    trackId: z.uuid(),
    storedName: z.string().min(1),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
  }),
);

export const TrackProbed = defineEvent(
  'TrackProbed',
  1,
  z.object({
    trackId: z.uuid(),
    format: z.string().min(1),
    durationSeconds: z.number().nonnegative().nullable(),
    codec: z.string().nullable(),
    sampleRate: z.number().int().positive().nullable(),
    channels: z.number().int().positive().nullable(),
    bitRate: z.number().int().positive().nullable(),
  }),
);

export const TrackIntakeFailed = defineEvent(
  'TrackIntakeFailed',
  1,
  z.object({ trackId: z.uuid(), step: z.string().min(1), reason: z.string().min(1) }),
);

export const intakeEventDefinitions = [TrackUploadReceived, TrackFileStored, TrackProbed, TrackIntakeFailed] as const;
export const trackEventDefinitions = [...intakeEventDefinitions, ...stageEventDefinitions] as const;

export type TrackEvent =
  | StageEvent
  | ReturnType<typeof TrackUploadReceived.create>
  | ReturnType<typeof TrackFileStored.create>
  | ReturnType<typeof TrackProbed.create>
  | ReturnType<typeof TrackIntakeFailed.create>;

export function trackStreamId(trackId: string): string {
  return `track-${trackId}`;
}
