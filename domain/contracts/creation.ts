// HTTP payloads of the creation studio (spec §3 "Song generation request", "Lyrics request"):
// the song request, the lyrics request and its answer, and the request's canonical form, whose
// SHA-256 names the request in the provenance record and seeds the composer. Pure (no Node
// built-ins), like domain/proofs, so the browser can compute the same hash.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import canonicalize from 'canonicalize';
import { z } from 'zod';
import { SECTION_KINDS } from '../creation/lyrics-sections';
import {
  CREATION_DEFAULTS,
  CREATION_ENGINES,
  DURATION_RANGE,
  GENRES,
  INSTRUMENTS,
  KEYS,
  LYRICS_MAX_LENGTH,
  MAX_INSTRUMENTS,
  MAX_SELECTED_STYLES,
  MOODS,
  PROMPT_MAX_LENGTH,
  STYLES,
  TEMPO_RANGE,
  VOCAL_STYLES,
  VOICE_TYPES,
} from '../creation/options';

/** One of a list of names, matched without regard to case and surrounding spaces, answered in the list's spelling. */
function oneOf<const T extends readonly [string, ...string[]]>(values: T, field: string) {
  const byLowerCase = new Map<string, T[number]>(values.map((value) => [value.toLowerCase(), value]));
  const message = `${field} must be one of ${values.join(', ')}`;
  return z.string({ message }).transform((value, context): T[number] => {
    const match = byLowerCase.get(value.trim().toLowerCase());
    if (match === undefined) {
      context.addIssue({ code: 'custom', message: `${field} "${value}" is not offered; ${message}` });
      return z.NEVER;
    }
    return match;
  });
}

const promptSchema = z
  .string({ message: 'prompt must be text describing the song' })
  .trim()
  .min(1, 'prompt must describe the song (it is empty)')
  .max(PROMPT_MAX_LENGTH, `prompt must be at most ${PROMPT_MAX_LENGTH} characters`);

const durationSchema = z
  .number({ message: 'duration must be a number of seconds' })
  .int('duration must be a whole number of seconds')
  .min(DURATION_RANGE.min, `duration must be at least ${DURATION_RANGE.min} seconds`)
  .max(DURATION_RANGE.max, `duration must be at most ${DURATION_RANGE.max} seconds`)
  .multipleOf(DURATION_RANGE.step, `duration must be a multiple of ${DURATION_RANGE.step} seconds`);

const genreSchema = oneOf(GENRES, 'genre');
const moodSchema = oneOf(MOODS, 'mood');
const vocalStyleSchema = oneOf(VOCAL_STYLES, 'vocalStyle');

/** Instruments as a list or as the studio's comma-separated text ("piano, strings"). */
const instrumentsSchema = z
  .union([z.array(z.string({ message: 'each instrument must be a name' })), z.string()], { message: 'instruments must be a list of names or a comma-separated text' })
  .transform((value) => (typeof value === 'string' ? value.split(',') : value).map((name) => name.trim()).filter((name) => name.length > 0))
  .pipe(z.array(oneOf(INSTRUMENTS, 'instrument')).max(MAX_INSTRUMENTS, `at most ${MAX_INSTRUMENTS} instruments`))
  .refine((names) => new Set(names).size === names.length, 'an instrument is listed twice');

/** POST /api/audio/generate-complete-song: what the studio sends. Every field but prompt has the spec's default. */
export const songRequestSchema = z.object({
  prompt: promptSchema,
  genre: genreSchema.default(CREATION_DEFAULTS.genre),
  mood: moodSchema.default(CREATION_DEFAULTS.mood),
  selectedStyles: z
    .array(oneOf(STYLES, 'style'), { message: 'selectedStyles must be a list of style names' })
    .max(MAX_SELECTED_STYLES, `at most ${MAX_SELECTED_STYLES} styles can be blended`)
    .refine((styles) => new Set(styles).size === styles.length, 'a style is selected twice')
    .default([]),
  tempo: z
    .number({ message: 'tempo must be a number of beats per minute' })
    .int('tempo must be a whole number of beats per minute')
    .min(TEMPO_RANGE.min, `tempo must be at least ${TEMPO_RANGE.min} BPM`)
    .max(TEMPO_RANGE.max, `tempo must be at most ${TEMPO_RANGE.max} BPM`)
    .default(CREATION_DEFAULTS.tempo),
  duration: durationSchema.default(CREATION_DEFAULTS.duration),
  key: oneOf(KEYS, 'key').default(CREATION_DEFAULTS.key),
  instruments: instrumentsSchema.default([]),
  includeVocals: z.boolean({ message: 'includeVocals must be true or false' }).default(CREATION_DEFAULTS.includeVocals),
  lyrics: z
    .string({ message: 'lyrics must be text' })
    .trim()
    .max(LYRICS_MAX_LENGTH, `lyrics must be at most ${LYRICS_MAX_LENGTH} characters`)
    .default(''),
  voiceType: oneOf(VOICE_TYPES, 'voiceType').default(CREATION_DEFAULTS.voiceType),
  vocalStyle: vocalStyleSchema.default(CREATION_DEFAULTS.vocalStyle),
  engine: oneOf(CREATION_ENGINES, 'engine').default(CREATION_DEFAULTS.engine),
});
export type SongRequest = z.output<typeof songRequestSchema>;
export type SongRequestInput = z.input<typeof songRequestSchema>;

/** POST /api/audio/generate-lyrics: words for a song, free of charge. */
export const lyricsRequestSchema = z.object({
  prompt: promptSchema,
  genre: genreSchema.default(CREATION_DEFAULTS.genre),
  mood: moodSchema.default(CREATION_DEFAULTS.mood),
  duration: durationSchema.default(CREATION_DEFAULTS.duration),
  vocalStyle: vocalStyleSchema.default(CREATION_DEFAULTS.vocalStyle),
  /** Another seed writes other lyrics for the same request; without one, the request's own. */
  seed: z.number({ message: 'seed must be a whole number' }).int('seed must be a whole number').min(0, 'seed must be 0 or more').max(0xffffffff, 'seed must fit in 32 bits').optional(),
});
export type LyricsRequest = z.output<typeof lyricsRequestSchema>;

const lyricLineSchema = z.object({
  text: z.string(),
  syllables: z.array(z.string()),
  words: z.array(z.object({ text: z.string(), syllables: z.array(z.string()) })),
});

export const lyricSectionSchema = z.object({ kind: z.enum(SECTION_KINDS), label: z.string(), lines: z.array(lyricLineSchema) });

export const lyricsResponseSchema = z.object({
  /** The lyrics as text, sections headed [Verse 1], [Chorus]…. */
  lyrics: z.string(),
  sections: z.array(lyricSectionSchema),
  /** The prompt's key phrases the lyrics use. */
  keywords: z.array(z.string()),
  /** The seed they were written with: the same request and seed give the same lyrics. */
  seed: z.number().int(),
});
export type LyricsResponse = z.infer<typeof lyricsResponseSchema>;

/**
 * The request as the composer reads it: spaces in the prompt and lyrics collapsed, instruments in
 * the options' order (their order changes nothing), styles in the order chosen (the first leads
 * the blend). Two requests that make the same song have the same canonical form.
 */
export function canonicalRequest(request: SongRequest): SongRequest {
  return {
    prompt: request.prompt.trim().replace(/\s+/g, ' '),
    genre: request.genre,
    mood: request.mood,
    selectedStyles: [...request.selectedStyles],
    tempo: request.tempo,
    duration: request.duration,
    key: request.key,
    instruments: INSTRUMENTS.filter((name) => request.instruments.includes(name)),
    includeVocals: request.includeVocals,
    lyrics: request.lyrics
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .join('\n')
      .trim(),
    voiceType: request.voiceType,
    vocalStyle: request.vocalStyle,
    engine: request.engine,
  };
}

/** SHA-256 (hex) of the canonical request's RFC 8785 JSON: the request's name in the provenance record. */
export function requestHash(request: SongRequest): string {
  const json = canonicalize(canonicalRequest(request));
  if (json === undefined) throw new Error('The song request has no JSON form');
  return bytesToHex(sha256(new TextEncoder().encode(json)));
}

/** Seeds are whole numbers below 2^48 (exact in a JS number); a variation is the next one. */
export const SEED_LIMIT = 2 ** 48;

/** The composer's seed for a request: the first 48 bits of its hash. */
export function requestSeed(request: SongRequest): number {
  return Number.parseInt(requestHash(request).slice(0, 12), 16);
}

export const seedSchema = z
  .number({ message: 'seed must be a whole number' })
  .int('seed must be a whole number')
  .min(0, 'seed must not be negative')
  .max(SEED_LIMIT - 1, `seed must be below 2^48`);

// ---- Generated songs (spec §7 "Creation": generate-complete-song, /api/generated-music) ----

export const GENERATION_STATUSES = ['queued', 'composing', 'rendering', 'finishing', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const VOCALS_KINDS = ['none', 'sung', 'spoken'] as const;

/** What a new generation made from an earlier one does: extend it, replace one section, or a variation (the next seed). */
export const generationSourceSchema = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('extend'), generationId: z.string(), seconds: z.number().int() }),
  z.object({ operation: z.literal('replace-section'), generationId: z.string(), sectionIndex: z.number().int() }),
  z.object({ operation: z.literal('variation'), generationId: z.string() }),
]);
export type GenerationSource = z.infer<typeof generationSourceSchema>;

/** 202 of every route that starts a generation (a new song, an extension, a replaced section, a variation). */
export const generationStartedSchema = z.object({
  id: z.string(),
  status: z.literal('queued'),
  /** The track the song becomes once rendered (mastering, the check and registration go on from there). */
  trackId: z.string(),
});
export type GenerationStarted = z.infer<typeof generationStartedSchema>;

export const extendSongRequestSchema = z.object({
  seconds: z
    .number({ message: 'seconds must be a number of seconds' })
    .int('seconds must be a whole number')
    .min(DURATION_RANGE.step, `seconds must be at least ${DURATION_RANGE.step}`)
    .max(DURATION_RANGE.max, `seconds must be at most ${DURATION_RANGE.max}`)
    .multipleOf(DURATION_RANGE.step, `seconds must be a multiple of ${DURATION_RANGE.step}`),
});

export const likeRequestSchema = z.object({ liked: z.boolean({ message: 'liked must be true or false' }) });

const outputHashSchema = z.object({ path: z.string(), sha256: z.string(), bytes: z.number().int() });

/** The IPTC digital source type of a generated song, as C2PA manifests name it. */
export const ALGORITHMIC_MEDIA_URI = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia';

/** The C2PA manifest embedded in a song's WAV and MP3. */
export const c2paRecordSchema = z.object({
  /** Each signed file by stored name, with the SHA-256 of its bytes before signing (the render's own, the same on every run). */
  files: z.array(z.object({ path: z.string(), unsignedSha256: z.string() })),
  digitalSourceType: z.literal(ALGORITHMIC_MEDIA_URI),
  action: z.literal('c2pa.created'),
  /** The label of the custom assertion that carries this record's essentials. */
  assertion: z.string(),
  /** The library that signed, with its version. */
  library: z.string(),
  /** Who signed, in plain words: this server's own certificate, not one on a public trust list. */
  signedBy: z.string(),
});
export type C2paRecord = z.infer<typeof c2paRecordSchema>;

/** How a song was made, kept with the track: enough to make the same bytes again and to say it was generated. */
export const provenanceSchema = z.object({
  /** IPTC digital source type: composed by an algorithm, not recorded. */
  digitalSourceType: z.literal('algorithmicMedia'),
  generationId: z.string(),
  request: z.record(z.string(), z.unknown()),
  requestHash: z.string(),
  seed: z.number().int(),
  source: generationSourceSchema.nullable(),
  engine: z.object({ composer: z.string(), packages: z.record(z.string(), z.string()) }),
  soundFont: z.object({ name: z.string(), source: z.string(), sha256: z.string(), licence: z.string(), attribution: z.string() }),
  render: z.object({
    sampleRate: z.number().int(),
    bitDepth: z.number().int(),
    synthesizer: z.string(),
    effects: z.string(),
    /** How many parts the notes were rendered in, one per render worker (the samples' float rounding depends on it); absent from songs made before parts. */
    parts: z.number().int().min(1).optional(),
    targetLufs: z.number(),
    ceilingDbtp: z.number(),
    integratedLufs: z.number(),
    truePeakDbtp: z.number(),
  }),
  composition: z.object({
    tempo: z.number(),
    key: z.string(),
    mode: z.string(),
    durationSeconds: z.number(),
    sections: z.array(z.object({ type: z.string(), startSeconds: z.number(), endSeconds: z.number(), chords: z.array(z.string()) })),
    parts: z.array(z.object({ name: z.string(), program: z.number().int(), sung: z.boolean() })),
  }),
  vocals: z.object({ kind: z.enum(VOCALS_KINDS), engine: z.string().nullable(), note: z.string().nullable() }),
  outputs: z.array(outputHashSchema),
  /** The embedded C2PA manifest; null when none was embedded (records made before it existed read as null). */
  c2pa: c2paRecordSchema.nullable().default(null),
  /** Why there is no manifest, in plain words; null when there is one. */
  c2paNote: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** One generated song as the studio's workspace shows it (GET /api/generated-music, …/:id). */
export const generatedSongSchema = z.object({
  id: z.string(),
  trackId: z.string(),
  title: z.string(),
  prompt: z.string(),
  genre: z.string(),
  mood: z.string(),
  styles: z.array(z.string()),
  tempo: z.number().int(),
  key: z.string(),
  durationSeconds: z.number(),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100. */
  progress: z.number().min(0).max(100),
  /** What runs now, in plain words ("Rendering Piano"). */
  stage: z.string(),
  /** Songs ahead in the render queue while waiting, else null. */
  queuePosition: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  liked: z.boolean(),
  lyrics: z.string().nullable(),
  vocals: z.enum(VOCALS_KINDS),
  /** What the server could not do for this song, in plain words (e.g. words are not sung here). */
  vocalsNote: z.string().nullable(),
  sections: z.array(z.object({ name: z.string(), startSeconds: z.number(), endSeconds: z.number() })),
  /** URLs under /api/generated-music/:id/files/…; they answer 404 until the song is completed (stems are listed from then on). */
  downloads: z.object({
    mixWav: z.string(),
    mixMp3: z.string(),
    midi: z.string(),
    lrc: z.string().nullable(),
    stems: z.array(z.object({ name: z.string(), url: z.string() })),
  }),
  provenance: provenanceSchema.nullable(),
});
export type GeneratedSong = z.infer<typeof generatedSongSchema>;

export const generatedSongListSchema = z.object({ songs: z.array(generatedSongSchema) });
export type GeneratedSongList = z.infer<typeof generatedSongListSchema>;
