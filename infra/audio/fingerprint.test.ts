import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { measureLookupLatency, noisyQuery, seedSyntheticWorks, syntheticItems, syntheticWorkId } from '../../tests/support/synthetic-fingerprints';
import { postgresDb, type Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { runFfmpeg } from './ffmpeg';
import { FingerprintIndex, keyBucket } from './fingerprint-index';
import { oracleMigrations } from './oracle';
import {
  alignPhases,
  FINGERPRINT_SAMPLE_RATE,
  fingerprintFile,
  fingerprintPcm,
  fingerprintQueryFile,
  FRAME,
  HOP,
  ITEMS_PER_SECOND,
  MATCH_BER,
  PHASE_WINDOW_SECONDS,
  type Fingerprint,
} from './fingerprint';
import { music, random, writeWav } from './test-signals';

const postgresUp = await postgresAvailable();
const serverLabel = ((url: URL) => {
  if (url.password) url.password = '***';
  return url.toString();
})(new URL(TEST_DATABASE_URL));

// Three generated pieces at the same tempo and with the same instruments (a hard case for false
// positives), and six transformations of each that must still be found.
const WORKS = [1, 2, 3];
const VARIANTS: Record<string, string[]> = {
  'mp3 128k': ['-c:a', 'libmp3lame', '-b:a', '128k'],
  'aac 128k': ['-c:a', 'aac', '-b:a', '128k'],
  'first 10 s cut': ['-ss', '10'],
  '+6 dB': ['-af', 'volume=6dB'],
  '−6 dB': ['-af', 'volume=-6dB'],
  'mono downmix': ['-ac', '1'],
};

let dir: string;
const originals = new Map<number, Fingerprint>();
const variants: { work: number; variant: string; fp: Fingerprint[] }[] = [];
let unregistered: Fingerprint[];
// Longer than the phase window, so only phase 0 covers all of it.
const LONG_SECONDS = 100;
let longOriginal: Fingerprint;
let longCutMp3: Fingerprint[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-fp-'));
  for (const seed of WORKS) {
    const file = path.join(dir, `work-${seed}.wav`);
    await writeWav(file, music({ seconds: 30, seed, level: -9 }), 44_100, 2, 's16');
    originals.set(seed, await fingerprintFile(file));
    for (const [name, args] of Object.entries(VARIANTS)) {
      const ext = name.startsWith('mp3') ? 'mp3' : name.startsWith('aac') ? 'm4a' : 'wav';
      const out = path.join(dir, `work-${seed}-${Object.keys(VARIANTS).indexOf(name)}.${ext}`);
      const seek = args[0] === '-ss' ? args.slice(0, 2) : [];
      await runFfmpeg(['-v', 'error', ...seek, '-i', file, ...(seek.length ? args.slice(2) : args), '-y', out]);
      variants.push({ work: seed, variant: name, fp: await fingerprintQueryFile(out) });
    }
  }
  const other = path.join(dir, 'unregistered.wav');
  await writeWav(other, music({ seconds: 30, seed: 4, level: -9 }), 44_100, 2, 's16');
  unregistered = await fingerprintQueryFile(other);
  const long = path.join(dir, 'long.wav');
  await writeWav(long, music({ seconds: LONG_SECONDS, seed: 5, level: -9 }), 44_100, 2, 's16');
  longOriginal = await fingerprintFile(long);
  const longCopy = path.join(dir, 'long-cut.mp3');
  await runFfmpeg(['-v', 'error', '-ss', '10', '-i', long, '-c:a', 'libmp3lame', '-b:a', '128k', '-y', longCopy]);
  longCutMp3 = await fingerprintQueryFile(longCopy);
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fingerprint', () => {
  it('has about 8 items a second', () => {
    const fp = originals.get(1)!;
    expect(fp.itemsPerSecond).toBeCloseTo(8.08, 1);
    expect(fp.items.length).toBeGreaterThan(30 * 8 - 5);
  });

  it('computes the same items as a direct DFT of each frame (the fast FFT is only faster)', () => {
    const stereo = music({ seconds: 1.5, sampleRate: FINGERPRINT_SAMPLE_RATE, seed: 9 });
    const pcm = Float32Array.from({ length: stereo.length / 2 }, (_, i) => (stereo[2 * i]! + stereo[2 * i + 1]!) / 2);
    expect(fingerprintPcm(pcm).items).toEqual(directDftItems(pcm));
  });

  it('finds every transformed copy of a registered work, at the right offset', () => {
    let found = 0;
    const misses: string[] = [];
    for (const v of variants) {
      const a = alignPhases(v.fp, originals.get(v.work)!.items);
      const expectedOffset = v.variant === 'first 10 s cut' ? 10 * ITEMS_PER_SECOND : 0;
      if (a && a.bitErrorRate < MATCH_BER && Math.abs(a.offsetItems - expectedOffset) <= 1.5) found++;
      else misses.push(`${v.work}/${v.variant}: ${JSON.stringify(a)}`);
    }
    expect(misses).toEqual([]);
    expect(found / variants.length).toBe(1);
  });

  it('does not match different pieces (original or transformed)', () => {
    const falses: string[] = [];
    let pairs = 0;
    for (const v of variants) {
      for (const other of WORKS.filter((w) => w !== v.work)) {
        pairs++;
        const a = alignPhases(v.fp, originals.get(other)!.items);
        if (a && a.bitErrorRate < MATCH_BER) falses.push(`${v.work}/${v.variant} vs ${other}: ${a.bitErrorRate.toFixed(3)}`);
      }
    }
    expect(pairs).toBe(36);
    expect(falses).toEqual([]);
  });

  it('never indexes the items of silence, which every work shares', () => {
    const silence = fingerprintPcm(new Float32Array(10 * FINGERPRINT_SAMPLE_RATE)).items;
    expect(silence.length).toBeGreaterThan(70);
    expect([...silence].filter((item) => keyBucket(item) >= 0)).toEqual([]);
    expect(originals.get(1)!.items.filter((item) => keyBucket(item) >= 0).length).toBeGreaterThan(30);
  });

  it('searches sub-hop phases in a window of a long query, and reports offsets on the whole track', () => {
    expect(LONG_SECONDS).toBeGreaterThan(PHASE_WINDOW_SECONDS * 2);
    const [whole, ...windowed] = longCutMp3;
    expect(whole!.durationSeconds).toBeCloseTo(LONG_SECONDS - 10, 0);
    for (const phase of windowed) {
      expect(phase.items.length).toBeCloseTo(PHASE_WINDOW_SECONDS * ITEMS_PER_SECOND, -1);
      expect(phase.firstItem).toBeGreaterThan(0);
    }
    const a = alignPhases(longCutMp3, longOriginal.items);
    expect(a?.bitErrorRate).toBeLessThan(MATCH_BER);
    expect(Math.abs(a!.offsetItems - 10 * ITEMS_PER_SECOND)).toBeLessThanOrEqual(1.5);
  });
});

/** The fingerprint by definition: band energies from a DFT of each Hann-windowed frame. */
function directDftItems(pcm: Float32Array): Uint32Array {
  // Local copies: under vitest an imported binding is a getter call, too slow for the inner loop.
  const size = FRAME;
  const hop = HOP;
  const bands = 33;
  const bin = (b: number): number => Math.round((300 * 10 ** (b / bands) * size) / FINGERPRINT_SAMPLE_RATE);
  const frames = Math.floor((pcm.length - size) / hop) + 1;
  const cos = Float64Array.from({ length: size }, (_, j) => Math.cos((2 * Math.PI * j) / size));
  const sin = Float64Array.from({ length: size }, (_, j) => Math.sin((2 * Math.PI * j) / size));
  const energies: number[][] = [];
  for (let n = 0; n < frames; n++) {
    const frame = Float64Array.from({ length: size }, (_, i) => pcm[n * hop + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size)));
    energies.push(
      Array.from({ length: bands }, (_, b) => {
        let e = 0;
        for (let k = bin(b); k < Math.max(bin(b + 1), bin(b) + 1); k++) {
          let re = 0;
          let im = 0;
          for (let i = 0; i < size; i++) {
            re += frame[i]! * cos[(k * i) & (size - 1)]!;
            im -= frame[i]! * sin[(k * i) & (size - 1)]!;
          }
          e += re * re + im * im;
        }
        return e;
      }),
    );
  }
  return Uint32Array.from({ length: frames - 1 }, (_, m) => {
    let item = 0;
    for (let b = 0; b < bands - 1; b++) {
      const now = energies[m + 1]![b]! - energies[m + 1]![b + 1]!;
      const before = energies[m]![b]! - energies[m]![b + 1]!;
      if (now - before > 0) item |= 1 << b;
    }
    return item >>> 0;
  });
}

const SYNTHETIC_WORKS = 3000;

function describeIndex(label: string, open: () => Promise<{ db: Db; drop?: () => Promise<void> }>): void {
  describe(`FingerprintIndex among ${SYNTHETIC_WORKS} synthetic works on ${label}`, () => {
    let db: Db;
    let drop: (() => Promise<void>) | undefined;
    let index: FingerprintIndex;
    beforeAll(async () => {
      ({ db, drop } = await open());
      await migrate(db, oracleMigrations);
      index = new FingerprintIndex(db);
      await seedSyntheticWorks(db, SYNTHETIC_WORKS);
      for (const seed of WORKS) await index.register(`work-${seed}`, `owner-${seed}`, originals.get(seed)!);
      await index.register('work-long', 'owner-long', longOriginal);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await drop?.();
    });

    it('finds each transformed copy as its own work, and only that work, at the right offset', async () => {
      const wrong: string[] = [];
      for (const v of [...variants, { work: 'long', variant: 'first 10 s cut, mp3', fp: longCutMp3 }]) {
        const { matches, recordsScanned } = await index.lookup(v.fp);
        expect(recordsScanned).toBe(SYNTHETIC_WORKS + WORKS.length + 1);
        const expectedOffset = v.variant.startsWith('first 10 s cut') ? 10 * ITEMS_PER_SECOND : 0;
        const ids = matches.map((m) => m.workId);
        const first = matches[0];
        if (ids.length !== 1 || ids[0] !== `work-${v.work}` || first!.owner !== `owner-${v.work}` || Math.abs(first!.offsetItems - expectedOffset) > 1.5) {
          wrong.push(`${v.work}/${v.variant}: ${JSON.stringify(matches)}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('finds nothing for a piece that is not registered', async () => {
      const { matches, keyHits } = await index.lookup(unregistered);
      expect(matches).toEqual([]);
      expect(keyHits).toBeLessThan(100);
    });

    it('finds noisy excerpts of synthetic works, and nothing for unregistered random items', async () => {
      const result = await measureLookupLatency(index, SYNTHETIC_WORKS, 20);
      expect(result.seededFound).toBe(result.seededQueries);
      expect(result.unregisteredMatched).toBe(0);
      const rand = random(7);
      const excerpt = noisyQuery(syntheticItems(42), 500, 240, rand);
      const { matches } = await index.lookup(excerpt);
      expect(matches.map((m) => [m.workId, m.offsetItems])).toEqual([[syntheticWorkId(42), 500]]);
    });

    it('registering a work again replaces its fingerprint', async () => {
      await index.register('work-1', 'owner-1', originals.get(2)!);
      const before = await index.lookup(variants.find((v) => v.work === 1 && v.variant === 'mp3 128k')!.fp);
      const after = await index.lookup(variants.find((v) => v.work === 2 && v.variant === 'mp3 128k')!.fp);
      await index.register('work-1', 'owner-1', originals.get(1)!);
      expect(before.matches).toEqual([]);
      expect(after.matches.map((m) => m.workId).sort()).toEqual(['work-1', 'work-2']);
      expect(await index.count()).toBe(SYNTHETIC_WORKS + WORKS.length + 1);
    });
  });
}

describeIndex('PGlite (in memory)', async () => ({ db: await pooledPglite() }));

if (postgresUp) {
  let database: TestDatabase;
  describeIndex(`a real Postgres server (${serverLabel})`, async () => {
    database = await createTestDatabase();
    return { db: postgresDb(database.url), drop: () => database.drop() };
  });
} else {
  describe(`FingerprintIndex on a real Postgres server (skipped: no Postgres server at ${serverLabel})`, () => {
    it.skip('finds registered works among synthetic ones on a real Postgres server', () => {});
  });
}
