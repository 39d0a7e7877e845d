// The studio's workspace read model: one `generated_music` row per generation with the columns the
// screen shows (request fields, status, progress, stage, queue position, words, sections, the files'
// stored names for the downloads, the provenance record) and its owner for the websocket. Idempotent:
// a row records the stream version it has folded, and a replayed event changes nothing.
import type { z } from 'zod';
import type { GenerationCompleted, GenerationComposed, GenerationFailed, GenerationLiked, GenerationProgressed, GenerationRequested } from '../../domain/creation/generation.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import { readModelChange, type Projection, type ReadModelChange } from '../projection';

type DataOf<E extends { schema: z.ZodType }> = z.output<E['schema']>;

const HANDLED = ['GenerationRequested', 'GenerationProgressed', 'GenerationComposed', 'GenerationCompleted', 'GenerationFailed', 'GenerationLiked'] as const;

/** The studio's title for a request: the prompt's first words. */
export function titleOf(prompt: string): string {
  const words = prompt.trim().split(/\s+/).slice(0, 6).join(' ');
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/** Updates the row when `event` is past what it has folded; answers the row's owner, or null when nothing changed. */
async function update(tx: Queryable, event: RecordedEvent, generationId: string, assignments: string, values: unknown[]): Promise<string | null> {
  const { rows } = await tx.query<{ owner_id: string }>(
    `UPDATE generated_music SET ${assignments}, stream_version = $2 WHERE generation_id = $1 AND stream_version < $2 RETURNING owner_id::text AS owner_id`,
    [generationId, event.streamVersion, ...values],
  );
  return rows[0]?.owner_id ?? null;
}

async function applyOne(tx: Queryable, event: RecordedEvent): Promise<string | null> {
  switch (event.type) {
    case 'GenerationRequested': {
      const data = event.data as DataOf<typeof GenerationRequested>;
      const request = data.request as { prompt: string; genre: string; mood: string; selectedStyles: string[]; tempo: number; key: string; duration: number; includeVocals: boolean };
      const { rows } = await tx.query(
        `INSERT INTO generated_music (generation_id, owner_id, track_id, title, prompt, genre, mood, styles, tempo, key, duration_seconds, vocals, source_generation_id, source_operation, created_at, stream_version)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (generation_id) DO NOTHING RETURNING generation_id`,
        [
          data.generationId,
          data.ownerId,
          data.trackId,
          data.title,
          request.prompt,
          request.genre,
          request.mood,
          request.selectedStyles,
          request.tempo,
          request.key,
          request.duration,
          // What the song will carry until the composer says otherwise.
          request.includeVocals ? 'sung' : 'none',
          data.source?.generationId ?? null,
          data.source?.operation ?? null,
          data.requestedAt,
          event.streamVersion,
        ],
      );
      return rows.length > 0 ? data.ownerId : null;
    }
    case 'GenerationProgressed': {
      const data = event.data as DataOf<typeof GenerationProgressed>;
      return update(tx, event, data.generationId, 'status = $3, progress = $4, stage = $5, queue_position = $6', [data.status, data.progress, data.stage, data.queuePosition]);
    }
    case 'GenerationComposed': {
      const data = event.data as DataOf<typeof GenerationComposed>;
      return update(tx, event, data.generationId, 'duration_seconds = $3, lyrics = $4, vocals = $5, vocals_note = $6, sections = $7', [
        data.durationSeconds,
        data.lyrics,
        data.vocals,
        data.vocalsNote,
        JSON.stringify(data.sections),
      ]);
    }
    case 'GenerationCompleted': {
      const data = event.data as DataOf<typeof GenerationCompleted>;
      const { files } = data;
      return update(
        tx,
        event,
        data.generationId,
        `status = 'completed', progress = 100, stage = 'Completed', queue_position = NULL, completed_at = $3, mix_wav_file = $4, mix_mp3_file = $5, midi_file = $6, lrc_file = $7, stems = $8, provenance = $9`,
        [
          data.completedAt,
          files.mixWav.storedName,
          files.mixMp3.storedName,
          files.midi.storedName,
          files.lrc?.storedName ?? null,
          JSON.stringify(files.stems.map((stem) => ({ name: stem.name, storedName: stem.storedName }))),
          JSON.stringify(data.provenance),
        ],
      );
    }
    case 'GenerationFailed': {
      const data = event.data as DataOf<typeof GenerationFailed>;
      return update(tx, event, data.generationId, `status = 'failed', stage = 'Failed', queue_position = NULL, error = $3`, [data.reason]);
    }
    case 'GenerationLiked': {
      const data = event.data as DataOf<typeof GenerationLiked>;
      return update(tx, event, data.generationId, 'liked = $3', [data.liked]);
    }
    default:
      return null;
  }
}

export const generatedMusicProjection: Projection = {
  name: 'generated-music',
  version: 1,
  tables: ['generated_music'],
  schema: `
    CREATE TABLE IF NOT EXISTS generated_music (
      generation_id text PRIMARY KEY,
      owner_id uuid NOT NULL,
      track_id uuid NOT NULL,
      title text NOT NULL,
      prompt text NOT NULL,
      genre text NOT NULL,
      mood text NOT NULL,
      styles text[] NOT NULL,
      tempo integer NOT NULL,
      key text NOT NULL,
      duration_seconds double precision NOT NULL,
      status text NOT NULL DEFAULT 'queued',
      progress integer NOT NULL DEFAULT 0,
      stage text NOT NULL DEFAULT 'Waiting to start',
      queue_position integer,
      error text,
      liked boolean NOT NULL DEFAULT false,
      lyrics text,
      vocals text NOT NULL,
      vocals_note text,
      sections jsonb NOT NULL DEFAULT '[]',
      mix_wav_file text,
      mix_mp3_file text,
      midi_file text,
      lrc_file text,
      stems jsonb NOT NULL DEFAULT '[]',
      provenance jsonb,
      source_generation_id text,
      source_operation text,
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      stream_version integer NOT NULL
    );
    CREATE INDEX IF NOT EXISTS generated_music_owner_idx ON generated_music (owner_id, created_at DESC);
  `,
  handles: new Set(HANDLED),
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    const ownerId = await applyOne(tx, event);
    if (ownerId === null) return null;
    return readModelChange('generated-music', event, ownerId, (event.data as { generationId: string }).generationId);
  },
};
