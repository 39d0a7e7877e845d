// Events of one song generation (stream `generation-<generationId>`): asked for, each stage it
// reaches (what the studio shows as progress), the composed song's words and sections, the files
// and provenance once rendered, a failure, and the owner's like.
import { z } from 'zod';
import { GENERATION_STATUSES, generationSourceSchema, provenanceSchema, VOCALS_KINDS } from '../contracts/creation';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);

export const GenerationRequested = defineEvent(
  'GenerationRequested',
  1,
  z.object({
    generationId: id,
    ownerId: z.uuid(),
    /** The track the song becomes once rendered. */
    trackId: z.uuid(),
    title: z.string().min(1).max(200),
    /** The song request as validated (defaults filled in). */
    request: z.record(z.string(), z.unknown()),
    requestHash: z.string().regex(/^[0-9a-f]{64}$/),
    seed: z.number().int().nonnegative(),
    /** The earlier generation this one extends, changes or varies; null for a new song. */
    source: generationSourceSchema.nullable(),
    requestedAt: z.iso.datetime(),
  }),
);

/** A stage reached: status, share done and the plain words the studio shows. */
export const GenerationProgressed = defineEvent(
  'GenerationProgressed',
  1,
  z.object({
    generationId: id,
    status: z.enum(GENERATION_STATUSES).exclude(['queued', 'completed', 'failed']),
    progress: z.number().int().min(0).max(100),
    stage: z.string().min(1).max(200),
    queuePosition: z.number().int().nonnegative().nullable(),
  }),
);

export const GenerationComposed = defineEvent(
  'GenerationComposed',
  1,
  z.object({
    generationId: id,
    durationSeconds: z.number().positive(),
    lyrics: z.string().nullable(),
    vocals: z.enum(VOCALS_KINDS),
    vocalsNote: z.string().nullable(),
    sections: z.array(z.object({ name: z.string(), startSeconds: z.number(), endSeconds: z.number() })),
  }),
);

const storedFile = z.object({ storedName: z.string().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), bytes: z.number().int().nonnegative() });

export const GenerationCompleted = defineEvent(
  'GenerationCompleted',
  1,
  z.object({
    generationId: id,
    files: z.object({
      mixWav: storedFile,
      mixMp3: storedFile,
      midi: storedFile,
      lrc: storedFile.nullable(),
      stems: z.array(storedFile.extend({ name: z.string().min(1) })),
    }),
    provenance: provenanceSchema,
    completedAt: z.iso.datetime(),
  }),
);

export const GenerationFailed = defineEvent('GenerationFailed', 1, z.object({ generationId: id, reason: z.string().min(1).max(1000), failedAt: z.iso.datetime() }));

export const GenerationLiked = defineEvent('GenerationLiked', 1, z.object({ generationId: id, liked: z.boolean() }));

export const generationEventDefinitions = [GenerationRequested, GenerationProgressed, GenerationComposed, GenerationCompleted, GenerationFailed, GenerationLiked] as const;

export type GenerationEvent =
  | ReturnType<typeof GenerationRequested.create>
  | ReturnType<typeof GenerationProgressed.create>
  | ReturnType<typeof GenerationComposed.create>
  | ReturnType<typeof GenerationCompleted.create>
  | ReturnType<typeof GenerationFailed.create>
  | ReturnType<typeof GenerationLiked.create>;

export const generationStreamId = (generationId: string): string => `generation-${generationId}`;
