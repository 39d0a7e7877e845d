// The oracle end to end: generated pieces are registered by their owners, then copies made with
// ffmpeg (re-encoded, cut, louder, quieter, downmixed, transposed, time-stretched) and new pieces are
// analysed by other uploaders, on PGlite and on the real Postgres server when there is one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { pgliteDb, postgresDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { runFfmpeg } from './ffmpeg';
import { analyzeAudio, CLEARANCE_THRESHOLD, ORACLE_STAGES, oracleMigrations, registerWork, type MatchKind, type OracleProgress } from './oracle';
import { music, writeWav, type MusicOptions } from './test-signals';

const SECONDS = 30;
/** Registered works: seed → owner. */
const REGISTERED = new Map([
  [1, 'alice'],
  [2, 'bob'],
  [3, 'carol'],
]);

const FINGERPRINT_COPIES: [string, string[], number][] = [
  ['mp3 at 128 kbps', ['-c:a', 'libmp3lame', '-b:a', '128k'], 0],
  ['first 10 s cut off', ['-ss', '10'], 10],
  ['+6 dB', ['-af', 'volume=6dB'], 0],
  ['−6 dB', ['-af', 'volume=-6dB'], 0],
  ['mono downmix', ['-ac', '1'], 0],
];

const semitoneShift = (semitones: number): string => `asetrate=44100*${2 ** (semitones / 12)},aresample=44100,atempo=${1 / 2 ** (semitones / 12)}`;
/** Copies the fingerprint misses: [name, how it is made, expected kind, semitones]. */
const DESCRIPTOR_COPIES: [string, { filter: string } | MusicOptions, MatchKind, number][] = [
  ['pitch-shifted +3 semitones', { filter: semitoneShift(3) }, 'transposed', 3],
  ['pitch-shifted −2 semitones', { filter: semitoneShift(-2) }, 'transposed', -2],
  ['time-stretched to 108 %', { filter: 'atempo=1.08' }, 'tempo_changed', 0],
  ['time-stretched to 94 %', { filter: 'atempo=0.94' }, 'tempo_changed', 0],
  ['re-performed +4 semitones at 112 bpm', { seconds: SECONDS, seed: 1, transpose: 4, bpm: 112 }, 'transposed_tempo_changed', 4],
];

const NEW_PIECES = [4, 5, 6];

let dir: string;
const file = (name: string): string => path.join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'goose-oracle-'));
  for (const seed of [...REGISTERED.keys(), ...NEW_PIECES]) await writeWav(file(`work-${seed}.wav`), music({ seconds: SECONDS, seed, level: -9 }), 44_100, 2);
  for (const [name, args] of FINGERPRINT_COPIES) {
    const seek = args[0] === '-ss' ? args.slice(0, 2) : [];
    const out = file(`fp-${FINGERPRINT_COPIES.findIndex(([n]) => n === name)}.${name.startsWith('mp3') ? 'mp3' : 'wav'}`);
    await runFfmpeg(['-v', 'error', ...seek, '-i', file('work-1.wav'), ...args.slice(seek.length), '-y', out]);
  }
  for (const [index, [, how]] of DESCRIPTOR_COPIES.entries()) {
    const out = file(`desc-${index}.wav`);
    if ('filter' in how) await runFfmpeg(['-v', 'error', '-i', file('work-1.wav'), '-af', how.filter, '-y', out]);
    else await writeWav(out, music({ ...how, level: -9 }), 44_100, 2);
  }
  await runFfmpeg(['-v', 'error', '-i', file('work-2.wav'), '-c:a', 'libmp3lame', '-b:a', '128k', '-y', file('own-reupload.mp3')]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function describeOracle(name: string, open: () => Promise<{ db: Db; cleanup(): Promise<void> }>): void {
  describe(name, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ db, cleanup } = await open());
      await migrate(db, oracleMigrations);
      for (const [seed, owner] of REGISTERED) await registerWork(db, { workId: `work-${seed}`, owner, file: file(`work-${seed}.wav`) });
    });
    afterAll(async () => {
      await cleanup();
    });

    it('clears a new piece, reporting the eight stages in order and counting the records it really compared', async () => {
      const events: OracleProgress[] = [];
      const result = await analyzeAudio(file('work-4.wav'), { db, ownerId: 'dave', onProgress: (p) => events.push(p) });
      expect(events.map((e) => `${e.state} ${e.stage}`)).toEqual(ORACLE_STAGES.flatMap((stage) => [`started ${stage}`, `completed ${stage}`]));
      expect(events.map((e) => e.step)).toEqual(ORACLE_STAGES.flatMap((_, i) => [i + 1, i + 1]));
      expect(result.status).toBe('cleared');
      expect(result.clearanceScore).toBeGreaterThanOrEqual(CLEARANCE_THRESHOLD);
      expect(result.conflicts).toEqual([]);
      expect(result.reason).toBeNull();
      expect(result.databasesChecked).toBe(2);
      expect(result.indexes).toEqual([
        { name: 'acoustic-fingerprint', records: REGISTERED.size },
        { name: 'descriptor', records: REGISTERED.size },
      ]);
      expect(result.recordsScanned).toBe(2 * REGISTERED.size);
      expect(result.audioFingerprint).toMatch(/^gfp1-\d+-[0-9a-f]{24}$/);
      expect(result.melodicId).toMatch(/^mel-[0-9a-f]{12}$/);
      expect(result.harmonicId).toMatch(/^har-[0-9a-f]{12}$/);
      expect(result.rhythmicId).toMatch(/^rhy-[0-9a-f]{12}$/);
      const { uniqueness, aiPatternRecognition, networkConsensus, databaseComparison } = result.metrics;
      expect(result.clearanceScore).toBeCloseTo((uniqueness + aiPatternRecognition + networkConsensus + databaseComparison) / 4, 0);
    });

    it.each(FINGERPRINT_COPIES)("finds alice's work re-uploaded by mallory as %s: a fingerprint conflict", async (variant, _, offsetSeconds) => {
      const result = await analyzeAudio(file(`fp-${FINGERPRINT_COPIES.findIndex(([n]) => n === variant)}.${variant.startsWith('mp3') ? 'mp3' : 'wav'}`), { db, ownerId: 'mallory' });
      expect(result.status).toBe('conflict');
      expect(result.clearanceScore).toBeLessThan(CLEARANCE_THRESHOLD);
      expect(result.metrics.databaseComparison).toBe(0);
      expect(result.conflicts.map((c) => [c.workId, c.owner, c.kind])).toEqual([['work-1', 'alice', 'fingerprint']]);
      expect(result.conflicts[0]!.offsetSeconds).toBeCloseTo(offsetSeconds, 0);
      expect(result.conflicts[0]!.similarity).toBeGreaterThan(40);
      expect(result.reason).toContain('work-1 by alice');
    });

    it.each(DESCRIPTOR_COPIES.map(([variant, , kind, semitones], index) => [variant, kind, semitones, index] as const))(
      "finds alice's work %s: a %s conflict through descriptor similarity",
      async (_, kind, semitones, index) => {
      const result = await analyzeAudio(file(`desc-${index}.wav`), { db, ownerId: 'mallory' });
      expect(result.status).toBe('conflict');
      expect(result.clearanceScore).toBeLessThan(CLEARANCE_THRESHOLD);
      expect(result.metrics.aiPatternRecognition).toBe(0);
      expect(result.conflicts.map((c) => [c.workId, c.owner, c.kind, c.semitones])).toEqual([['work-1', 'alice', kind, semitones]]);
        // The processed copies start where the work starts; the re-performed loop may align with
        // any repetition of its 16-beat pattern, equally right.
        if ('filter' in DESCRIPTOR_COPIES[index]![1]) expect(Math.abs(result.conflicts[0]!.offsetSeconds)).toBeLessThan(0.6);
        expect(result.reason).toContain('Same music as registered work work-1 by alice');
      },
    );

    it("does not hold the owner's own re-upload against them, but reports it", async () => {
      const result = await analyzeAudio(file('own-reupload.mp3'), { db, ownerId: 'bob' });
      expect(result.conflicts).toEqual([]);
      expect(result.status).toBe('cleared');
      expect(result.ownWorks.map((w) => [w.workId, w.kind])).toEqual([['work-2', 'fingerprint']]);
      const byOther = await analyzeAudio(file('own-reupload.mp3'), { db, ownerId: 'mallory' });
      expect(byOther.conflicts.map((c) => c.workId)).toEqual(['work-2']);
    });

    it.each(NEW_PIECES)('finds no conflict for new piece %i', async (seed) => {
      const result = await analyzeAudio(file(`work-${seed}.wav`), { db, ownerId: 'dave' });
      expect(result.conflicts).toEqual([]);
      expect(result.status).toBe('cleared');
    });

    it('registers a cleared upload and refuses to register a conflicting one', async () => {
      const cleared = await analyzeAudio(file('work-5.wav'), { db, ownerId: 'erin', registerAs: 'work-5' });
      expect(cleared.registeredWorkId).toBe('work-5');
      const copy = await analyzeAudio(file('desc-0.wav'), { db, ownerId: 'mallory', registerAs: 'stolen' });
      expect(copy.registeredWorkId).toBeNull();
      const after = await analyzeAudio(file('work-5.wav'), { db, ownerId: 'frank' });
      expect(after.recordsScanned).toBe(2 * (REGISTERED.size + 1));
      expect(after.conflicts.map((c) => [c.workId, c.owner])).toEqual([['work-5', 'erin']]);
    });
  });
}

describeOracle('copyright oracle on PGlite (in memory)', async () => {
  const db = await pgliteDb();
  return { db, cleanup: () => db.close() };
});

if (await postgresAvailable()) {
  describeOracle('copyright oracle on a real Postgres server', async () => {
    const database: TestDatabase = await createTestDatabase();
    const db = postgresDb(database.url, 2);
    return {
      db,
      async cleanup() {
        await db.close();
        await database.drop();
      },
    };
  });
} else {
  describe(`copyright oracle on a real Postgres server (skipped: no Postgres server at ${new URL(TEST_DATABASE_URL).host})`, () => {
    it.skip('runs the oracle suite against a real Postgres server', () => {});
  });
}
