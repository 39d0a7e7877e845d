// A generated song as GET /api/generated-music answers it, for tests of the workspace and its cards.
import { generatedSongSchema, type GeneratedSong } from '../../../../domain/contracts/creation';

export function generatedSong(overrides: Partial<GeneratedSong> = {}): GeneratedSong {
  const id = overrides.id ?? 'gen-1';
  const files = `/api/generated-music/${id}/files`;
  return generatedSongSchema.parse({
    id,
    trackId: 'track-1',
    title: 'Rainy Tokyo Nights',
    prompt: 'a hopeful synth-pop song about rainy Tokyo nights',
    genre: 'Pop',
    mood: 'Energetic',
    styles: ['Synthwave'],
    tempo: 128,
    key: 'C',
    durationSeconds: 60,
    status: 'completed',
    progress: 100,
    stage: 'Done',
    queuePosition: null,
    error: null,
    createdAt: '2026-11-28T18:00:00.000Z',
    completedAt: '2026-11-28T18:00:20.000Z',
    liked: false,
    lyrics: '[Chorus]\nRainy Tokyo nights',
    vocals: 'spoken',
    vocalsNote: 'The words are spoken, not sung: this server has no singing voice.',
    sections: [
      { name: 'Intro', startSeconds: 0, endSeconds: 7.5 },
      { name: 'Verse 1', startSeconds: 7.5, endSeconds: 30 },
      { name: 'Chorus 1', startSeconds: 30, endSeconds: 60 },
    ],
    downloads: {
      mixWav: `${files}/mix.wav`,
      mixMp3: `${files}/mix.mp3`,
      midi: `${files}/song.mid`,
      lrc: `${files}/lyrics.lrc`,
      stems: [
        { name: 'Piano', url: `${files}/stems/piano.wav` },
        { name: 'Drums', url: `${files}/stems/drums.wav` },
      ],
    },
    provenance: null,
    ...overrides,
  });
}
