// `npm run bench:audio`: how fast the audio engine is on this machine. It generates a 3-minute
// stereo 44.1 kHz 16-bit track, then measures in the same run:
// - decodeOnlySecondsPer3Min: ffmpeg decoding the file to null (the floor any engine pays);
// - masterSecondsPer3Min: a full master (balanced, medium) per format, wall time, the median of
//   BENCH_MASTER_RUNS runs (every run in masterRunsSeconds), with the measured loudness and true
//   peak of each master (checked by ffmpeg's ebur128) beside it; masterColdSeconds is the process's
//   first master (cd), run before those and timed apart: it also pays for compiling the hot loops,
//   starting the DSP workers and allocating the buffers later masters reuse;
// - mp3EncodeFloorSeconds: LAME alone encoding the same master (the mp3 master's samples, as float
//   PCM through a pipe, with the engine's own encoder arguments), median of BENCH_MASTER_RUNS runs:
//   the floor an mp3 master cannot go under; mp3OverFloorSeconds is the mp3 master's time over it
//   (the goal: at most MP3_OVER_FLOOR_GOAL_SECONDS);
// - corpusSlowestPiece: the real-music corpus's longest piece (`npm run corpus`) mastered once per
//   format, from its FLAC (`seconds` is the piece's length, wav/cd/mp3 the wall time of each
//   master), or null with `corpus` saying the corpus is absent;
// - indexLookupMsP95: fingerprint index lookups with INDEX_WORKS synthetic works registered
//   (half the queries are noisy copies of registered works, half unregistered), and the seeding time;
// - oracleSecondsPer3Min: the whole copyright analysis (decode, fingerprints, descriptors, both
//   index lookups, ownership, score) of the 3-minute track against that registry, median of runs.
// The registry lives on the configured Postgres server (DATABASE_URL, else TEST_DATABASE_URL, else
// the local test server) in a fresh database dropped afterwards; with no server reachable, in an
// embedded PGlite under a temporary directory. The last line of stdout is one JSON object.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ebur128 } from '../../infra/audio/ebur128';
import { decodePcm, encodePcm, findFfmpeg, runFfmpeg } from '../../infra/audio/ffmpeg';
import { FingerprintIndex } from '../../infra/audio/fingerprint-index';
import { MASTER_FORMATS, MP3_ARGS, masterTrack, type MasterFormat } from '../../infra/audio/mastering';
import { analyzeAudio, oracleMigrations, registerWork } from '../../infra/audio/oracle';
import { music, writeWav } from '../../infra/audio/test-signals';
import { pgliteDb, postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { logger } from '../../infra/logger/logger';
import { loadCorpus } from '../corpus/corpus';
import { createTestDatabase, postgresAvailable } from '../support/postgres';
import { measureLookupLatency, seedSyntheticWorks } from '../support/synthetic-fingerprints';
import { intFromEnv } from './bench-env';

const SECONDS = 180;
const SR = 44_100;
const INDEX_WORKS = intFromEnv('BENCH_INDEX_WORKS', 100_000);
const LOOKUPS = intFromEnv('BENCH_LOOKUPS', 100);
const ORACLE_RUNS = intFromEnv('BENCH_ORACLE_RUNS', 5);
const MASTER_RUNS = intFromEnv('BENCH_MASTER_RUNS', 3);
/** How far over LAME's own time an mp3 master may take (issue: mp3 time against its own floor). */
const MP3_OVER_FLOOR_GOAL_SECONDS = 1.5;
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';

interface Registry {
  db: Db;
  where: string;
  drop(): Promise<void>;
}

/** A fresh database on the configured server, or an embedded PGlite when no server answers. */
async function openRegistry(dir: string): Promise<Registry> {
  if (!(await postgresAvailable(serverUrl))) {
    const db = await pgliteDb(path.join(dir, 'pglite'));
    return { db, where: 'PGlite (no Postgres server reachable)', drop: () => db.close() };
  }
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_audio' });
  const db = postgresDb(database.url);
  return {
    db,
    where: `${database.label} (dropped)`,
    async drop() {
      await db.close();
      await database.drop();
    },
  };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-bench-audio-'));
  let registry: Registry | undefined;
  try {
    const input = path.join(dir, 'track.wav');
    await writeWav(input, music({ seconds: SECONDS, sampleRate: SR, seed: 11 }), SR, 2, 's16');
    const ffmpeg = await findFfmpeg();

    let t = performance.now();
    await runFfmpeg(['-v', 'error', '-i', input, '-f', 'null', '-']);
    const decodeOnlySecondsPer3Min = round((performance.now() - t) / 1000);

    t = performance.now();
    await masterTrack(input, { style: 'balanced', loudness: 'medium', format: 'cd', outDir: path.join(dir, 'cold'), name: 'cold' });
    const masterColdSeconds = round((performance.now() - t) / 1000);
    process.stderr.write(`first master (cd, cold): ${masterColdSeconds} s\n`);

    const masterSecondsPer3Min: Record<string, number> = {};
    const masterRunsSeconds: Record<string, number[]> = {};
    const masters: Record<string, unknown> = {};
    for (const format of MASTER_FORMATS) {
      const runs: number[] = [];
      for (let run = 0; run < MASTER_RUNS; run++) {
        t = performance.now();
        const r = await masterTrack(input, { style: 'balanced', loudness: 'medium', format, outDir: path.join(dir, 'out'), name: format });
        runs.push(round((performance.now() - t) / 1000));
        process.stderr.write(`master ${format}: ${runs.at(-1)} s\n`);
        if (run > 0) continue;
        const check = await ebur128(r.files.master);
        masters[format] = { lufs: r.lufs, peak: r.peak, ebur128Lufs: check.integratedLufs, ebur128TruePeak: check.truePeakDbtp, limiterPasses: r.measurements.limiterPasses };
      }
      masterRunsSeconds[format] = runs;
      masterSecondsPer3Min[format] = median(runs);
    }

    // LAME alone on the mp3 master's own samples, fed and set up the way the engine feeds it.
    const mp3Samples = await decodePcm(path.join(dir, 'out', 'mp3.master.mp3'), { sampleRate: SR, channels: 2, durationSeconds: SECONDS });
    const encodeRuns: number[] = [];
    for (let run = 0; run < MASTER_RUNS; run++) {
      t = performance.now();
      await encodePcm(mp3Samples, SR, 2, path.join(dir, 'floor.mp3'), MP3_ARGS);
      encodeRuns.push(round((performance.now() - t) / 1000));
    }
    const mp3EncodeFloorSeconds = median(encodeRuns);
    const mp3OverFloorSeconds = round(masterSecondsPer3Min.mp3! - mp3EncodeFloorSeconds);
    process.stderr.write(`LAME alone: ${mp3EncodeFloorSeconds} s; the mp3 master ${mp3OverFloorSeconds} s over it\n`);

    const corpus = await loadCorpus();
    let corpusSlowestPiece: ({ title: string; seconds: number } & Record<MasterFormat, number>) | null = null;
    if (corpus) {
      const longest = corpus.reduce((a, b) => (b.durationSeconds > a.durationSeconds ? b : a));
      const times = {} as Record<MasterFormat, number>;
      for (const format of MASTER_FORMATS) {
        t = performance.now();
        await masterTrack(longest.file, { style: 'balanced', loudness: 'medium', format, outDir: path.join(dir, 'corpus'), name: format });
        times[format] = round((performance.now() - t) / 1000);
        process.stderr.write(`corpus's longest piece (${longest.title}, ${longest.durationSeconds} s), ${format}: ${times[format]} s\n`);
      }
      corpusSlowestPiece = { title: longest.title, seconds: longest.durationSeconds, ...times };
    }

    registry = await openRegistry(dir);
    await migrate(registry.db, oracleMigrations);
    process.stderr.write(`seeding ${INDEX_WORKS} synthetic works into ${registry.where}\n`);
    const seeded = await seedSyntheticWorks(registry.db, INDEX_WORKS);
    const lookups = await measureLookupLatency(new FingerprintIndex(registry.db), INDEX_WORKS, LOOKUPS);
    process.stderr.write(`lookup p95 ${lookups.p95Ms} ms\n`);

    // A few real works with descriptors besides the synthetic fingerprints, so every stage has
    // something to compare with.
    for (const seed of [21, 22, 23]) {
      const work = path.join(dir, `work-${seed}.wav`);
      await writeWav(work, music({ seconds: 60, sampleRate: SR, seed }), SR, 2, 's16');
      await registerWork(registry.db, { workId: `bench-work-${seed}`, owner: 'bench', ownerName: 'bench', title: `bench work ${seed}`, file: work });
    }
    const oracleRuns: number[] = [];
    let analysis: Awaited<ReturnType<typeof analyzeAudio>> | undefined;
    for (let run = 0; run < ORACLE_RUNS; run++) {
      t = performance.now();
      analysis = await analyzeAudio(input, { db: registry.db, ownerId: 'uploader' });
      oracleRuns.push(round((performance.now() - t) / 1000));
    }

    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    process.stdout.write(
      `${JSON.stringify({
        ffmpeg: ffmpeg.source,
        decodeOnlySecondsPer3Min,
        masterSecondsPer3Min,
        masterRunsSeconds,
        masterColdSeconds,
        masters,
        mp3EncodeFloorSeconds,
        mp3EncodeFloorRunsSeconds: encodeRuns,
        mp3OverFloorSeconds,
        mp3OverFloorGoalSeconds: MP3_OVER_FLOOR_GOAL_SECONDS,
        mp3WithinGoal: mp3OverFloorSeconds <= MP3_OVER_FLOOR_GOAL_SECONDS,
        corpus: corpus ? `${corpus.length} pieces` : 'absent: corpus not assembled, run npm run corpus',
        corpusSlowestPiece,
        oracleSecondsPer3Min: median(oracleRuns),
        oracleRunsSeconds: oracleRuns,
        oracleResult: { status: analysis!.status, clearanceScore: analysis!.clearanceScore, databasesChecked: analysis!.databasesChecked, recordsScanned: analysis!.recordsScanned },
        indexLookupMsP95: lookups.p95Ms,
        indexLookupMsP50: lookups.p50Ms,
        indexLookupMsMax: lookups.maxMs,
        indexWorks: INDEX_WORKS,
        indexLookups: lookups.queries,
        indexSeededFound: lookups.seededFound,
        indexUnregisteredMatched: lookups.unregisteredMatched,
        indexSeedSeconds: round(seeded.seconds),
        registry: registry.where,
      })}\n`,
    );
  } finally {
    await registry?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const round = (x: number): number => Math.round(x * 100) / 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:audio failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
