// The copyright check treats rights holders' reference recordings as references: a copy of one, or
// of a passage of it, holds the upload for review naming the reference by title and holder (never a
// conflict, never its id or files in the words), the holder's own upload is reported as theirs, and a
// GOOSE work still makes a conflict beside references. Short generated pieces on PGlite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pooledPglite } from '../../tests/support/pglite-pool';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { runFfmpeg } from './ffmpeg';
import { analyzeAudio, indexedSources, oracleMigrations, registerReference, registerWork } from './oracle';
import { music, writeWav } from './test-signals';

const SECONDS = 20;
let dir: string;
let db: Db;
const file = (name: string): string => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-oracle-references-'));
  for (const seed of [11, 12, 13]) await writeWav(file(`piece-${seed}.wav`), music({ seconds: SECONDS, seed, level: -9 }), 44_100, 2);
  await runFfmpeg(['-v', 'error', '-i', file('piece-11.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', '-y', file('copy-of-reference.mp3')]);
  await runFfmpeg(['-v', 'error', '-i', file('piece-12.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', '-y', file('copy-of-work.mp3')]);
  // A new piece with 5 s of the reference's recording (its 6–11 s) sampled into it at 6 s.
  await runFfmpeg([
    '-v', 'error', '-i', file('piece-13.wav'), '-i', file('piece-11.wav'),
    '-filter_complex', '[0:a]atrim=0:6[a];[1:a]atrim=6:11,asetpts=PTS-STARTPTS[b];[0:a]atrim=11:20,asetpts=PTS-STARTPTS[c];[a][b][c]concat=n=3:v=0:a=1',
    '-y', file('sampled-reference.wav'),
  ]);
  db = await pooledPglite();
  await migrate(db, oracleMigrations);
  await registerReference(db, { referenceId: 'ref-internal-7731', title: 'Night Ferry', holderId: 'holder-1', holderName: 'Harbour Records', file: file('piece-11.wav') });
  await registerWork(db, { workId: 'work-12', owner: 'alice', ownerName: 'alice_sings', title: 'Tide Lines', file: file('piece-12.wav') });
}, 60_000);

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the copyright check with reference recordings', () => {
  it('holds a copy of a reference for review, named by title and holder, and never as a conflict', async () => {
    const result = await analyzeAudio(file('copy-of-reference.mp3'), { db, ownerId: 'mallory' });
    expect(result.status).toBe('needs_review');
    expect(result.conflicts).toEqual([]);
    expect(result.passages).toEqual([]);
    expect(result.referenceMatches.map((m) => [m.referenceId, m.title, m.holderName, m.kind])).toEqual([['ref-internal-7731', 'Night Ferry', 'Harbour Records', 'recording']]);
    expect(result.referenceMatches[0]!.similarity).toBeGreaterThan(40);
    expect(result.referenceMatches[0]!.upload.endSeconds).toBeGreaterThan(15);
    // The score measures GOOSE works only: a reference holds the upload without moving it.
    expect(result.clearanceScore).toBeGreaterThanOrEqual(80);
    expect(result.reason).toMatch(/^This track matches “Night Ferry”, a reference recording of Harbour Records \(same recording, /);
    const words = [result.reason, ...result.recommendations].join(' ');
    expect(words).toContain('held by Harbour Records');
    expect(words).not.toMatch(/ref-internal|holder-1|\.wav/);
    expect(result.searched).toMatchObject({ works: 1, references: 1, referenceHolders: 1, acoustid: 'not_configured' });
  });

  it('holds an upload that samples a passage of a reference, naming the stretch in both', async () => {
    const result = await analyzeAudio(file('sampled-reference.wav'), { db, ownerId: 'mallory' });
    expect(result.status).toBe('needs_review');
    expect(result.conflicts).toEqual([]);
    expect(result.passages).toEqual([]);
    expect(result.referenceMatches.map((m) => [m.title, m.holderName, m.kind])).toEqual([['Night Ferry', 'Harbour Records', 'passage']]);
    const [match] = result.referenceMatches;
    expect(match!.upload.startSeconds).toBeCloseTo(6, -0.5);
    expect(match!.reference.startSeconds - match!.upload.startSeconds).toBeCloseTo(0, -0.5);
    expect(result.reason).toContain('a reference recording of Harbour Records (a copied passage');
  });

  it("reports the holder's own upload of their reference as theirs, without holding it", async () => {
    const result = await analyzeAudio(file('copy-of-reference.mp3'), { db, ownerId: 'holder-1' });
    expect(result.status).toBe('cleared');
    expect(result.referenceMatches).toEqual([]);
    expect(result.recommendations.join(' ')).toContain('Matches your own reference recording “Night Ferry”: reported as yours, not held.');
  });

  it('still finds a copy of a GOOSE work a conflict, with references in the index', async () => {
    const result = await analyzeAudio(file('copy-of-work.mp3'), { db, ownerId: 'mallory' });
    expect(result.status).toBe('conflict');
    expect(result.conflicts.map((c) => [c.workId, c.title, c.owner, c.kind])).toEqual([['work-12', 'Tide Lines', 'alice_sings', 'fingerprint']]);
    expect(result.referenceMatches).toEqual([]);
    expect(result.metrics.databaseComparison).toBe(0);
  });

  it('clears an unrelated piece, saying what it searched', async () => {
    const result = await analyzeAudio(file('piece-13.wav'), { db, ownerId: 'mallory' });
    expect(result.status).toBe('cleared');
    expect(result.referenceMatches).toEqual([]);
    expect(await indexedSources(db)).toEqual({ works: 1, references: 1, referenceHolders: 1 });
  });
});
