// The copyright oracle for audio: an upload is compared with every registered work, by acoustic
// fingerprint (the same recording, re-encoded, cut, louder or downmixed) and by musical descriptors
// (the same music transposed or at another tempo, which the fingerprint misses), and scored by the
// platform's published rule: four equal metrics of 25 points, pass at 80.
//
// The eight stages are the spec's, reported as the work reaches them:
//  1. Audio Fingerprinting: decode once to 11025 Hz mono; the acoustic fingerprint (4 phases).
//  2. Melodic Pattern Recognition: chroma, onsets, beats; the melodic sequence, half-beat chroma
//     without its sustained harmony (melodicId).
//  3. Database Comparison: the fingerprint looked up in the registry's fingerprint index.
//  4. AI Pattern Matching: the key/tempo-invariant summary compared with every work in the
//     descriptor index; the closest ones (and fingerprint matches) aligned half beat by half beat
//     over every transposition and lag.
//  5. Rhythmic Analysis: tempo and groove (rhythmicId), compared with the candidates.
//  6. Harmonic Structure: key and pitch-class profile (harmonicId), compared with the candidates.
//  7. Ownership Verification: a match with the uploader's own work is reported, not a conflict.
//  8. Clearance Assessment: the four metrics, the score, the status and the recommendations.
//
// Scaling: the descriptor scan reads every registered summary (768 bytes a work) in pages; at
// millions of works a vector index (pgvector) would replace it. The fingerprint lookup is indexed.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { logger } from '../logger/logger';
import {
  alignMelody,
  analysePcm,
  beatRatiosFor,
  correlation,
  dot,
  harmonicDescriptor,
  melodicDescriptor,
  ONSET_FRAMES_PER_SECOND,
  querySummaries,
  rhythmDescriptor,
  rotate,
  type HarmonicDescriptor,
  type MelodicAlignment,
  type MelodicDescriptor,
  type RhythmDescriptor,
} from './descriptors';
import { decodeForFingerprint, FINGERPRINT_SAMPLE_RATE, fingerprintPcm, fingerprintQueryPcm, MATCH_BER, type Fingerprint } from './fingerprint';
import { FingerprintIndex, fingerprintIndexMigrations, type IndexMatch } from './fingerprint-index';
import { bytesOf, float32FromBytes } from './typed-bytes';
import { COPYRIGHT_ANALYSIS_STAGES } from '../../domain/constants';

/** The spec's eight stages (domain/constants), reported as the work reaches them. */
export const ORACLE_STAGES = COPYRIGHT_ANALYSIS_STAGES;
export type OracleStage = (typeof ORACLE_STAGES)[number];

export interface OracleProgress {
  stage: OracleStage;
  /** 1..8 */
  step: number;
  of: number;
  state: 'started' | 'completed';
}

/**
 * cleared: score ≥ 80, no conflict; may be registered.
 * conflict: another owner's registered work is the same recording (fingerprint) or the same music
 *   (melodic alignment); the score is then at most 75.
 * needs_review: no decisive match, but the score is under 80 (near-threshold similarities); may
 *   not be registered until a person has looked.
 */
export type ClearanceStatus = 'cleared' | 'conflict' | 'needs_review';

/** How a registered work was recognised. */
export type MatchKind = 'fingerprint' | 'transposed' | 'tempo_changed' | 'transposed_tempo_changed' | 'melodic';

export interface WorkMatch {
  workId: string;
  owner: string;
  /** 0–100: fingerprint 100·(1 − 2·bit error rate), otherwise 100 × the aligned melodic correlation. */
  similarity: number;
  kind: MatchKind;
  /** Where the upload starts in the registered work, in seconds (negative: before it). */
  offsetSeconds: number;
  /** The upload is the work this many semitones higher (0 for a fingerprint match). */
  semitones: number;
  /** Upload tempo ÷ work tempo. */
  tempoRatio: number;
}

export interface ClearanceMetrics {
  uniqueness: number;
  aiPatternRecognition: number;
  networkConsensus: number;
  databaseComparison: number;
}

/** Spec 2 §3 "Copyright analysis result", plus what explains it. */
export interface CopyrightAnalysis {
  /** 0–100, one decimal: the mean of the four metrics. */
  clearanceScore: number;
  status: ClearanceStatus;
  /** `gfp1-<items>-<24 hex of SHA-256 of the fingerprint items>`: names this exact fingerprint. */
  audioFingerprint: string;
  /** Short hashes of quantised key- and tempo-invariant descriptors (see descriptors.ts). */
  melodicId: string;
  harmonicId: string;
  rhythmicId: string;
  /** Distinct indexes searched: the acoustic fingerprint index and the descriptor index. */
  databasesChecked: number;
  /** Records compared, summed over those indexes (each registered work has one in each). */
  recordsScanned: number;
  conflicts: WorkMatch[];
  recommendations: string[];
  /** One sentence for 'Copyright Conflict Detected: Analysis failed: {reason}'; null when cleared. */
  reason: string | null;
  metrics: ClearanceMetrics;
  /** Matches with the uploader's own works: reported, never conflicts. */
  ownWorks: WorkMatch[];
  indexes: { name: 'acoustic-fingerprint' | 'descriptor'; records: number }[];
  durationSeconds: number;
  tempoBpm: number;
  key: string;
  /** Set when AnalyzeOptions.registerAs was given and the upload cleared; null otherwise. */
  registeredWorkId: string | null;
}

export const CLEARANCE_THRESHOLD = 80;
/** Aligned melodic correlation from which two recordings are the same music; the metric falls to 0 over the band below it. */
export const MELODIC_MATCH = 0.65;
const MELODIC_BAND = 0.15;
/** Summary correlation treated as "the same piece" by the uniqueness metric, and its band. */
const SUMMARY_MATCH = 0.84;
const SUMMARY_BAND = 0.14;
/** Confirming votes for network consensus (counted only for a work the fingerprint or melody flags). */
const HARMONIC_AGREES = 0.8;
const RHYTHM_AGREES = 0.9;
/** Tempo ratios within 3 % of 1 are the same tempo. */
const TEMPO_TOLERANCE = 0.03;
/** Works per owner class (others, the uploader) aligned after the summary scan, besides fingerprint matches. */
const SCAN_CANDIDATES = 6;
const SCAN_PAGE = 2000;
const MIN_SECONDS = 3;

export const oracleMigrations: readonly Migration[] = [
  ...fingerprintIndexMigrations,
  {
    id: 'audio-descriptor-index-1',
    sql: `
      CREATE TABLE IF NOT EXISTS audio_descriptors (
        work_id text PRIMARY KEY REFERENCES audio_works(work_id) ON DELETE CASCADE,
        owner text NOT NULL,
        summary bytea NOT NULL,
        melodic_sequence bytea NOT NULL,
        first_beat_seconds real NOT NULL,
        row_seconds real NOT NULL,
        tempo_bpm real NOT NULL,
        rhythm bytea NOT NULL,
        pitch_profile bytea NOT NULL,
        melodic_id text NOT NULL,
        harmonic_id text NOT NULL,
        rhythmic_id text NOT NULL,
        registered_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];

/** The descriptors the descriptor index keeps per work, compared at lookup. */
interface DescriptorFields {
  summary: Float32Array;
  melodicSequence: Float32Array;
  firstBeatSeconds: number;
  rowSeconds: number;
  tempoBpm: number;
  rhythm: Float32Array;
  pitchProfile: Float32Array;
}

/** What the index stores of one recording. */
interface AudioFeatures extends DescriptorFields {
  fingerprint: Fingerprint;
  durationSeconds: number;
  key: string;
  melodicId: string;
  harmonicId: string;
  rhythmicId: string;
}

export interface AnalyzeOptions {
  db: Db;
  /** The uploader: their own registered works are not conflicts. */
  ownerId?: string;
  onProgress?: (progress: OracleProgress) => void;
  /** Register the upload under this work id (owned by ownerId) when, and only when, it is cleared. */
  registerAs?: string;
}

/** Analyses an audio (or video) file against the registry; see AnalyzeOptions.registerAs. */
export async function analyzeAudio(file: string, options: AnalyzeOptions): Promise<CopyrightAnalysis> {
  const { db, ownerId, onProgress, registerAs } = options;
  if (registerAs !== undefined && !ownerId) throw new Error('registering a work needs its owner (ownerId)');
  const started = performance.now();
  let step = 0;
  const stage = async <T>(work: () => T | Promise<T>): Promise<T> => {
    const current = { stage: ORACLE_STAGES[step]!, step: step + 1, of: ORACLE_STAGES.length };
    step++;
    onProgress?.({ ...current, state: 'started' });
    const value = await work();
    onProgress?.({ ...current, state: 'completed' });
    return value;
  };

  const { pcm, fingerprints } = await stage(async () => {
    const pcm = await decodeForFingerprint(file);
    if (pcm.length < MIN_SECONDS * FINGERPRINT_SAMPLE_RATE) throw new Error(`audio too short to analyse: ${(pcm.length / FINGERPRINT_SAMPLE_RATE).toFixed(1)} s (at least ${MIN_SECONDS} s)`);
    return { pcm, fingerprints: fingerprintQueryPcm(pcm) };
  });
  const { analysis, melodic, summaries } = await stage(() => {
    const analysis = analysePcm(pcm);
    const melodic = melodicDescriptor(analysis);
    return { analysis, melodic, summaries: querySummaries(analysis, melodic) };
  });
  const lookup = await stage(() => new FingerprintIndex(db).lookup(fingerprints));
  const queryBpm = (60 * ONSET_FRAMES_PER_SECOND) / analysis.period;
  const scan = await stage(async () => {
    const scanned = await scanDescriptors(db, summaries, ownerId);
    const ids = new Set([...scanned.nearest.map((n) => n.workId), ...lookup.matches.map((m) => m.workId)]);
    const candidates: Candidate[] = (await loadDescriptors(db, [...ids])).map((work) => ({
      work,
      fingerprint: lookup.matches.find((m) => m.workId === work.workId) ?? null,
      melodic: alignMelody(melodic.sequence, work.melodicSequence, beatRatiosFor(queryBpm / work.tempoBpm)),
      rhythmSimilarity: 0,
      tempoRatio: 1,
      harmonicSimilarity: 0,
    }));
    return { ...scanned, candidates };
  });
  const rhythm = await stage(() => {
    const rhythm = rhythmDescriptor(analysis);
    for (const c of scan.candidates) {
      c.rhythmSimilarity = correlation(rhythm.pattern, c.work.rhythm);
      c.tempoRatio = rhythm.bpm / (c.work.tempoBpm * (c.melodic?.beatRatio ?? 1));
    }
    return rhythm;
  });
  const harmonic = await stage(() => {
    const harmonic = harmonicDescriptor(analysis);
    for (const c of scan.candidates) c.harmonicSimilarity = correlation(harmonic.pitchProfile, rotate(c.work.pitchProfile, c.melodic?.semitones ?? 0));
    return harmonic;
  });
  const ownership = await stage(() => verifyOwnership(scan.candidates, scan.nearestOtherSummary, ownerId, melodic));
  const features = featuresOf(pcm, fingerprints[0]!, melodic, rhythm, harmonic);
  const result = await stage(async () => {
    const result = assessClearance(features, ownership, [
      { name: 'acoustic-fingerprint', records: lookup.recordsScanned },
      { name: 'descriptor', records: scan.recordsScanned },
    ]);
    if (registerAs !== undefined && result.status === 'cleared') {
      await storeWork(db, registerAs, ownerId!, features);
      result.registeredWorkId = registerAs;
    }
    return result;
  });
  logger.info(
    { status: result.status, clearanceScore: result.clearanceScore, conflicts: result.conflicts.length, recordsScanned: result.recordsScanned, ms: Math.round(performance.now() - started) },
    'copyright analysis',
  );
  return result;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

// ---------------------------------------------------------------------------------------------
// The descriptor index

interface StoredDescriptors extends DescriptorFields {
  workId: string;
  owner: string;
}

interface Candidate {
  work: StoredDescriptors;
  fingerprint: IndexMatch | null;
  melodic: MelodicAlignment | null;
  rhythmSimilarity: number;
  tempoRatio: number;
  harmonicSimilarity: number;
}

interface ScanResult {
  recordsScanned: number;
  /** The works to align: the closest of other owners' and the closest of the uploader's. */
  nearest: { workId: string; similarity: number }[];
  /** Highest summary similarity to another owner's work; null when there is none. */
  nearestOtherSummary: number | null;
}

/** Melodic sequence values lie in [−1, 1]: a signed byte each keeps them to within 0.4 %. */
function quantise(values: Float32Array): Buffer {
  const out = Buffer.alloc(values.length);
  for (let i = 0; i < values.length; i++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(values[i]! * 127))), i);
  return out;
}

function dequantise(bytes: Uint8Array): Float32Array {
  const signed = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from(signed, (v) => v / 127);
}

/** Compares the query's summaries with every registered one, reading the index in pages. */
async function scanDescriptors(db: Db, summaries: Float32Array[], ownerId: string | undefined): Promise<ScanResult> {
  let recordsScanned = 0;
  let after = '';
  const others: { workId: string; similarity: number }[] = [];
  const own: { workId: string; similarity: number }[] = [];
  for (;;) {
    const { rows } = await db.query<{ work_id: string; owner: string; summary: Uint8Array }>(
      'SELECT work_id, owner, summary FROM audio_descriptors WHERE work_id > $1 ORDER BY work_id LIMIT $2',
      [after, SCAN_PAGE],
    );
    for (const row of rows) {
      const summary = float32FromBytes(row.summary);
      recordsScanned++;
      const list = row.owner === ownerId ? own : others;
      list.push({ workId: row.work_id, similarity: Math.max(...summaries.map((s) => dot(s, summary))) });
      if (list.length > 4 * SCAN_CANDIDATES) keepNearest(list);
    }
    if (rows.length < SCAN_PAGE) break;
    after = rows.at(-1)!.work_id;
  }
  keepNearest(others);
  keepNearest(own);
  return { recordsScanned, nearest: [...others, ...own], nearestOtherSummary: others[0]?.similarity ?? null };
}

function keepNearest(list: { similarity: number }[]): void {
  list.sort((a, b) => b.similarity - a.similarity);
  list.length = Math.min(list.length, SCAN_CANDIDATES);
}

async function loadDescriptors(db: Queryable, workIds: string[]): Promise<StoredDescriptors[]> {
  if (workIds.length === 0) return [];
  const { rows } = await db.query<{
    work_id: string;
    owner: string;
    summary: Uint8Array;
    melodic_sequence: Uint8Array;
    first_beat_seconds: number;
    row_seconds: number;
    tempo_bpm: number;
    rhythm: Uint8Array;
    pitch_profile: Uint8Array;
  }>('SELECT work_id, owner, summary, melodic_sequence, first_beat_seconds, row_seconds, tempo_bpm, rhythm, pitch_profile FROM audio_descriptors WHERE work_id = ANY($1::text[])', [workIds]);
  return rows.map((r) => ({
    workId: r.work_id,
    owner: r.owner,
    summary: float32FromBytes(r.summary),
    melodicSequence: dequantise(r.melodic_sequence),
    firstBeatSeconds: Number(r.first_beat_seconds),
    rowSeconds: Number(r.row_seconds),
    tempoBpm: Number(r.tempo_bpm),
    rhythm: float32FromBytes(r.rhythm),
    pitchProfile: float32FromBytes(r.pitch_profile),
  }));
}

/** A Db whose queries and transactions all run inside an open transaction. */
function insideTransaction(db: Db, tx: Queryable): Db {
  return { kind: db.kind, query: (sql, params) => tx.query(sql, params), transaction: (work) => work(tx), close: () => Promise.resolve() };
}

/** Adds (or replaces) a work in both indexes, in one transaction: the one place a work is registered. */
async function storeWork(db: Db, workId: string, owner: string, features: AudioFeatures): Promise<void> {
  await db.transaction(async (tx) => {
    await new FingerprintIndex(insideTransaction(db, tx)).register(workId, owner, features.fingerprint);
    await tx.query(
      `INSERT INTO audio_descriptors (work_id, owner, summary, melodic_sequence, first_beat_seconds, row_seconds, tempo_bpm, rhythm, pitch_profile, melodic_id, harmonic_id, rhythmic_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        workId,
        owner,
        bytesOf(features.summary),
        quantise(features.melodicSequence),
        features.firstBeatSeconds,
        features.rowSeconds,
        features.tempoBpm,
        bytesOf(features.rhythm),
        bytesOf(features.pitchProfile),
        features.melodicId,
        features.harmonicId,
        features.rhythmicId,
      ],
    );
  });
}

/**
 * Registers a known work without clearing it first (an existing catalogue, a test registry). An
 * upload is registered through analyzeAudio's registerAs, which only stores cleared content.
 */
export async function registerWork(db: Db, work: { workId: string; owner: string; file: string }): Promise<void> {
  const pcm = await decodeForFingerprint(work.file);
  const analysis = analysePcm(pcm);
  const features = featuresOf(pcm, fingerprintPcm(pcm), melodicDescriptor(analysis), rhythmDescriptor(analysis), harmonicDescriptor(analysis));
  await storeWork(db, work.workId, work.owner, features);
}

function featuresOf(pcm: Float32Array, fingerprint: Fingerprint, melodic: MelodicDescriptor, rhythm: RhythmDescriptor, harmonic: HarmonicDescriptor): AudioFeatures {
  return {
    fingerprint,
    durationSeconds: pcm.length / FINGERPRINT_SAMPLE_RATE,
    summary: melodic.summary,
    melodicSequence: melodic.sequence,
    firstBeatSeconds: melodic.firstBeatSeconds,
    rowSeconds: melodic.rowSeconds,
    tempoBpm: rhythm.bpm,
    rhythm: rhythm.pattern,
    pitchProfile: harmonic.pitchProfile,
    key: `${NOTE_NAMES[harmonic.tonic]} ${harmonic.mode}`,
    melodicId: melodic.melodicId,
    harmonicId: harmonic.harmonicId,
    rhythmicId: rhythm.rhythmicId,
  };
}

// ---------------------------------------------------------------------------------------------
// Ownership and clearance

interface Evidence {
  match: WorkMatch;
  own: boolean;
  /** Detectors (fingerprint, melody, harmony, rhythm) that say it is the same music. */
  votes: number;
}

interface Ownership {
  evidence: Evidence[];
  /** Highest aligned melodic correlation with another owner's work (0 when none was aligned). */
  melodicOther: number;
  summaryOther: number | null;
}

function verifyOwnership(candidates: Candidate[], summaryOther: number | null, ownerId: string | undefined, query: MelodicDescriptor): Ownership {
  const evidence: Evidence[] = [];
  let melodicOther = 0;
  for (const c of candidates) {
    const own = ownerId !== undefined && c.work.owner === ownerId;
    const melodicSimilarity = c.melodic?.similarity ?? 0;
    if (!own) melodicOther = Math.max(melodicOther, melodicSimilarity);
    const fingerprintVote = c.fingerprint !== null && c.fingerprint.bitErrorRate < MATCH_BER;
    const melodicVote = melodicSimilarity >= MELODIC_MATCH;
    if (!fingerprintVote && !melodicVote) continue;
    // Harmony (a key profile) and groove alone are shared by countless unrelated songs: they only
    // confirm a work the fingerprint or the melody already points at.
    const votes = Number(fingerprintVote) + Number(melodicVote) + Number(c.harmonicSimilarity >= HARMONIC_AGREES) + Number(c.rhythmSimilarity >= RHYTHM_AGREES);
    evidence.push({ match: workMatch(c, fingerprintVote, query), own, votes });
  }
  evidence.sort((a, b) => b.match.similarity - a.match.similarity);
  return { evidence, melodicOther, summaryOther };
}

function workMatch(c: Candidate, byFingerprint: boolean, query: MelodicDescriptor): WorkMatch {
  const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
  if (byFingerprint) {
    const f = c.fingerprint!;
    return { workId: c.work.workId, owner: c.work.owner, similarity: round(100 * f.similarity, 1), kind: 'fingerprint', offsetSeconds: round(f.offsetSeconds, 2), semitones: 0, tempoRatio: 1 };
  }
  const m = c.melodic!;
  const transposed = m.semitones !== 0;
  const tempoChanged = Math.abs(c.tempoRatio - 1) > TEMPO_TOLERANCE;
  const kind: MatchKind = transposed && tempoChanged ? 'transposed_tempo_changed' : transposed ? 'transposed' : tempoChanged ? 'tempo_changed' : 'melodic';
  return {
    workId: c.work.workId,
    owner: c.work.owner,
    similarity: round(100 * m.similarity, 1),
    kind,
    // The upload's time 0 in the work: its first row sits at work row offsetRows, and each of its
    // rows spans 1 / beatRatio of the work's rows.
    offsetSeconds: round(c.work.firstBeatSeconds + (m.offsetRows - query.firstBeatSeconds / query.rowSeconds / m.beatRatio) * c.work.rowSeconds, 2),
    semitones: m.semitones,
    tempoRatio: round(c.tempoRatio, 3),
  };
}

const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

/**
 * The published rule: four equal metrics of 25 %, each 0–100, pass at 80. Each is measured
 * against other owners' works only:
 *
 * - databaseComparison = 0 when the fingerprint index holds another owner's recording of it
 *   (aligned bit error rate < MATCH_BER), else 100.
 * - aiPatternRecognition = 100 · clamp((MELODIC_MATCH − m) / MELODIC_BAND), m the best aligned
 *   melodic correlation (any transposition, lag and beat rate) with a candidate: 100 up to 0.50,
 *   0 from 0.65, where the melody alone is a match.
 * - uniqueness = 100 · clamp((SUMMARY_MATCH − u) / SUMMARY_BAND), u the best summary correlation
 *   with any work in the registry (the whole-registry scan): 100 up to 0.70, 0 from 0.84.
 * - networkConsensus = 100 − 25 · v, v the detectors (fingerprint, melody, harmony ≥ 0.8, rhythm
 *   ≥ 0.9) agreeing on the best-matched work; harmony and rhythm only count for a work the
 *   fingerprint or melody flags.
 *
 * A decisive match sets databaseComparison or aiPatternRecognition to 0, so a conflict always
 * scores at most 75.
 */
function assessClearance(features: AudioFeatures, ownership: Ownership, indexes: CopyrightAnalysis['indexes']): CopyrightAnalysis {
  const others = ownership.evidence.filter((e) => !e.own);
  const metrics: ClearanceMetrics = {
    uniqueness: ownership.summaryOther === null ? 100 : 100 * clamp01((SUMMARY_MATCH - ownership.summaryOther) / SUMMARY_BAND),
    aiPatternRecognition: 100 * clamp01((MELODIC_MATCH - ownership.melodicOther) / MELODIC_BAND),
    networkConsensus: 100 - 25 * Math.max(0, ...others.map((e) => e.votes)),
    databaseComparison: others.some((e) => e.match.kind === 'fingerprint') ? 0 : 100,
  };
  for (const key of Object.keys(metrics) as (keyof ClearanceMetrics)[]) metrics[key] = Math.round(metrics[key] * 10) / 10;
  const clearanceScore = Math.round(((metrics.uniqueness + metrics.aiPatternRecognition + metrics.networkConsensus + metrics.databaseComparison) / 4) * 10) / 10;
  const conflicts = others.map((e) => e.match);
  const status: ClearanceStatus = conflicts.length > 0 ? 'conflict' : clearanceScore >= CLEARANCE_THRESHOLD ? 'cleared' : 'needs_review';
  const ownWorks = ownership.evidence.filter((e) => e.own).map((e) => e.match);
  return {
    clearanceScore,
    status,
    audioFingerprint: fingerprintName(features.fingerprint),
    melodicId: features.melodicId,
    harmonicId: features.harmonicId,
    rhythmicId: features.rhythmicId,
    databasesChecked: indexes.length,
    recordsScanned: indexes.reduce((sum, i) => sum + i.records, 0),
    conflicts,
    recommendations: recommend(status, conflicts, ownWorks, metrics),
    reason: reasonFor(status, conflicts, clearanceScore),
    metrics,
    ownWorks,
    indexes,
    durationSeconds: Math.round(features.durationSeconds * 100) / 100,
    tempoBpm: Math.round(features.tempoBpm * 10) / 10,
    key: features.key,
    registeredWorkId: null,
  };
}

function fingerprintName(fingerprint: Fingerprint): string {
  const items = fingerprint.items;
  const hash = createHash('sha256').update(new Uint8Array(items.buffer, items.byteOffset, items.byteLength)).digest('hex');
  return `gfp1-${items.length}-${hash.slice(0, 24)}`;
}

function describe(match: WorkMatch): string {
  const work = `registered work ${match.workId} by ${match.owner}`;
  const evidence = `(${match.similarity}% similar, from ${match.offsetSeconds} s)`;
  if (match.kind === 'fingerprint') return `Same recording as ${work} ${evidence}`;
  if (match.kind === 'melodic') return `Same melody and harmony as ${work} ${evidence}`;
  const changes: string[] = [];
  if (match.kind !== 'tempo_changed') changes.push(`transposed ${match.semitones > 0 ? '+' : ''}${match.semitones} semitones`);
  if (match.kind !== 'transposed') changes.push(`at ${match.tempoRatio}× its tempo`);
  return `Same music as ${work}, ${changes.join(' and ')} ${evidence}`;
}

function reasonFor(status: ClearanceStatus, conflicts: WorkMatch[], score: number): string | null {
  if (status === 'cleared') return null;
  if (status === 'needs_review') return `Clearance score ${score}% is below the ${CLEARANCE_THRESHOLD}% threshold: close to registered works without a decisive match`;
  const [first, ...rest] = conflicts;
  return `${describe(first!)}${rest.length > 0 ? `, and ${rest.length} more registered work${rest.length > 1 ? 's' : ''}` : ''}`;
}

function recommend(status: ClearanceStatus, conflicts: WorkMatch[], ownWorks: WorkMatch[], metrics: ClearanceMetrics): string[] {
  const out: string[] = [];
  if (status === 'cleared') out.push('Cleared for registration: no registered work by another owner matches.');
  if (status === 'conflict') {
    out.push('Do not register or distribute this content: it matches a registered work by another owner.');
    out.push('If you hold rights to it, license it from the owner or open a dispute with your evidence.');
    if (conflicts.some((c) => c.kind !== 'fingerprint')) out.push('Transposing or changing the tempo of a registered work does not make it a new work.');
  }
  if (status === 'needs_review') {
    out.push('Registration is held for review: the content is close to registered works but no match is decisive.');
    if (metrics.uniqueness < 50) out.push('Its overall musical profile is very close to a registered work; a reviewer will compare them.');
    if (metrics.aiPatternRecognition < 50) out.push('Its melody is close to a registered work; a reviewer will compare them.');
  }
  if (ownWorks.length > 0) out.push(`Matches ${ownWorks.length} of your own registered work${ownWorks.length > 1 ? 's' : ''} (${ownWorks.map((w) => w.workId).join(', ')}): not a conflict; register it as a new version only if it is one.`);
  return out;
}
