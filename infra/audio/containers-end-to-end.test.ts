// Mastering and the copyright check run whole on uploads in the containers most likely to trip
// them: AAC in M4A, Opus at 48 kHz, Windows Media, and the soundtrack of MP4 and WebM videos.
// (Every container's decode, and that its fingerprint matches the original's, is checked in
// decode-containers.test.ts; this runs the full engines.)
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTAINERS, encodeContainers, PIECE_SECONDS, type EncodedContainer } from '../../tests/support/containers';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { analyzeContent, contentOracleMigrations } from '../similarity/content-oracle';
import { masterTrack } from './mastering';

const CHOSEN = ['m4a (AAC)', 'opus', 'wma', 'mp4 video (MPEG-4 + AAC)', 'webm video (VP8 + Opus)'];

let dir: string;
let reference: string;
let encoded: EncodedContainer[];
let db: Db;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-containers-e2e-'));
  ({ reference, encoded } = await encodeContainers(dir, CONTAINERS.filter((c) => CHOSEN.includes(c.name))));
  db = await pooledPglite();
  await migrate(db, contentOracleMigrations);
}, 120_000);

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('whole engines on compressed containers and videos', () => {
  it.each(CHOSEN)('masters %s', async (name) => {
    const container = encoded.find((c) => c.name === name)!;
    const result = await masterTrack(container.file, { style: 'balanced', loudness: 'medium', format: 'wav', outDir: path.join(dir, 'masters'), name: `master-${CHOSEN.indexOf(name)}` });
    expect((await stat(result.files.master)).size).toBeGreaterThan(PIECE_SECONDS * 44_100 * 2 * 2);
    expect(result.lufs).toBeGreaterThan(-20);
    expect(result.lufs).toBeLessThan(-8);
  }, 120_000);

  it('the copyright check analyses each (a video by its soundtrack) and finds the registered original in it', async () => {
    const original = await analyzeContent(reference, { db, extension: 'wav', ownerId: 'alice', registerAs: { workId: 'piece-7', title: 'Piece 7', ownerName: 'alice' } });
    expect(original.status).toBe('cleared');
    const wrong: string[] = [];
    for (const container of encoded) {
      const analysis = await analyzeContent(container.file, { db, extension: container.extension, ownerId: 'bob' });
      const kind = container.video ? 'video' : 'audio';
      const found = analysis.status === 'conflict' && analysis.conflicts.some((c) => c.workId === 'piece-7');
      if (analysis.contentKind !== kind || !found) wrong.push(`${container.name}: ${analysis.contentKind} ${analysis.status} ${analysis.reason}`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
