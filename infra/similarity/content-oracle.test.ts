// The copyright check across content kinds, on PGlite: images and texts against the registered
// works of their kind, a video through its audio track, and an honest "not available" where no
// check exists. The audio oracle's own behaviour is specified in infra/audio/oracle.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../audio/ffmpeg';
import { AudioTooShortError, registerWork } from '../audio/oracle';
import { music, writeWav } from '../audio/test-signals';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { analyzeContent, contentOracleMigrations } from './content-oracle';

let dir: string;
let db: Db;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-content-oracle-'));
  db = await pooledPglite();
  await migrate(db, contentOracleMigrations);
  await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'mandelbrot=size=640x480', '-frames:v', '1', '-y', file('painting.png')]);
  await runFfmpeg(['-v', 'error', '-i', file('painting.png'), '-vf', 'scale=300:225', '-q:v', '10', '-y', file('painting-copy.jpg')]);
  await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'life=seed=11:ratio=0.5:size=640x480', '-frames:v', '1', '-y', file('other.png')]);
}, 60_000);

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const STORY = `It was the last ferry of the season, and the harbour master walked the length of the pier
twice before he let it go, counting the crates, counting the passengers, counting the gulls that
followed it out past the breakwater until the fog took them all and the bell on the point was the
only thing left to say that anyone had ever been there at all.`;

describe('images', () => {
  it('registers a cleared image, then flags another owner’s resized, recompressed copy as a conflict but not the owner’s own', async () => {
    const first = await analyzeContent(file('painting.png'), { db, extension: 'png', ownerId: 'ada', registerAs: { workId: 'painting', title: 'Painting', ownerName: 'ada_art' } });
    expect(first).toMatchObject({ contentKind: 'image', status: 'cleared', registeredWorkId: 'painting', databasesChecked: 1, recordsScanned: 0, conflicts: [] });
    expect(first.clearanceScore).toBe(100);
    expect(first.contentFingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(first.metrics).toMatchObject({ aiPatternRecognition: null, networkConsensus: null });

    const copy = await analyzeContent(file('painting-copy.jpg'), { db, extension: 'jpg', ownerId: 'bob', registerAs: { workId: 'copy', title: 'Copy', ownerName: 'bob_copies' } });
    expect(copy.status).toBe('conflict');
    expect(copy.conflicts).toMatchObject([{ workId: 'painting', title: 'Painting', owner: 'ada_art', kind: 'perceptual_hash' }]);
    expect(copy.reason).toMatch(/^Same image as “Painting” by ada_art, registered \d{1,2} [A-Z][a-z]{2} \d{4} /);
    expect(copy.clearanceScore).toBeLessThan(80);
    expect(copy.registeredWorkId).toBeNull();
    expect(copy.recordsScanned).toBe(1);

    const own = await analyzeContent(file('painting-copy.jpg'), { db, extension: 'jpg', ownerId: 'ada' });
    expect(own.status).not.toBe('conflict');
    expect(own.ownWorks.map((w) => w.workId)).toEqual(['painting']);

    const other = await analyzeContent(file('other.png'), { db, extension: 'png', ownerId: 'bob' });
    expect(other).toMatchObject({ status: 'cleared', conflicts: [], recordsScanned: 1 });
  });
});

describe('texts', () => {
  it('flags another owner’s reflowed copy of a registered text, and clears an unrelated one', async () => {
    await writeFile(file('story.txt'), STORY);
    await writeFile(file('story-copy.txt'), STORY.replaceAll('\n', ' ').toUpperCase());
    await writeFile(file('recipe.txt'), 'Soak the beans overnight, then simmer them with garlic, bay and a little salt for two hours.');

    expect((await analyzeContent(file('story.txt'), { db, extension: 'txt', ownerId: 'ada', registerAs: { workId: 'story', title: 'Story', ownerName: 'ada_art' } })).status).toBe('cleared');
    const copy = await analyzeContent(file('story-copy.txt'), { db, extension: 'txt', ownerId: 'bob' });
    expect(copy).toMatchObject({ contentKind: 'text', status: 'conflict', conflicts: [{ workId: 'story', title: 'Story', owner: 'ada_art', similarity: 100, kind: 'text_shingles' }] });
    expect(copy.contentFingerprint).toMatch(/^minhash-[0-9a-f]{24}$/);

    const recipe = await analyzeContent(file('recipe.txt'), { db, extension: 'txt', ownerId: 'bob' });
    expect(recipe).toMatchObject({ status: 'cleared', conflicts: [], recordsScanned: 1 });
  });
});

describe('audio', () => {
  it('refuses audio shorter than the oracle can analyse with its own error, naming both lengths', async () => {
    await writeWav(file('blip.wav'), music({ seconds: 2, seed: 7 }), 44_100, 2);
    const refused = analyzeContent(file('blip.wav'), { db, extension: 'wav', ownerId: 'bob' });
    await expect(refused).rejects.toBeInstanceOf(AudioTooShortError);
    await expect(refused).rejects.toThrow('The audio is too short to analyse: 2.0 s (the copyright check needs at least 3 s)');
  });
});

describe('video', () => {
  it('checks the audio track of a video against registered music', async () => {
    await writeWav(file('song.wav'), music({ seconds: 20, seed: 42, level: -9 }), 44_100, 2);
    await registerWork(db, { workId: 'song', owner: 'ada', ownerName: 'ada_art', title: 'Song', file: file('song.wav') });
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-i', file('song.wav'), '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', '-b:a', '128k', '-y', file('clip.mp4')]);

    const result = await analyzeContent(file('clip.mp4'), { db, extension: 'mp4', ownerId: 'bob' });
    expect(result.contentKind).toBe('video');
    expect(result.status).toBe('conflict');
    expect(result.conflicts.map((c) => c.workId)).toEqual(['song']);
    expect(result.notChecked).toEqual(['Only the audio track was analysed; the pictures of the video were not compared.']);
  }, 60_000);

  it('says the check is not available for a video without sound', async () => {
    await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-t', '3', '-c:v', 'mpeg4', '-y', file('silent.mp4')]);
    const result = await analyzeContent(file('silent.mp4'), { db, extension: 'mp4', ownerId: 'bob' });
    expect(result).toMatchObject({ contentKind: 'video', status: 'not_available', clearanceScore: null, databasesChecked: 0, recordsScanned: 0 });
    expect(result.notChecked[0]).toMatch(/no audio track/);
  });
});

describe('documents', () => {
  it('says plainly that PDF and Word documents are not compared, and never registers them', async () => {
    await writeFile(file('contract.pdf'), '%PDF-1.4 not really analysed');
    const result = await analyzeContent(file('contract.pdf'), { db, extension: 'pdf', ownerId: 'ada', registerAs: { workId: 'contract', title: 'Contract', ownerName: 'ada_art' } });
    expect(result).toMatchObject({ contentKind: 'document', status: 'not_available', clearanceScore: null, registeredWorkId: null, recordsScanned: 0 });
    expect(result.notChecked[0]).toMatch(/PDF documents are not compared/);
  });
});
