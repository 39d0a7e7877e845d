// The oracle end to end: generated pieces are registered by their owners, then copies made with
// ffmpeg (re-encoded, cut, louder, quieter, downmixed, transposed, time-stretched) and new pieces are
// analysed by other uploaders, on PGlite and on the real Postgres server when there is one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, TEST_DATABASE_URL, type TestDatabase } from '../../tests/support/postgres';
import { postgresDb, type Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { runFfmpeg } from './ffmpeg';
import { analyzeAudio, CLEARANCE_THRESHOLD, ORACLE_STAGES, oracleMigrations, registerWork, type MatchKind, type OracleProgress } from './oracle';
import { music, writeWav, type MusicOptions } from './test-signals';

const SECONDS = 30;
/** Registered works: seed → owner (an internal id, never shown to others). */
const REGISTERED = new Map([
  [1, 'alice'],
  [2, 'bob'],
  [3, 'carol'],
]);
/** The public username each owner's works are shown under. */
const usernameOf = (owner: string): string => `${owner}_sings`;
const titleOf = (seed: number): string => `Harbour Song ${seed}`;

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
  // A new piece with 8 s of carol's recording (her 8–16 s) sampled into it at 10 s.
  await runFfmpeg([
    '-v', 'error', '-i', file('work-6.wav'), '-i', file('work-3.wav'),
    '-filter_complex', '[0:a]atrim=0:10[a];[1:a]atrim=8:16,asetpts=PTS-STARTPTS[b];[0:a]atrim=18:30,asetpts=PTS-STARTPTS[c];[a][b][c]concat=n=3:v=0:a=1',
    '-y', file('sampled.wav'),
  ]);
  // A new piece quoting 12 s of alice's melody three semitones up (her 8–20 s) at 10 s.
  await runFfmpeg([
    '-v', 'error', '-i', file('work-4.wav'), '-i', file('desc-0.wav'),
    '-filter_complex', '[0:a]atrim=0:10[a];[1:a]atrim=8:20,asetpts=PTS-STARTPTS[b];[0:a]atrim=22:30,asetpts=PTS-STARTPTS[c];[a][b][c]concat=n=3:v=0:a=1',
    '-y', file('quoted.wav'),
  ]);
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
      for (const [seed, owner] of REGISTERED) await registerWork(db, { workId: `work-${seed}`, owner, ownerName: usernameOf(owner), title: titleOf(seed), file: file(`work-${seed}.wav`) });
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
      expect(result.conflicts.map((c) => [c.workId, c.title, c.owner, c.kind])).toEqual([['work-1', titleOf(1), usernameOf('alice'), 'fingerprint']]);
      expect(result.conflicts[0]!.offsetSeconds).toBeCloseTo(offsetSeconds, 0);
      expect(result.conflicts[0]!.work.startSeconds).toBeCloseTo(offsetSeconds, 0);
      expect(result.conflicts[0]!.work.endSeconds).toBeCloseTo(SECONDS, 0);
      expect(result.conflicts[0]!.similarity).toBeGreaterThan(40);
      // The reason names the work, its creator's username and the day it was registered; never an internal id.
      expect(result.reason).toMatch(new RegExp(`^Same recording as “${titleOf(1)}” by ${usernameOf('alice')}, registered \\d{1,2} [A-Z][a-z]{2} \\d{4} `));
      expect(result.reason).not.toMatch(/\balice\b/);
    });

    it.each(DESCRIPTOR_COPIES.map(([variant, , kind, semitones], index) => [variant, kind, semitones, index] as const))(
      "finds alice's work %s: a %s conflict through descriptor similarity",
      async (_, kind, semitones, index) => {
      const result = await analyzeAudio(file(`desc-${index}.wav`), { db, ownerId: 'mallory' });
      expect(result.status).toBe('conflict');
      expect(result.clearanceScore).toBeLessThan(CLEARANCE_THRESHOLD);
      expect(result.metrics.aiPatternRecognition).toBe(0);
      expect(result.conflicts.map((c) => [c.workId, c.owner, c.kind, c.semitones])).toEqual([['work-1', usernameOf('alice'), kind, semitones]]);
        // The processed copies start where the work starts; the re-performed loop may align with
        // any repetition of its 16-beat pattern, equally right.
        if ('filter' in DESCRIPTOR_COPIES[index]![1]) expect(Math.abs(result.conflicts[0]!.offsetSeconds)).toBeLessThan(0.6);
        expect(result.reason).toContain(`Same music as “${titleOf(1)}” by ${usernameOf('alice')}, registered `);
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

    it("holds a new piece with an 8 s sample of carol's recording for review, naming the passage in both", async () => {
      const result = await analyzeAudio(file('sampled.wav'), { db, ownerId: 'dave' });
      expect(result.conflicts.map((c) => [c.kind, c.similarity])).toEqual([]);
      expect(result.status).toBe('needs_review');
      expect(result.conflicts).toEqual([]);
      expect(result.clearanceScore).toBeLessThan(CLEARANCE_THRESHOLD);
      expect(result.metrics.databaseComparison).toBe(0);
      const [passage, ...others] = result.passages;
      expect(others).toEqual([]);
      expect(passage).toMatchObject({ workId: 'work-3', title: titleOf(3), owner: usernameOf('carol'), kind: 'recording' });
      // Measured in 3 s windows: each end lands within a window of the truth.
      expect(passage!.upload.startSeconds).toBeGreaterThan(10 - 3);
      expect(passage!.upload.endSeconds).toBeLessThan(18 + 3);
      expect(passage!.upload.endSeconds - passage!.upload.startSeconds).toBeGreaterThanOrEqual(5);
      expect(passage!.work.startSeconds - passage!.upload.startSeconds).toBeCloseTo(-2, 0);
      expect(result.reason).toMatch(new RegExp(`^Part of this track looks copied: \\d:\\d\\d–\\d:\\d\\d of this track matches \\d:\\d\\d–\\d:\\d\\d of “${titleOf(3)}” by ${usernameOf('carol')}, registered `));
    });

    it("holds a new piece quoting 12 s of alice's melody, transposed, for review, naming the passage in both", async () => {
      const result = await analyzeAudio(file('quoted.wav'), { db, ownerId: 'dave' });
      expect(result.conflicts.map((c) => [c.kind, c.similarity])).toEqual([]);
      expect(result.status).toBe('needs_review');
      expect(result.metrics.aiPatternRecognition).toBe(0);
      const [passage] = result.passages;
      expect(passage).toMatchObject({ workId: 'work-1', title: titleOf(1), owner: usernameOf('alice'), kind: 'melody' });
      // Half-beat rows and 16-beat windows: each end lands within a few seconds of the truth.
      expect(passage!.upload.startSeconds).toBeGreaterThan(10 - 4);
      expect(passage!.upload.endSeconds).toBeLessThan(22 + 4);
      expect(passage!.work.startSeconds - passage!.upload.startSeconds).toBeCloseTo(-2, 0);
    });

    it.each(NEW_PIECES)('finds no conflict for new piece %i', async (seed) => {
      const result = await analyzeAudio(file(`work-${seed}.wav`), { db, ownerId: 'dave' });
      expect(result.conflicts).toEqual([]);
      expect(result.status).toBe('cleared');
    });

    it('registers a cleared upload and refuses to register a conflicting one', async () => {
      const cleared = await analyzeAudio(file('work-5.wav'), { db, ownerId: 'erin', registerAs: { workId: 'work-5', title: 'Erin’s Tune', ownerName: 'erin_plays' } });
      expect(cleared.registeredWorkId).toBe('work-5');
      const copy = await analyzeAudio(file('desc-0.wav'), { db, ownerId: 'mallory', registerAs: { workId: 'stolen', title: 'Mine Now', ownerName: 'mallory' } });
      expect(copy.registeredWorkId).toBeNull();
      const after = await analyzeAudio(file('work-5.wav'), { db, ownerId: 'frank' });
      expect(after.recordsScanned).toBe(2 * (REGISTERED.size + 1));
      expect(after.conflicts.map((c) => [c.workId, c.title, c.owner])).toEqual([['work-5', 'Erin’s Tune', 'erin_plays']]);
    });
  });
}

describeOracle('copyright oracle on PGlite (in memory)', async () => {
  const db = await pooledPglite();
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
