// A variation (the same request, the next seed) is another take on the same brief: the copyright
// oracle must not hear it as a copy of the original. The request is the one whose variation the
// oracle matched by acoustic fingerprint before the seed picked the band (composer 1.1.0: 53.8 %).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSeed, songRequestSchema } from '../../domain/contracts/creation';
import { composeSong, variationSeed } from '../../domain/creation/composer';
import { toMidi } from '../../domain/creation/midi';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { analyzeContent, contentOracleMigrations } from '../similarity/content-oracle';
import { renderSong } from './render-song';

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-variation-'));
  db = await pooledPglite();
  await migrate(db, contentOracleMigrations);
}, 60_000);

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a variation', () => {
  it('is not a copy of its original by the copyright oracle', async () => {
    const request = songRequestSchema.parse({ prompt: 'variation check', genre: 'Pop', mood: 'Happy', selectedStyles: ['Synthwave'], key: 'C', tempo: 80, duration: 30 });
    const seeds = [requestSeed(request), variationSeed(requestSeed(request))];
    const files = await Promise.all(
      seeds.map(async (seed, take) => {
        const outDir = path.join(dir, `take-${take}`);
        const render = await renderSong(toMidi(composeSong(request, { seed })), { outDir, durationSeconds: request.duration, mp3: false });
        return path.join(outDir, render.files.mixWav.path);
      }),
    );
    const original = await analyzeContent(files[0]!, { db, extension: 'wav', ownerId: 'ada', registerAs: { workId: 'original', title: 'Original', ownerName: 'ada' } });
    expect(original.status).toBe('cleared');
    const variation = await analyzeContent(files[1]!, { db, extension: 'wav', ownerId: 'bob' });
    expect(variation.conflicts).toEqual([]);
    expect(variation.status).toBe('cleared');
  }, 120_000);
});
