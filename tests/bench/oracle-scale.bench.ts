// `npm run bench:oracle-scale`: the copyright oracle among a million reference recordings. It builds
// the indexes on Postgres with BENCH_REFERENCES references (default 1,000,000): generated ones for
// the bulk (tests/support/synthetic-references.ts) and, hidden among them, half the real-music
// corpus (`npm run corpus`) registered as references by registerReference. Then it measures:
// - lookupMsP95: the fingerprint lookup and the descriptor shortlist of a 3-minute upload together,
//   as a check runs them (corpus pieces of 3 minutes or more, cut at 180 s; copies as mp3);
// - analysisSeconds: the whole check (analyzeAudio) of a 3-minute upload, median and worst;
// - copiesFlaggedRate / unrelatedFlaggedRate: the accuracy benchmark's variants of every registered
//   piece (BENCH_VARIANTS: a comma-separated subset of their names, all, or none), flagged when the result
//   names that piece's reference among its conflicts or reference matches; and every unregistered
//   piece, flagged when it is not cleared;
// - ingestRecordingsPerMinute: registerReference (decode, fingerprint, descriptors, index) on the
//   real pieces, as 3-minute recordings a minute;
// - the tables' size on disk (pg_total_relation_size) and the shortlist's memory, per million.
// BENCH_DATABASE=<name> keeps the database (created when missing, seeded only with what it lacks)
// so a second run measures without building again; otherwise a fresh database is dropped at the end.
// The last line of stdout is one JSON object.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { analysePcm, melodicDescriptor, querySummaries, timedQuerySummaries } from '../../infra/audio/descriptors';
import { DescriptorShortlist, type ShortlistQuery } from '../../infra/audio/descriptor-shortlist';
import { runFfmpeg } from '../../infra/audio/ffmpeg';
import { decodeForFingerprint, FINGERPRINT_SAMPLE_RATE, fingerprintQueryPcm, type Fingerprint } from '../../infra/audio/fingerprint';
import { FingerprintIndex } from '../../infra/audio/fingerprint-index';
import { analyzeAudio, indexedSources, oracleMigrations, registerReference } from '../../infra/audio/oracle';
import { postgresDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import { logger } from '../../infra/logger/logger';
import { corpusSample, loadCorpus, type CorpusPiece } from '../corpus/corpus';
import { splitCorpus, VARIANTS } from '../corpus/oracle-trial';
import { createTestDatabase } from '../support/postgres';
import { seedSyntheticReferences, type SummaryPool } from '../support/synthetic-references';
import { intFromEnv } from './bench-env';

const REFERENCES = intFromEnv('BENCH_REFERENCES', 1_000_000);
const LOOKUPS = intFromEnv('BENCH_LOOKUPS', 60);
const ANALYSES = intFromEnv('BENCH_ANALYSES', 6);
const UPLOAD_SECONDS = 180;
const CHECKING_OWNER = 'owner-checking';
const HOLDER = { holderId: 'holder-corpus', holderName: 'Corpus Records' };
const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://goose:goose@127.0.0.1:5432/postgres';
const TABLES = ['audio_works', 'audio_descriptors', 'audio_fingerprint_buckets', 'audio_index_counts'];

const log = (line: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);

interface Registry {
  db: Db;
  where: string;
  close(): Promise<void>;
}

async function openRegistry(): Promise<Registry> {
  const keep = process.env.BENCH_DATABASE;
  if (keep) {
    if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`BENCH_DATABASE must be a plain database name, got ${keep}`);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [keep]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${keep}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${keep}`;
    const db = postgresDb(url.toString());
    return { db, where: `${url.host}/${keep} (kept)`, close: () => db.close() };
  }
  const database = await createTestDatabase({ serverUrl, prefix: 'goose_bench_oracle_scale' });
  const db = postgresDb(database.url);
  return {
    db,
    where: `${database.label} (dropped)`,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

interface PreparedUpload {
  piece: string;
  fingerprints: Fingerprint[];
  summaries: ShortlistQuery;
  seconds: number;
}

async function main(): Promise<void> {
  const corpus = await loadCorpus();
  if (!corpus) throw new Error('the corpus is not assembled; run `npm run corpus` first');
  const pieces = corpusSample(corpus, intFromEnv('BENCH_PIECES', corpus.length));
  const { registered, unregistered } = splitCorpus(pieces);
  const variantNames = (process.env.BENCH_VARIANTS ?? 'all').split(',').map((v) => v.trim());
  const variants = variantNames.includes('all') ? VARIANTS : VARIANTS.filter((v) => variantNames.includes(v.name));
  if (variants.length === 0 && !variantNames.includes('none')) throw new Error(`BENCH_VARIANTS names none of: ${VARIANTS.map((v) => v.name).join(', ')}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'goose-bench-oracle-scale-'));
  const registry = await openRegistry();
  const { db } = registry;
  const started = performance.now();
  try {
    await migrate(db, oracleMigrations);

    // The pool synthetic summaries are mixed from: the unregistered pieces' summaries at every
    // metrical level (and timed ones at every tempo ratio) a query tries, so no registered piece (nor
    // a copy of one) is among them.
    const pool = { summaries: [] as Float32Array[], timedSummaries: [] as Float32Array[] } satisfies SummaryPool;
    for (const piece of unregistered) {
      const pcm = await decodeForFingerprint(piece.file);
      const analysis = analysePcm(pcm);
      const melodic = melodicDescriptor(analysis);
      pool.summaries.push(...querySummaries(analysis, melodic));
      pool.timedSummaries.push(...timedQuerySummaries(melodic));
    }
    log(`summary pool: ${pool.summaries.length} + ${pool.timedSummaries.length} timed summaries of ${unregistered.length} unregistered pieces`);

    const synthetic = Math.max(0, REFERENCES - registered.length);
    log(`seeding ${synthetic} synthetic references into ${registry.where}`);
    const seeded = await seedSyntheticReferences(db, synthetic, pool, log);
    log(`seeded in ${round(seeded.seconds)} s (rows ${round(seeded.rowsSeconds)} s, postings ${round(seeded.postingsSeconds)} s)`);

    // The real pieces, as a rights holder's delivery would register them.
    let ingestSeconds = 0;
    let ingestAudioSeconds = 0;
    for (const piece of registered) {
      const t = performance.now();
      const { durationSeconds } = await registerReference(db, { referenceId: piece.id, title: piece.title, ...HOLDER, file: piece.file });
      ingestSeconds += (performance.now() - t) / 1000;
      ingestAudioSeconds += durationSeconds;
    }
    const ingestRecordingsPerMinute = round((60 * ingestAudioSeconds) / UPLOAD_SECONDS / ingestSeconds);
    log(`ingested ${registered.length} real pieces (${round(ingestAudioSeconds / 60)} min of audio) in ${round(ingestSeconds)} s`);

    const sources = await indexedSources(db);
    const sizes = await tableSizes(db);
    const indexed = sources.works + sources.references;

    let t = performance.now();
    const shortlist = DescriptorShortlist.of(db);
    await shortlist.sync(db);
    const shortlistLoadSeconds = round((performance.now() - t) / 1000);
    log(`shortlist loaded: ${shortlist.entries} summaries in ${shortlistLoadSeconds} s`);

    const uploads = await prepareUploads(registered, unregistered, dir);
    const lookup = await measureLookups(db, uploads);
    log(`lookup + shortlist p95 ${lookup.p95Ms} ms (fingerprint ${lookup.fingerprintP95Ms}, shortlist ${lookup.shortlistP95Ms})`);

    const analysisRuns: number[] = [];
    for (let run = 0; run < ANALYSES; run++) {
      const upload = uploads.files[run % uploads.files.length]!;
      t = performance.now();
      await analyzeAudio(upload, { db, ownerId: CHECKING_OWNER });
      analysisRuns.push(round((performance.now() - t) / 1000));
    }
    log(`analysis of 3-minute uploads: ${analysisRuns.join(', ')} s`);

    const accuracy = await measureAccuracy(db, registered, unregistered, variants, dir);

    await new Promise<void>((resolve) => logger.flush(() => resolve()));
    const perMillion = (bytes: number): number => round((bytes * 1e6) / Math.max(1, indexed) / 2 ** 30);
    process.stdout.write(
      `${JSON.stringify({
        references: sources.references,
        referenceHolders: sources.referenceHolders,
        realReferences: registered.length,
        lookupMsP95: lookup.p95Ms,
        lookupMsP50: lookup.p50Ms,
        lookupMsMax: lookup.maxMs,
        fingerprintLookupMsP95: lookup.fingerprintP95Ms,
        shortlistMsP95: lookup.shortlistP95Ms,
        lookups: lookup.count,
        lookupUploads: uploads.prepared.length,
        analysisSeconds: median(analysisRuns),
        analysisSecondsMax: Math.max(...analysisRuns),
        analysisRunsSeconds: analysisRuns,
        ...accuracy.summary,
        ingestRecordingsPerMinute,
        ingestPieces: registered.length,
        ingestAudioMinutes: round(ingestAudioSeconds / 60),
        diskBytes: sizes,
        diskGiBPerMillion: perMillion(Object.values(sizes).reduce((a, b) => a + b, 0)),
        memoryMiBPerMillion: round((shortlist.memoryBytes * 1e6) / Math.max(1, shortlist.entries) / 2 ** 20),
        shortlistLoadSeconds,
        rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
        seedSeconds: round(seeded.seconds),
        goals: { lookupMsP95: 200, analysisSeconds: 3, copiesFlaggedRate: 0.98, unrelatedFlaggedRate: 0.01 },
        variants: accuracy.variants,
        missed: accuracy.missed,
        unrelatedFlagged: accuracy.unrelatedFlagged,
        registry: registry.where,
        minutes: round((performance.now() - started) / 60_000),
      })}\n`,
    );
  } finally {
    await registry.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function tableSizes(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string; bytes: string }>(`SELECT t AS name, pg_total_relation_size(t)::text AS bytes FROM unnest($1::text[]) AS t`, [TABLES]);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
}

/** 3-minute uploads: mp3 copies of registered pieces and unregistered pieces, cut at 180 s, analysed up to the lookup. */
async function prepareUploads(registered: CorpusPiece[], unregistered: CorpusPiece[], dir: string): Promise<{ prepared: PreparedUpload[]; files: string[] }> {
  const long = (p: CorpusPiece): boolean => p.durationSeconds >= UPLOAD_SECONDS;
  const chosen = [...registered.filter(long).map((p) => ({ p, copy: true })), ...unregistered.filter(long).map((p) => ({ p, copy: false }))];
  const prepared: PreparedUpload[] = [];
  const files: string[] = [];
  for (const [i, { p, copy }] of chosen.entries()) {
    const file = path.join(dir, `upload-${i}.${copy ? 'mp3' : 'flac'}`);
    await runFfmpeg(['-v', 'error', '-y', '-i', p.file, '-t', String(UPLOAD_SECONDS), ...(copy ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : []), '-vn', file]);
    const pcm = await decodeForFingerprint(file);
    const analysis = analysePcm(pcm);
    const melodic = melodicDescriptor(analysis);
    prepared.push({ piece: p.id, fingerprints: fingerprintQueryPcm(pcm), summaries: { summaries: querySummaries(analysis, melodic), timedSummaries: timedQuerySummaries(melodic) }, seconds: pcm.length / FINGERPRINT_SAMPLE_RATE });
    if (copy) files.push(file);
  }
  return { prepared, files };
}

/** The fingerprint lookup and the descriptor shortlist of each upload, run together as a check runs them. */
async function measureLookups(db: Db, uploads: { prepared: PreparedUpload[] }) {
  const index = new FingerprintIndex(db);
  const shortlist = DescriptorShortlist.of(db);
  const both: number[] = [];
  const fingerprint: number[] = [];
  const scan: number[] = [];
  for (let q = 0; q < LOOKUPS; q++) {
    const upload = uploads.prepared[q % uploads.prepared.length]!;
    const t = performance.now();
    await Promise.all([
      index.lookup(upload.fingerprints).then(() => fingerprint.push(performance.now() - t)),
      shortlist.nearest(db, upload.summaries, CHECKING_OWNER, 20).then(() => scan.push(performance.now() - t)),
    ]);
    both.push(performance.now() - t);
  }
  return { count: both.length, p50Ms: percentile(both, 0.5), p95Ms: percentile(both, 0.95), maxMs: percentile(both, 1), fingerprintP95Ms: percentile(fingerprint, 0.95), shortlistP95Ms: percentile(scan, 0.95) };
}

async function measureAccuracy(db: Db, registered: CorpusPiece[], unregistered: CorpusPiece[], variants: typeof VARIANTS, dir: string) {
  const rows = variants.map((v) => ({ variant: v.name, copies: 0, flagged: 0 }));
  const missed: string[] = [];
  for (const piece of registered) {
    for (const [i, variant] of variants.entries()) {
      const copy = path.join(dir, `copy.${variant.extension}`);
      await runFfmpeg(['-v', 'error', '-y', '-i', piece.file, ...variant.args(piece.durationSeconds), '-vn', copy]);
      const result = await analyzeAudio(copy, { db, ownerId: CHECKING_OWNER });
      await rm(copy);
      const named = [...result.conflicts.map((c) => c.workId), ...result.referenceMatches.map((m) => m.referenceId)];
      rows[i]!.copies++;
      if (named.includes(piece.id)) rows[i]!.flagged++;
      else missed.push(`${piece.id} / ${variant.name}: ${result.status} ${result.reason ?? ''}`);
    }
    log(`${piece.id}: ${variants.length} copies checked`);
  }
  const unrelatedFlagged: string[] = [];
  for (const piece of unregistered) {
    const result = await analyzeAudio(piece.file, { db, ownerId: CHECKING_OWNER });
    if (result.status !== 'cleared') unrelatedFlagged.push(`${piece.id}: ${result.status} ${result.reason ?? ''}`);
  }
  const copies = rows.reduce((s, r) => s + r.copies, 0);
  const flagged = rows.reduce((s, r) => s + r.flagged, 0);
  return {
    summary: {
      copiesFlaggedRate: copies === 0 ? 0 : round(flagged / copies, 4),
      unrelatedFlaggedRate: unregistered.length === 0 ? 0 : round(unrelatedFlagged.length / unregistered.length, 4),
      copiesChecked: copies,
      unrelatedChecked: unregistered.length,
    },
    variants: rows,
    missed,
    unrelatedFlagged,
  };
}

const round = (x: number, digits = 2): number => Math.round(x * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:oracle-scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
