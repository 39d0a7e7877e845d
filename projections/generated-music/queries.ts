// Reads of the studio's workspace: a user's generated songs (newest first), one song, and the
// stored file behind one of its downloads. Another user's song is not found.
import { GENERATION_STATUSES, provenanceSchema, type GeneratedSong } from '../../domain/contracts/creation';
import type { Queryable } from '../../infra/db/db';

interface Row {
  generation_id: string;
  track_id: string;
  title: string;
  prompt: string;
  genre: string;
  mood: string;
  styles: string[];
  tempo: number;
  key: string;
  duration_seconds: number;
  status: GeneratedSong['status'];
  progress: number;
  stage: string;
  queue_position: number | null;
  error: string | null;
  liked: boolean;
  lyrics: string | null;
  vocals: GeneratedSong['vocals'];
  vocals_note: string | null;
  sections: GeneratedSong['sections'];
  lrc_file: string | null;
  stems: { name: string; storedName: string }[];
  provenance: unknown;
  created_at: Date;
  completed_at: Date | null;
}

const COLUMNS = `generation_id, track_id::text AS track_id, title, prompt, genre, mood, styles, tempo, key, duration_seconds, status, progress, stage, queue_position,
  error, liked, lyrics, vocals, vocals_note, sections, lrc_file, stems, provenance, created_at, completed_at`;

/** The download URLs of a song's files (stems by their index in the list). */
export function downloadUrls(id: string, hasLrc: boolean, stems: readonly { name: string }[]): GeneratedSong['downloads'] {
  const base = `/api/generated-music/${encodeURIComponent(id)}/files`;
  return {
    mixWav: `${base}/mix.wav`,
    mixMp3: `${base}/mix.mp3`,
    midi: `${base}/song.mid`,
    lrc: hasLrc ? `${base}/lyrics.lrc` : null,
    stems: stems.map((stem, index) => ({ name: stem.name, url: `${base}/stems/${index}` })),
  };
}

function toSong(row: Row): GeneratedSong {
  return {
    id: row.generation_id,
    trackId: row.track_id,
    title: row.title,
    prompt: row.prompt,
    genre: row.genre,
    mood: row.mood,
    styles: row.styles,
    tempo: row.tempo,
    key: row.key,
    durationSeconds: Number(row.duration_seconds),
    status: GENERATION_STATUSES.includes(row.status) ? row.status : 'failed',
    progress: row.progress,
    stage: row.stage,
    queuePosition: row.queue_position,
    error: row.error,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    liked: row.liked,
    lyrics: row.lyrics,
    vocals: row.vocals,
    vocalsNote: row.vocals_note,
    sections: row.sections,
    downloads: downloadUrls(row.generation_id, row.lrc_file !== null, row.stems),
    provenance: row.provenance === null ? null : provenanceSchema.parse(row.provenance),
  };
}

export async function listGeneratedSongs(db: Queryable, ownerId: string): Promise<GeneratedSong[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM generated_music WHERE owner_id = $1 ORDER BY created_at DESC, generation_id DESC`, [ownerId]);
  return rows.map(toSong);
}

export async function findGeneratedSong(db: Queryable, ownerId: string, id: string): Promise<GeneratedSong | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM generated_music WHERE owner_id = $1 AND generation_id = $2`, [ownerId, id]);
  return rows[0] ? toSong(rows[0]) : null;
}

export type GeneratedFile = { kind: 'mix.wav' | 'mix.mp3' | 'song.mid' | 'lyrics.lrc' } | { kind: 'stem'; index: number };

/** The stored name of one of a completed song's files and the name it downloads as; null when there is none (or the song is not this user's). */
export async function findGeneratedFile(db: Queryable, ownerId: string, id: string, file: GeneratedFile): Promise<{ storedName: string; downloadName: string } | null> {
  const { rows } = await db.query<{ title: string; mix_wav_file: string | null; mix_mp3_file: string | null; midi_file: string | null; lrc_file: string | null; stems: { name: string; storedName: string }[] }>(
    `SELECT title, mix_wav_file, mix_mp3_file, midi_file, lrc_file, stems FROM generated_music WHERE owner_id = $1 AND generation_id = $2 AND status = 'completed'`,
    [ownerId, id],
  );
  const row = rows[0];
  if (!row) return null;
  const slug = row.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'song';
  if (file.kind === 'stem') {
    const stem = row.stems[file.index];
    return stem ? { storedName: stem.storedName, downloadName: `${slug}-${stem.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.wav` } : null;
  }
  const storedName = { 'mix.wav': row.mix_wav_file, 'mix.mp3': row.mix_mp3_file, 'song.mid': row.midi_file, 'lyrics.lrc': row.lrc_file }[file.kind];
  const extension = file.kind.split('.')[1];
  return storedName ? { storedName, downloadName: `${slug}.${extension}` } : null;
}
