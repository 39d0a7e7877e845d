// The lyrics request and its answer (POST /api/audio/generate-lyrics), apart from the writer so the
// web can parse the answer without loading the pronouncing dictionary. Field names and defaults are
// the spec's lyrics request (prompt, genre, mood, duration, vocalStyle → lyrics); genre, mood and
// vocal style are names here until the creation options' lists join the contracts.
import { z } from 'zod';
import { SECTION_KINDS } from './lyrics-sections';

export const LYRICS_PROMPT_MAX = 1000;
export const MIN_DURATION_SECONDS = 10;
export const MAX_DURATION_SECONDS = 300;
export const DURATION_STEP_SECONDS = 5;

const name = (field: string, fallback: string) =>
  z
    .string(`${field} must be text`)
    .trim()
    .min(1, `${field} must not be blank`)
    .max(60, `${field} must be at most 60 characters`)
    .default(fallback);

export const lyricsRequestSchema = z.object({
  prompt: z.string('prompt is required').trim().min(1, 'Describe the song to write lyrics for').max(LYRICS_PROMPT_MAX, `prompt must be at most ${LYRICS_PROMPT_MAX} characters`),
  genre: name('genre', 'Pop'),
  mood: name('mood', 'Energetic'),
  duration: z
    .number('duration must be a number of seconds')
    .int('duration must be a whole number of seconds')
    .multipleOf(DURATION_STEP_SECONDS, `duration must be a multiple of ${DURATION_STEP_SECONDS} seconds`)
    .min(MIN_DURATION_SECONDS, `duration must be at least ${MIN_DURATION_SECONDS} seconds`)
    .max(MAX_DURATION_SECONDS, `duration must be at most ${MAX_DURATION_SECONDS} seconds`)
    .default(60),
  vocalStyle: name('vocalStyle', 'pop'),
  /** Another seed writes other lyrics for the same request; without one, the request's own. */
  seed: z.number().int('seed must be a whole number').min(0, 'seed must be 0 or more').max(0xffffffff, 'seed must fit in 32 bits').optional(),
});
export type LyricsRequestBody = z.infer<typeof lyricsRequestSchema>;

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
