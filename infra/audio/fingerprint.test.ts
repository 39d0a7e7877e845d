import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { runFfmpeg } from './ffmpeg';
import { FingerprintIndex, fingerprintIndexMigrations } from './fingerprint-index';
import { alignPhases, fingerprintFile, fingerprintQueryFile, ITEMS_PER_SECOND, MATCH_BER, type Fingerprint } from './fingerprint';
import { music, writeWav } from './test-signals';

// Three generated pieces at the same tempo and with the same instruments (a hard case for false
// positives), and five transformations of each that must still be found.
const WORKS = [1, 2, 3];
const VARIANTS: Record<string, string[]> = {
  'mp3 128k': ['-c:a', 'libmp3lame', '-b:a', '128k'],
  'first 10 s cut': ['-ss', '10'],
  '+6 dB': ['-af', 'volume=6dB'],
  '−6 dB': ['-af', 'volume=-6dB'],
  'mono downmix': ['-ac', '1'],
};

let dir: string;
const originals = new Map<number, Fingerprint>();
const variants: { work: number; variant: string; fp: Fingerprint[] }[] = [];
let unregistered: Fingerprint[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-fp-'));
  for (const seed of WORKS) {
    const file = path.join(dir, `work-${seed}.wav`);
    await writeWav(file, music({ seconds: 30, seed, level: -9 }), 44_100, 2, 's16');
    originals.set(seed, await fingerprintFile(file));
    for (const [name, args] of Object.entries(VARIANTS)) {
      const ext = name.startsWith('mp3') ? 'mp3' : 'wav';
      const out = path.join(dir, `work-${seed}-${Object.keys(VARIANTS).indexOf(name)}.${ext}`);
      const seek = args[0] === '-ss' ? args.slice(0, 2) : [];
      await runFfmpeg(['-v', 'error', ...seek, '-i', file, ...(seek.length ? args.slice(2) : args), '-y', out]);
      variants.push({ work: seed, variant: name, fp: await fingerprintQueryFile(out) });
    }
  }
  const other = path.join(dir, 'unregistered.wav');
  await writeWav(other, music({ seconds: 30, seed: 4, level: -9 }), 44_100, 2, 's16');
  unregistered = await fingerprintQueryFile(other);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fingerprint', () => {
  it('has about 8 items a second', () => {
    const fp = originals.get(1)!;
    expect(fp.itemsPerSecond).toBeCloseTo(8.08, 1);
    expect(fp.items.length).toBeGreaterThan(30 * 8 - 5);
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
    expect(pairs).toBe(30);
    expect(falses).toEqual([]);
  });
});


describe('FingerprintIndex (PGlite)', () => {
  let db: Db;
  let index: FingerprintIndex;
  beforeAll(async () => {
    db = await pgliteDb();
    await migrate(db, fingerprintIndexMigrations);
    index = new FingerprintIndex(db);
    for (const seed of WORKS) await index.register(`work-${seed}`, `owner-${seed}`, originals.get(seed)!);
  });
  afterAll(async () => {
    await db.close();
  });

  it('finds each transformed copy as its own work, and only that work', async () => {
    const wrong: string[] = [];
    for (const v of variants) {
      const { matches, recordsScanned } = await index.lookup(v.fp);
      expect(recordsScanned).toBe(3);
      const ids = matches.map((m) => m.workId);
      if (ids.length !== 1 || ids[0] !== `work-${v.work}` || matches[0]!.owner !== `owner-${v.work}`) wrong.push(`${v.work}/${v.variant}: ${ids.join(',')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('finds nothing for a piece that is not registered', async () => {
    const { matches } = await index.lookup(unregistered);
    expect(matches).toEqual([]);
  });
});
