// Non-audio similarity: perceptual image hashes and shingled text signatures, alone and through the
// registry index on PGlite and on the real Postgres server. Test images are drawn by ffmpeg's own
// sources; copies are resized, re-encoded and brightened versions of them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { runFfmpeg } from '../audio/ffmpeg';
import { postgresDb, type Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { contentIndexMigrations, nearestImages, nearestTexts, registerImageWork, registerTextWork } from './content-index';
import { formatImageHash, hammingDistance, IMAGE_MATCH_DISTANCE, imageHashFile } from './image-hash';
import { signatureSimilarity, TEXT_MATCH_SIMILARITY, textSignature } from './text-shingles';

const SOURCES = ['testsrc2', 'smptehdbars', 'mandelbrot', 'life=seed=7:ratio=0.4:mold=10', 'sierpinski=seed=3', 'cellauto=rule=110'];

let dir: string;
const originals: string[] = [];
const copies: string[] = [];

async function draw(source: string, file: string): Promise<void> {
  const sized = `${source}${source.includes('=') ? ':' : '='}size=640x480`;
  await runFfmpeg(['-v', 'error', '-f', 'lavfi', '-i', sized, '-frames:v', '1', '-y', file]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-similarity-'));
  for (const [i, source] of SOURCES.entries()) {
    const original = path.join(dir, `original-${i}.png`);
    await draw(source, original);
    const copy = path.join(dir, `copy-${i}.jpg`);
    // Half the size, heavy JPEG compression, a little brighter: what a re-upload of a found copy looks like.
    await runFfmpeg(['-v', 'error', '-i', original, '-vf', 'scale=320:240,eq=brightness=0.06', '-q:v', '12', '-y', copy]);
    originals.push(original);
    copies.push(copy);
  }
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('perceptual image hash', () => {
  it('gives a resized, recompressed, brightened copy a hash within the match distance of its original', async () => {
    for (let i = 0; i < originals.length; i++) {
      const distance = hammingDistance(await imageHashFile(originals[i]!), await imageHashFile(copies[i]!));
      expect(distance, `image ${SOURCES[i]}`).toBeLessThanOrEqual(IMAGE_MATCH_DISTANCE);
    }
  });

  it('keeps different pictures far apart', async () => {
    const hashes = await Promise.all(originals.map((file) => imageHashFile(file)));
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        expect(hammingDistance(hashes[i]!, hashes[j]!), `${SOURCES[i]} vs ${SOURCES[j]}`).toBeGreaterThan(IMAGE_MATCH_DISTANCE);
      }
    }
    expect(formatImageHash(hashes[0]!)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses a file that is not an image', async () => {
    const notAnImage = path.join(dir, 'not-an-image.png');
    await writeFile(notAnImage, 'plain words, no pixels');
    await expect(imageHashFile(notAnImage)).rejects.toThrow();
  });
});

const POEM = `The river keeps no record of the boats that crossed it in the night, only the slow
turning of the water and the cold light of the lamps along the quay. We stood there counting the
bells from the far church, and every bell was a year we had not spoken, and every year was lighter
than the one before, until the last of them rose like smoke above the roofs and did not come down.`;

const OTHER = `Preheat the oven to two hundred degrees. Whisk the eggs with the sugar until pale, fold in
the flour and the melted butter, pour the batter into the tin and bake for twenty five minutes, until
a skewer pushed into the middle comes out clean. Leave it to cool before turning it out.`;

describe('shingled text signature', () => {
  it('finds a reflowed, re-punctuated copy with a few words changed, and not a different text', () => {
    const copy = POEM.toUpperCase().replaceAll('\n', ' ').replaceAll(',', ';').replace('cold light', 'pale light').replace('far church', 'old church');
    const original = textSignature(POEM);
    expect(signatureSimilarity(original.minhash, textSignature(copy).minhash)).toBeGreaterThanOrEqual(TEXT_MATCH_SIMILARITY);
    expect(signatureSimilarity(original.minhash, textSignature(OTHER).minhash)).toBeLessThan(0.1);
    expect(original.words).toBe(POEM.split(/\s+/).filter(Boolean).length);
  });
});

const postgresUp = await postgresAvailable();
const backends: [string, (() => Promise<{ db: Db; database?: TestDatabase }>) | null][] = [
  ['PGlite', async () => ({ db: await pooledPglite() })],
  [
    'a real Postgres server',
    postgresUp
      ? async () => {
          const database = await createTestDatabase();
          return { db: postgresDb(database.url), database };
        }
      : null,
  ],
];

for (const [name, open] of backends) {
  const label = open ? `content index on ${name}` : `content index on ${name} (skipped: no Postgres server at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')})`;
  describe(label, () => {
    if (!open) {
      it.skip('registers images and texts and finds their copies', () => {});
      return;
    }
    let db: Db;
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      ({ db, database } = await open());
      await migrate(db, contentIndexMigrations);
    });
    afterAll(async () => {
      await db.close();
      await database?.drop();
    });

    it('finds the registered original of an image copy among every registered image, and counts them', async () => {
      const ids = originals.map(() => randomUUID());
      for (const [i, file] of originals.entries()) await registerImageWork(db, { workId: ids[i]!, owner: `owner-${i}`, ownerName: `name-${i}`, title: `Picture ${i}`, hash: await imageHashFile(file) });

      const lookup = await nearestImages(db, await imageHashFile(copies[2]!));
      expect(lookup.recordsScanned).toBe(originals.length);
      expect(lookup.nearest).toHaveLength(originals.length);
      expect(lookup.nearest[0]).toMatchObject({ workId: ids[2], ownerId: 'owner-2', owner: 'name-2', title: 'Picture 2' });
      expect(lookup.nearest[0]!.similarity).toBeGreaterThanOrEqual(1 - IMAGE_MATCH_DISTANCE / 64);
      expect(lookup.nearest[1]!.similarity).toBeLessThan(1 - IMAGE_MATCH_DISTANCE / 64);
    });

    it('ranks the registered original of a text copy first, and nothing near an unrelated text', async () => {
      const poemId = randomUUID();
      await registerTextWork(db, { workId: poemId, owner: 'poet', ownerName: 'the_poet', title: 'Poem', minhash: textSignature(POEM).minhash });
      await registerTextWork(db, { workId: randomUUID(), owner: 'baker', ownerName: 'the_baker', title: 'Recipe', minhash: textSignature(OTHER).minhash });

      const copy = await nearestTexts(db, textSignature(`${POEM} And that was all.`).minhash);
      expect(copy.nearest[0]).toMatchObject({ workId: poemId, ownerId: 'poet', owner: 'the_poet' });
      expect(copy.nearest[0]!.similarity).toBeGreaterThanOrEqual(TEXT_MATCH_SIMILARITY);
      expect(copy.nearest[1]!.similarity).toBeLessThan(0.1);
      expect(copy.recordsScanned).toBe(2);

      const unrelated = await nearestTexts(db, textSignature('A completely different note about train timetables and platform changes on Sunday.').minhash);
      expect(unrelated.nearest.every((n) => n.similarity < 0.1)).toBe(true);
    });
  });
}
