// The copyright oracle for audio: an upload is compared with every registered work, by acoustic
// fingerprint (the same recording, re-encoded, cut, louder or downmixed) and by musical descriptors
// (the same music transposed or at another tempo, which the fingerprint misses), and scored by the
// platform's published rule: four equal metrics of 25 points, pass at 80.
//
// The eight stages the user sees (COPYRIGHT_ANALYSIS_STAGES), reported as the work reaches them:
//  1. Audio Fingerprinting: decode once to 11025 Hz mono; the acoustic fingerprint (4 phases).
//  2. Melodic Pattern Recognition: chroma, onsets, beats; the melodic sequence, half-beat chroma
//     without its sustained harmony (melodicId).
//  3. Database Comparison: the fingerprint looked up in the registry's fingerprint index.
//  4. AI Pattern Matching: the key/tempo-invariant summary compared with every work in the
//     descriptor index; the closest ones (and fingerprint matches) aligned half beat by half beat
//     over every transposition and lag.
//  5. Rhythmic Analysis: tempo and groove (rhythmicId), compared with the candidates.
//  6. Harmonic Structure: key and pitch-class profile (harmonicId), compared with the candidates.
//  7. Ownership Verification: a match with the uploader's own work is reported, not a conflict; a
//     match with a rights holder's reference recording is never a conflict either: it holds the
//     upload for review (referenceMatches), named by title and holder, unless the uploader is the holder.
//  8. Clearance Assessment: the four metrics, the score, the status and the recommendations.
//
// Scale (docs/copyright-oracle.md, "At a million recordings"): the fingerprint lookup reads only the
// posting buckets of the query's keys; the descriptor scan compares the query with every summary
// quantised in process memory (descriptor-shortlist.ts) and ranks the best few hundred exactly; the
// counts a result states come from audio_index_counts, kept by triggers.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { logger } from '../logger/logger';
import {
  alignAcrossTempi,
  alignMelody,
  analysePcm,
  beatRatiosFor,
  correlation,
  findMelodicPassage,
  harmonicDescriptor,
  melodicDescriptor,
  ONSET_FRAMES_PER_SECOND,
  querySummaries,
  timedQuerySummaries,
  rhythmDescriptor,
  rotate,
  type HarmonicDescriptor,
  type MelodicAlignment,
  type MelodicDescriptor,
  type MelodicPassage,
  type RhythmDescriptor,
  TIMED_ROW_SECONDS,
  type TempoAlignment,
} from './descriptors';
import { decodeForFingerprint, FINGERPRINT_SAMPLE_RATE, fingerprintPcm, fingerprintQueryPcm, ITEMS_PER_SECOND, MATCH_BER, type Fingerprint } from './fingerprint';
import { FingerprintIndex, fingerprintIndexMigrations, type IndexMatch, type IndexPassage } from './fingerprint-index';
import { DescriptorShortlist, type ShortlistResult } from './descriptor-shortlist';
import { bytesOf, float32FromBytes } from './typed-bytes';
import { COPYRIGHT_ANALYSIS_STAGES, COPYRIGHT_CHECK_MIN_SECONDS } from '../../domain/constants';
import { REFERENCE_MATCH_KIND_TEXT, type AcoustidState, type ExternalMatch, type ReferenceMatch, type SearchedSources } from '../../domain/contracts/copyright-sources';

/** The eight stages the user sees (domain/constants), reported as the work reaches them. */
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
 * needs_review: no decisive match, but the score is under 80 (near-threshold similarities), or the
 *   upload matches a rights holder's reference recording or a recording AcoustID knows; may not be
 *   registered until a person has looked.
 */
export type ClearanceStatus = 'cleared' | 'conflict' | 'needs_review';

/** How a registered work was recognised. */
export type MatchKind = 'fingerprint' | 'transposed' | 'tempo_changed' | 'transposed_tempo_changed' | 'melodic';

/** A stretch of time in one recording, in seconds. */
export interface TimeRange {
  startSeconds: number;
  endSeconds: number;
}

/** How a registered work is named to other creators: never by an internal user id. */
export interface RegisteredWorkName {
  title: string;
  /** The creator's public username. */
  owner: string;
  /** ISO 8601. */
  registeredAt: string;
}

export interface WorkMatch extends RegisteredWorkName {
  workId: string;
  /** 0–100: fingerprint 100·(1 − 2·bit error rate), otherwise 100 × the aligned melodic correlation (by beats, or on the time grid across tempo ratios). */
  similarity: number;
  kind: MatchKind;
  /** Where the upload starts in the registered work, in seconds (negative: before it). */
  offsetSeconds: number;
  /** The upload is the work this many semitones higher (0 for a fingerprint match). */
  semitones: number;
  /** Upload tempo ÷ work tempo. */
  tempoRatio: number;
  /** The matched stretch in the upload and in the work. */
  upload: TimeRange;
  work: TimeRange;
}

/**
 * Evidence that part of the upload is copied without the whole being a copy: a stretch of the
 * same recording (a sample) or of the same melody (transposed or not), named in both recordings so
 * a person can listen to the two side by side.
 */
export interface CopiedPassage extends RegisteredWorkName {
  workId: string;
  kind: 'recording' | 'melody';
  /** 0–100: 100·(1 − 2·bit error rate) over a recording passage, 100 × the melodic correlation over its best window. */
  similarity: number;
  upload: TimeRange;
  work: TimeRange;
}

export interface ClearanceMetrics {
  uniqueness: number;
  aiPatternRecognition: number;
  networkConsensus: number;
  databaseComparison: number;
}

/** The copyright analysis result, plus what explains it. */
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
  /** Copied passages of works that do not match whole: why a check is held for review. */
  passages: CopiedPassage[];
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
  /** What the check searched: GOOSE works, references and their holders, and whether AcoustID was asked. */
  searched: SearchedSources;
  /** Rights holders' reference recordings the upload matched: the check is held for review. */
  referenceMatches: ReferenceMatch[];
  /** Recordings AcoustID found for the upload: the check is held for review. */
  externalMatches: ExternalMatch[];
}

export const CLEARANCE_THRESHOLD = 80;
/** Aligned melodic correlation from which two recordings are the same music; the metric falls to 0 over the band below it. */
export const MELODIC_MATCH = 0.65;
const MELODIC_BAND = 0.15;
/** A melodic passage: PASSAGE_ROWS half beats (16 beats) whose aligned rows correlate at PASSAGE_MATCH or more on average. */
const PASSAGE_ROWS = 32;
const PASSAGE_MATCH = 0.8;
/**
 * Copied passages of one work that cover this share of the upload make it a copy of that work, not
 * a quotation: a beat tracker that slips, or a re-timed recording, breaks one whole-piece alignment
 * into stretches that each match. (A third would catch more re-timed copies of real music, but a
 * 10-s quotation in a 30-s piece would then count as a copy.)
 */
const COPY_COVERAGE = 0.5;
/**
 * Passages covering this share and at least COPY_SECONDS_NEAR_MATCH, where the whole alignment with
 * the same work is also in the near-miss band (MELODIC_MATCH − MELODIC_BAND or more), make a copy
 * too: two signs of one work. On the corpus, re-timed copies whose tracker slipped showed 0.2–0.5
 * of coverage (36–74 s) with a whole alignment of 0.52–0.62, and no unrelated piece showed a passage
 * at all. The floor in seconds keeps a short quotation, which lifts the whole alignment of a short
 * piece by itself, a quotation.
 */
const COPY_COVERAGE_NEAR_MATCH = 0.2;
const COPY_SECONDS_NEAR_MATCH = 30;
/**
 * When the timed melodic sequences (half-second rows, aligned over tempo ratios 0.84–1.19) make two
 * recordings the same music. Trying that many ratios, transpositions and lags, a chance alignment's
 * best mean correlation grows as the overlap shrinks (roughly as 1/√rows), so the bar is
 * TIMED_SIGNIFICANCE / √(overlap rows), and never under TIMED_MATCH. On the corpus, transposed and
 * re-timed copies scored 12 or more on that scale (correlation 0.63–0.93 over 70 s to 7 min; the one
 * exception, a sparse ambient piece, 3) and the best wrong work, sharing composer, ensemble or key,
 * 3.6 at most (0.32 over 65 s); generated 30-s loops on one scale reach 3.5 (0.54 over 14.5 s).
 */
const TIMED_SIGNIFICANCE = 6;
const TIMED_MATCH = 0.45;
/** Other owners' candidates (besides whole matches) whose best coarse timed alignment is refined. */
const TIMED_REFINED = 3;
/** Confirming votes for network consensus (counted only for a work the fingerprint or melody flags). */
const HARMONIC_AGREES = 0.8;
const RHYTHM_AGREES = 0.9;
/** Tempo ratios within 3 % of 1 are the same tempo. */
const TEMPO_TOLERANCE = 0.03;
/** Works per owner class (others, the uploader) aligned after the summary scan, besides fingerprint matches. */
const SCAN_CANDIDATES = 20;
/**
 * Works per owner class added by the timed summary's scan. Among 200,000 synthetic summaries, every
 * transposed or re-timed corpus copy the timed scan found at all had its original among its 5
 * nearest; 10 leaves room for a larger registry at a few more alignments.
 */
const TIMED_SCAN_CANDIDATES = 10;

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
  {
    // Conflicts name the registered work by its title and its creator's public username.
    id: 'audio-descriptor-index-2-names',
    sql: `
      ALTER TABLE audio_descriptors ADD COLUMN IF NOT EXISTS title text NOT NULL DEFAULT '';
      ALTER TABLE audio_descriptors ADD COLUMN IF NOT EXISTS owner_name text NOT NULL DEFAULT '';
    `,
  },
  {
    // The melodic sequence on a time grid, aligned across tempo ratios where the beat-synchronous
    // one fails. Works registered before it have none and are aligned by beats only.
    id: 'audio-descriptor-index-3-timed-sequence',
    sql: `ALTER TABLE audio_descriptors ADD COLUMN IF NOT EXISTS timed_sequence bytea;`,
  },
  {
    // Reference recordings that rights holders delivered sit in the same indexes as GOOSE works
    // (source 'reference', owner the holder's id, owner_name the holder's name): one lookup finds
    // both, and the source says how a match is treated. References are never in the public registry.
    id: 'audio-index-4-sources',
    sql: `
      ALTER TABLE audio_works ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'work';
      ALTER TABLE audio_descriptors ADD COLUMN IF NOT EXISTS source text NOT NULL DEFAULT 'work';
      CREATE INDEX IF NOT EXISTS audio_works_source_owner ON audio_works (source, owner);
    `,
  },
  {
    // What a check searched is stated with every result: counting a million rows for it each time
    // costs more than the lookup. Statement triggers keep the counts per source and owner, bulk
    // inserts included.
    id: 'audio-index-5-counts',
    sql: `
      CREATE TABLE IF NOT EXISTS audio_index_counts (
        source text NOT NULL,
        owner text NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (source, owner)
      );
      INSERT INTO audio_index_counts (source, owner, n) SELECT source, owner, count(*) FROM audio_works GROUP BY source, owner ON CONFLICT DO NOTHING;
      CREATE OR REPLACE FUNCTION audio_works_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO audio_index_counts AS c (source, owner, n) SELECT source, owner, count(*) FROM added GROUP BY source, owner ORDER BY source, owner
        ON CONFLICT (source, owner) DO UPDATE SET n = c.n + EXCLUDED.n;
        RETURN NULL;
      END $$;
      CREATE OR REPLACE FUNCTION audio_works_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE audio_index_counts c SET n = c.n - r.n FROM (SELECT source, owner, count(*) AS n FROM removed GROUP BY source, owner) r
        WHERE c.source = r.source AND c.owner = r.owner;
        RETURN NULL;
      END $$;
      DROP TRIGGER IF EXISTS audio_works_counted_insert ON audio_works;
      CREATE TRIGGER audio_works_counted_insert AFTER INSERT ON audio_works REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION audio_works_counts_added();
      DROP TRIGGER IF EXISTS audio_works_counted_delete ON audio_works;
      CREATE TRIGGER audio_works_counted_delete AFTER DELETE ON audio_works REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION audio_works_counts_removed();
    `,
  },
  {
    // The summary of the timed sequence, for the shortlist's second scan (descriptor-shortlist.ts):
    // it finds copies whose beats were tracked differently from their original's. Works registered
    // before it have none and are shortlisted by their beat summary only.
    id: 'audio-index-6-timed-summary',
    sql: `ALTER TABLE audio_descriptors ADD COLUMN IF NOT EXISTS timed_summary bytea;`,
  },
];

/** Where an indexed recording came from: a GOOSE work, or a rights holder's reference recording. */
export type IndexedSource = 'work' | 'reference';

/** The descriptors the descriptor index keeps per work, compared at lookup. */
interface DescriptorFields {
  summary: Float32Array;
  melodicSequence: Float32Array;
  /** Null for works registered before timed sequences were kept. */
  timedSequence: Float32Array | null;
  firstBeatSeconds: number;
  rowSeconds: number;
  tempoBpm: number;
  rhythm: Float32Array;
  pitchProfile: Float32Array;
}

/** What the index stores of one recording. */
interface AudioFeatures extends DescriptorFields {
  timedSequence: Float32Array;
  timedSummary: Float32Array;
  fingerprint: Fingerprint;
  durationSeconds: number;
  key: string;
  melodicId: string;
  harmonicId: string;
  rhythmicId: string;
}

/** What an outside catalogue (AcoustID) answered for one upload. */
export interface ExternalCatalogueAnswer {
  state: AcoustidState;
  matches: ExternalMatch[];
  /** Why it was not asked or failed, in plain words. */
  note?: string;
}

/** An outside catalogue the check also asks (AcoustID when configured). */
export interface ExternalCatalogue {
  lookup(file: string, durationSeconds: number): Promise<ExternalCatalogueAnswer>;
}

export interface AnalyzeOptions {
  db: Db;
  /** AcoustID or another outside catalogue; without one the result says it was not asked. */
  externalCatalogue?: ExternalCatalogue;
  /** The uploader: their own registered works are not conflicts. */
  ownerId?: string;
  onProgress?: (progress: OracleProgress) => void;
  /** Register the upload as this work (owned by ownerId) when, and only when, it is cleared. */
  registerAs?: WorkRegistration;
}

/** A work as the registry keeps it: its id and how other creators see it named. */
export interface WorkRegistration {
  workId: string;
  title: string;
  /** The owner's public username (the owner id stays internal). */
  ownerName: string;
}

/** The audio is shorter than the oracle can analyse: the same file always fails, so it is not retried. */
export class AudioTooShortError extends Error {
  constructor(readonly seconds: number) {
    super(`The audio is too short to analyse: ${seconds.toFixed(1)} s (the copyright check needs at least ${COPYRIGHT_CHECK_MIN_SECONDS} s)`);
    this.name = 'AudioTooShortError';
  }
}

/** Analyses an audio (or video) file against the registry; see AnalyzeOptions.registerAs. */
export async function analyzeAudio(file: string, options: AnalyzeOptions): Promise<CopyrightAnalysis> {
  const { db, ownerId, onProgress, registerAs, externalCatalogue } = options;
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
    if (pcm.length < COPYRIGHT_CHECK_MIN_SECONDS * FINGERPRINT_SAMPLE_RATE) throw new AudioTooShortError(pcm.length / FINGERPRINT_SAMPLE_RATE);
    return { pcm, fingerprints: fingerprintQueryPcm(pcm) };
  });
  const { analysis, melodic, summaries } = await stage(() => {
    const analysis = analysePcm(pcm);
    const melodic = melodicDescriptor(analysis);
    return { analysis, melodic, summaries: { summaries: querySummaries(analysis, melodic), timedSummaries: timedQuerySummaries(melodic) } };
  });
  // The descriptor shortlist is computed in process while the database reads the fingerprint postings.
  let shortlist: Promise<ShortlistResult> | undefined;
  const { lookup, sources, external } = await stage(async () => {
    const lookup = new FingerprintIndex(db).lookup(fingerprints);
    shortlist = DescriptorShortlist.of(db).nearest(db, summaries, ownerId, SCAN_CANDIDATES, TIMED_SCAN_CANDIDATES);
    shortlist.catch(() => undefined);
    const [found, sources, external] = await Promise.all([lookup, indexedSources(db), askExternalCatalogue(externalCatalogue, file, pcm.length / FINGERPRINT_SAMPLE_RATE)]);
    return { lookup: found, sources, external };
  });
  const queryBpm = (60 * ONSET_FRAMES_PER_SECOND) / analysis.period;
  const scan = await stage(async () => {
    const scanned = await shortlist!;
    const ids = new Set([...scanned.nearest.map((n) => n.workId), ...lookup.matches.map((m) => m.workId), ...lookup.passages.map((p) => p.workId)]);
    const candidates: Candidate[] = (await loadDescriptors(db, [...ids])).map((work) => {
      const beatRatios = beatRatiosFor(queryBpm / work.tempoBpm);
      const alignment = alignMelody(melodic.sequence, work.melodicSequence, beatRatios);
      const melodicMatch = (alignment?.similarity ?? 0) >= MELODIC_MATCH;
      return {
        work,
        fingerprint: lookup.matches.find((m) => m.workId === work.workId) ?? null,
        recordingPassage: lookup.passages.find((p) => p.workId === work.workId) ?? null,
        melodic: alignment,
        // A passage is only sought where the whole does not match (a match already names its
        // stretch), and never in the uploader's own works, which are not evidence against them.
        melodicPassage: melodicMatch || work.ownerId === ownerId ? null : findMelodicPassage(melodic.sequence, work.melodicSequence, beatRatios, PASSAGE_ROWS, PASSAGE_MATCH),
        timed: null,
        rhythmSimilarity: 0,
        tempoRatio: 1,
        harmonicSimilarity: 0,
      };
    });
    alignAcrossTempo(candidates, melodic.timedSequence, ownerId);
    return { ...scanned, candidates };
  });
  const rhythm = await stage(() => {
    const rhythm = rhythmDescriptor(analysis);
    for (const c of scan.candidates) {
      c.rhythmSimilarity = correlation(rhythm.pattern, c.work.rhythm);
      c.tempoRatio = timedMatch(c) ? c.timed!.tempoRatio : rhythm.bpm / (c.work.tempoBpm * (c.melodic?.beatRatio ?? 1));
    }
    return rhythm;
  });
  const harmonic = await stage(() => {
    const harmonic = harmonicDescriptor(analysis);
    for (const c of scan.candidates) c.harmonicSimilarity = correlation(harmonic.pitchProfile, rotate(c.work.pitchProfile, (timedMatch(c) ? c.timed!.semitones : c.melodic?.semitones) ?? 0));
    return harmonic;
  });
  const features = featuresOf(pcm, fingerprints[0]!, melodic, rhythm, harmonic);
  const ownership = await stage(() => verifyOwnership(scan.candidates, ownerId, melodic, features.durationSeconds));
  const result = await stage(async () => {
    const result = assessClearance(
      features,
      ownership,
      [
        { name: 'acoustic-fingerprint', records: lookup.recordsScanned },
        { name: 'descriptor', records: scan.recordsScanned },
      ],
      { ...sources, acoustid: external.state, ...(external.note ? { acoustidNote: external.note } : {}) },
      external.matches,
    );
    if (registerAs !== undefined && result.status === 'cleared') {
      await storeWork(db, { ...registerAs, owner: ownerId! }, features);
      result.registeredWorkId = registerAs.workId;
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

interface StoredDescriptors extends DescriptorFields, RegisteredWorkName {
  workId: string;
  /** The owner's internal id (a reference's holder): compared with the uploader's, never shown. */
  ownerId: string;
  durationSeconds: number;
  /** A GOOSE work (a match is a conflict) or a rights holder's reference (a match holds the upload). */
  source: IndexedSource;
}

interface Candidate {
  work: StoredDescriptors;
  fingerprint: IndexMatch | null;
  recordingPassage: IndexPassage | null;
  melodic: MelodicAlignment | null;
  melodicPassage: MelodicPassage | null;
  /** The timed sequences aligned across tempo ratios, for the few other owners' works it is tried on. */
  timed: TempoAlignment | null;
  rhythmSimilarity: number;
  tempoRatio: number;
  harmonicSimilarity: number;
}

const beatMatch = (c: Candidate): boolean => (c.melodic?.similarity ?? 0) >= MELODIC_MATCH;
const timedMatch = (c: Candidate): boolean => {
  if (beatMatch(c) || !c.timed) return false;
  const rows = c.timed.overlapSeconds / TIMED_ROW_SECONDS;
  return c.timed.similarity >= Math.max(TIMED_MATCH, TIMED_SIGNIFICANCE / Math.sqrt(rows));
};

/**
 * The timed alignment, where beats fail: a beat tracker may count a transposed or re-timed copy at
 * another metrical level than the original, or drift on sparse music. Every other owner's candidate
 * not already matched whole is aligned at coarse tempo ratios (cheap: half-second rows), and the
 * TIMED_REFINED best are refined in finer steps.
 */
function alignAcrossTempo(candidates: Candidate[], query: Float32Array, ownerId: string | undefined): void {
  const open = candidates.filter((c) => c.work.ownerId !== ownerId && c.work.timedSequence && !beatMatch(c) && !(c.fingerprint && c.fingerprint.bitErrorRate < MATCH_BER));
  const coarse = open.map((c) => ({ c, alignment: alignAcrossTempi(query, c.work.timedSequence!) })).filter((a) => a.alignment !== null);
  coarse.sort((a, b) => b.alignment!.similarity - a.alignment!.similarity);
  for (const { c, alignment } of coarse.slice(0, TIMED_REFINED)) c.timed = alignAcrossTempi(query, c.work.timedSequence!, alignment!.tempoRatio);
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

/** How a work registered before titles were kept is named. */
const UNNAMED = { title: 'an untitled work', owner: 'another creator' };

async function loadDescriptors(db: Queryable, workIds: string[]): Promise<StoredDescriptors[]> {
  if (workIds.length === 0) return [];
  const { rows } = await db.query<{
    work_id: string;
    owner: string;
    title: string;
    owner_name: string;
    registered_at: Date | string;
    duration_seconds: number;
    summary: Uint8Array;
    melodic_sequence: Uint8Array;
    timed_sequence: Uint8Array | null;
    first_beat_seconds: number;
    row_seconds: number;
    tempo_bpm: number;
    rhythm: Uint8Array;
    pitch_profile: Uint8Array;
    source: string;
  }>(
    `SELECT d.work_id, d.owner, d.title, d.owner_name, d.registered_at, w.duration_seconds, d.source, d.summary, d.melodic_sequence, d.timed_sequence, d.first_beat_seconds, d.row_seconds, d.tempo_bpm, d.rhythm, d.pitch_profile
     FROM audio_descriptors d JOIN audio_works w USING (work_id) WHERE d.work_id = ANY($1::text[])`,
    [workIds],
  );
  return rows.map((r) => ({
    workId: r.work_id,
    ownerId: r.owner,
    title: r.title || UNNAMED.title,
    owner: r.owner_name || UNNAMED.owner,
    registeredAt: new Date(r.registered_at).toISOString(),
    durationSeconds: Number(r.duration_seconds),
    summary: float32FromBytes(r.summary),
    melodicSequence: dequantise(r.melodic_sequence),
    timedSequence: r.timed_sequence ? dequantise(r.timed_sequence) : null,
    firstBeatSeconds: Number(r.first_beat_seconds),
    rowSeconds: Number(r.row_seconds),
    tempoBpm: Number(r.tempo_bpm),
    rhythm: float32FromBytes(r.rhythm),
    pitchProfile: float32FromBytes(r.pitch_profile),
    source: r.source === 'reference' ? 'reference' : 'work',
  }));
}

/** A Db whose queries and transactions all run inside an open transaction. */
function insideTransaction(db: Db, tx: Queryable): Db {
  return { kind: db.kind, query: (sql, params) => tx.query(sql, params), transaction: (work) => work(tx), close: () => Promise.resolve() };
}

/** Adds (or replaces) a work in both indexes, in one transaction: the one place a work is registered. */
async function storeWork(db: Db, work: WorkRegistration & { owner: string; source?: IndexedSource }, features: AudioFeatures): Promise<void> {
  await db.transaction(async (tx) => {
    const source = work.source ?? 'work';
    await new FingerprintIndex(insideTransaction(db, tx)).register(work.workId, work.owner, features.fingerprint, source);
    await tx.query(
      `INSERT INTO audio_descriptors (work_id, owner, title, owner_name, summary, melodic_sequence, timed_sequence, first_beat_seconds, row_seconds, tempo_bpm, rhythm, pitch_profile, melodic_id, harmonic_id, rhythmic_id, source, timed_summary)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        work.workId,
        work.owner,
        work.title,
        work.ownerName,
        bytesOf(features.summary),
        quantise(features.melodicSequence),
        quantise(features.timedSequence),
        features.firstBeatSeconds,
        features.rowSeconds,
        features.tempoBpm,
        bytesOf(features.rhythm),
        bytesOf(features.pitchProfile),
        features.melodicId,
        features.harmonicId,
        features.rhythmicId,
        source,
        bytesOf(features.timedSummary),
      ],
    );
  });
}

/** A rights holder's reference recording, indexed so uploads are compared with it. */
export interface ReferenceRegistration {
  referenceId: string;
  title: string;
  /** The holder's internal id (compared, never shown) and the name uploaders see. */
  holderId: string;
  holderName: string;
  file: string;
}

/** Indexes a reference recording (or replaces it): never published, found by every later check. */
export async function registerReference(db: Db, reference: ReferenceRegistration): Promise<{ durationSeconds: number }> {
  const pcm = await decodeForFingerprint(reference.file);
  if (pcm.length < COPYRIGHT_CHECK_MIN_SECONDS * FINGERPRINT_SAMPLE_RATE) throw new AudioTooShortError(pcm.length / FINGERPRINT_SAMPLE_RATE);
  const analysis = analysePcm(pcm);
  const features = featuresOf(pcm, fingerprintPcm(pcm), melodicDescriptor(analysis), rhythmDescriptor(analysis), harmonicDescriptor(analysis));
  await storeWork(db, { workId: reference.referenceId, title: reference.title, ownerName: reference.holderName, owner: reference.holderId, source: 'reference' }, features);
  return { durationSeconds: round(features.durationSeconds, 2) };
}

/** Takes a reference recording out of the indexes. */
export async function removeReference(db: Db, referenceId: string): Promise<void> {
  await db.query(`DELETE FROM audio_works WHERE work_id = $1 AND source = 'reference'`, [referenceId]);
}

/** How many GOOSE works and reference recordings (and their holders) a check searches now. */
export async function indexedSources(db: Queryable): Promise<Pick<SearchedSources, 'works' | 'references' | 'referenceHolders'>> {
  const { rows } = await db.query<{ works: string | number | null; references: string | number | null; holders: string | number }>(
    `SELECT sum(n) FILTER (WHERE source = 'work') AS works, sum(n) FILTER (WHERE source = 'reference') AS references,
            count(*) FILTER (WHERE source = 'reference' AND n > 0) AS holders FROM audio_index_counts`,
  );
  return { works: Number(rows[0]?.works ?? 0), references: Number(rows[0]?.references ?? 0), referenceHolders: Number(rows[0]?.holders ?? 0) };
}

/**
 * Registers a known work without clearing it first (an existing catalogue, a test registry). An
 * upload is registered through analyzeAudio's registerAs, which only stores cleared content.
 */
export async function registerWork(db: Db, work: WorkRegistration & { owner: string; file: string }): Promise<void> {
  const pcm = await decodeForFingerprint(work.file);
  const analysis = analysePcm(pcm);
  const features = featuresOf(pcm, fingerprintPcm(pcm), melodicDescriptor(analysis), rhythmDescriptor(analysis), harmonicDescriptor(analysis));
  await storeWork(db, work, features);
}

function featuresOf(pcm: Float32Array, fingerprint: Fingerprint, melodic: MelodicDescriptor, rhythm: RhythmDescriptor, harmonic: HarmonicDescriptor): AudioFeatures {
  return {
    fingerprint,
    durationSeconds: pcm.length / FINGERPRINT_SAMPLE_RATE,
    summary: melodic.summary,
    melodicSequence: melodic.sequence,
    timedSequence: melodic.timedSequence,
    timedSummary: melodic.timedSummary,
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
  /** Whole-recording matches (decisive), the uploader's own included. */
  evidence: Evidence[];
  /** Other owners' works of which only a passage is in the upload. */
  passages: CopiedPassage[];
  /** Detectors agreeing on the other owner's work with the most of them. */
  mostVotes: number;
  /** Highest aligned melodic correlation with another owner's work (0 when none was aligned). */
  melodicOther: number;
  /** Seconds of the upload covered by other owners' matched or copied material. */
  copiedSeconds: number;
  /** Other holders' reference recordings found whole or in part: they hold the upload, outside the score. */
  referenceMatches: ReferenceMatch[];
  /** Titles of the uploader's own reference recordings it matched (they hold references): reported, never held. */
  ownReferences: string[];
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * Sorts the candidates into evidence: other owners' GOOSE works (conflicts, passages and the
 * metrics), the uploader's own works, and rights holders' references. A reference is recognised by
 * the same rules as a work, but it is never a conflict and never moves the score (the published
 * rule measures GOOSE works): a match holds the upload for review, named by title and holder.
 */
function verifyOwnership(candidates: Candidate[], ownerId: string | undefined, query: MelodicDescriptor, durationSeconds: number): Ownership {
  const evidence: Evidence[] = [];
  const passages: CopiedPassage[] = [];
  const referenceMatches: ReferenceMatch[] = [];
  const ownReferences: string[] = [];
  let melodicOther = 0;
  let mostVotes = 0;
  for (const c of candidates) {
    const own = ownerId !== undefined && c.work.ownerId === ownerId;
    const reference = c.work.source === 'reference';
    const melodicSimilarity = c.melodic?.similarity ?? 0;
    if (!own && !reference) melodicOther = Math.max(melodicOther, melodicSimilarity);
    // Harmony (a key profile) and groove alone are shared by countless unrelated songs: they only
    // confirm a work the fingerprint or the melody already points at.
    const confirmations = Number(c.harmonicSimilarity >= HARMONIC_AGREES) + Number(c.rhythmSimilarity >= RHYTHM_AGREES);
    const fingerprintVote = c.fingerprint !== null && c.fingerprint.bitErrorRate < MATCH_BER;
    const melodicVote = beatMatch(c) || timedMatch(c);
    if (fingerprintVote || melodicVote) {
      const votes = Number(fingerprintVote) + Number(melodicVote) + confirmations;
      const match = workMatch(c, fingerprintVote, query, durationSeconds);
      if (reference && own) ownReferences.push(match.title);
      else if (reference) referenceMatches.push(referenceMatchOf(match, fingerprintVote ? 'recording' : 'music'));
      else evidence.push({ match, own, votes });
      if (!own && !reference) mostVotes = Math.max(mostVotes, votes);
      continue;
    }
    const found = own ? null : copiedPassage(c, query);
    if (!found) continue;
    const nearMatch = melodicSimilarity >= MELODIC_MATCH - MELODIC_BAND;
    const copied = found.coveredSeconds >= COPY_COVERAGE * durationSeconds;
    const copiedNearMatch = nearMatch && found.coveredSeconds >= Math.max(COPY_COVERAGE_NEAR_MATCH * durationSeconds, COPY_SECONDS_NEAR_MATCH);
    if (reference) {
      const whole = copied || copiedNearMatch;
      referenceMatches.push(referenceMatchOf(found.passage, !whole ? 'passage' : found.passage.kind === 'recording' ? 'recording' : 'music'));
    } else if (copied || copiedNearMatch) {
      const votes = 1 + confirmations;
      evidence.push({ match: passageMatch(c, found), own, votes });
      mostVotes = Math.max(mostVotes, votes);
    } else {
      passages.push(found.passage);
      mostVotes = Math.max(mostVotes, 1 + confirmations);
    }
  }
  evidence.sort((a, b) => b.match.similarity - a.match.similarity);
  passages.sort((a, b) => b.upload.endSeconds - b.upload.startSeconds - (a.upload.endSeconds - a.upload.startSeconds));
  referenceMatches.sort((a, b) => b.similarity - a.similarity);
  const copied = [...evidence.filter((e) => !e.own).map((e) => e.match.upload), ...passages.map((p) => p.upload)];
  return { evidence, passages, mostVotes, melodicOther, copiedSeconds: Math.min(durationSeconds, coveredSeconds(copied)), referenceMatches, ownReferences };
}

/** A reference matched whole or in part, named by title and holder (its id stays for the review case, never shown). */
function referenceMatchOf(match: WorkMatch | CopiedPassage, kind: ReferenceMatch['kind']): ReferenceMatch {
  return { referenceId: match.workId, title: match.title, holderName: match.owner, kind, similarity: match.similarity, upload: match.upload, reference: match.work };
}

/** Seconds covered by the union of the ranges. */
function coveredSeconds(ranges: TimeRange[]): number {
  let covered = 0;
  let reach = -Infinity;
  for (const r of [...ranges].sort((a, b) => a.startSeconds - b.startSeconds)) {
    const from = Math.max(r.startSeconds, reach);
    if (r.endSeconds > from) covered += r.endSeconds - from;
    reach = Math.max(reach, r.endSeconds);
  }
  return covered;
}

const nameOf = (work: StoredDescriptors): RegisteredWorkName => ({ title: work.title, owner: work.owner, registeredAt: work.registeredAt });
const range = (startSeconds: number, endSeconds: number): TimeRange => ({ startSeconds: round(startSeconds, 1), endSeconds: round(endSeconds, 1) });

interface FoundPassage {
  passage: CopiedPassage;
  /** Seconds of the upload that follow the work along the passage's alignment (its longest stretch and any others). */
  coveredSeconds: number;
  /** For a melody: the transposition it was found at. */
  semitones: number;
}

/** The passage of another owner's work found in the upload, if any: the one of its recording or of its melody covering more. */
function copiedPassage(c: Candidate, query: MelodicDescriptor): FoundPassage | null {
  const found: FoundPassage[] = [];
  const recording = c.recordingPassage;
  if (recording) {
    const workStart = recording.queryStartSeconds + recording.offsetItems / ITEMS_PER_SECOND;
    found.push({
      passage: {
        workId: c.work.workId,
        ...nameOf(c.work),
        kind: 'recording',
        similarity: round(100 * (1 - 2 * recording.bitErrorRate), 1),
        upload: range(recording.queryStartSeconds, recording.queryStartSeconds + recording.seconds),
        work: range(workStart, workStart + recording.seconds),
      },
      coveredSeconds: recording.coveredSeconds,
      semitones: 0,
    });
  }
  const melody = c.melodicPassage;
  if (melody) {
    const uploadStart = query.firstBeatSeconds + melody.queryStartRow * query.rowSeconds;
    const workStart = c.work.firstBeatSeconds + melody.referenceStartRow * c.work.rowSeconds;
    found.push({
      passage: {
        workId: c.work.workId,
        ...nameOf(c.work),
        kind: 'melody',
        similarity: round(100 * melody.similarity, 1),
        upload: range(uploadStart, uploadStart + melody.queryRows * query.rowSeconds),
        work: range(workStart, workStart + melody.referenceRows * c.work.rowSeconds),
      },
      coveredSeconds: melody.coveredQueryRows * query.rowSeconds,
      semitones: melody.semitones,
    });
  }
  return found.sort((a, b) => b.coveredSeconds - a.coveredSeconds)[0] ?? null;
}

/** How a match was recognised: the same recording, or the same music and what was changed in it. */
function matchKind(byRecording: boolean, semitones: number, tempoRatio: number): MatchKind {
  if (byRecording) return 'fingerprint';
  const transposed = semitones !== 0;
  const tempoChanged = Math.abs(tempoRatio - 1) > TEMPO_TOLERANCE;
  return transposed && tempoChanged ? 'transposed_tempo_changed' : transposed ? 'transposed' : tempoChanged ? 'tempo_changed' : 'melodic';
}

/** A copy found as stretches that together cover most of the upload, named like a whole-piece match. */
function passageMatch(c: Candidate, found: FoundPassage): WorkMatch {
  const { passage } = found;
  const byRecording = passage.kind === 'recording';
  const tempoRatio = byRecording ? 1 : c.tempoRatio;
  const kind = matchKind(byRecording, found.semitones, tempoRatio);
  return {
    workId: passage.workId,
    ...nameOf(c.work),
    similarity: passage.similarity,
    kind,
    offsetSeconds: round(passage.work.startSeconds - passage.upload.startSeconds * tempoRatio, 2),
    semitones: found.semitones,
    tempoRatio: round(tempoRatio, 3),
    upload: passage.upload,
    work: passage.work,
  };
}

function workMatch(c: Candidate, byFingerprint: boolean, query: MelodicDescriptor, durationSeconds: number): WorkMatch {
  const f = c.fingerprint;
  const byTime = !byFingerprint && timedMatch(c);
  const m = byTime ? c.timed! : c.melodic!;
  const tempoRatio = byFingerprint ? 1 : c.tempoRatio;
  const kind = matchKind(byFingerprint, m.semitones, tempoRatio);
  // The upload's time 0 in the work. By beats: its first row sits at work row offsetRows, and each
  // of its rows spans 1 / beatRatio of the work's rows.
  const offsetSeconds = byFingerprint
    ? f!.offsetSeconds
    : byTime
      ? c.timed!.offsetSeconds
      : c.work.firstBeatSeconds + (c.melodic!.offsetRows - query.firstBeatSeconds / query.rowSeconds / c.melodic!.beatRatio) * c.work.rowSeconds;
  // Upload second u is work second offset + u · tempoRatio; the match spans what both recordings hold.
  const uploadStart = Math.max(0, -offsetSeconds / tempoRatio);
  const uploadEnd = Math.max(uploadStart, Math.min(durationSeconds, (c.work.durationSeconds - offsetSeconds) / tempoRatio));
  return {
    workId: c.work.workId,
    ...nameOf(c.work),
    similarity: round(100 * (byFingerprint ? f!.similarity : m.similarity), 1),
    kind,
    offsetSeconds: round(offsetSeconds, 2),
    semitones: byFingerprint ? 0 : m.semitones,
    tempoRatio: round(tempoRatio, 3),
    upload: range(uploadStart, uploadEnd),
    work: range(offsetSeconds + uploadStart * tempoRatio, offsetSeconds + uploadEnd * tempoRatio),
  };
}

const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

/**
 * The published rule: four equal metrics of 25 %, each 0–100, pass at 80. Each measures evidence of
 * copied material in other owners' works, so style, key, tempo or instruments alone never pull a
 * piece under the pass mark: with no copied passage found the score is at least 80.
 *
 * - databaseComparison = 0 when the fingerprint index holds another owner's recording of the
 *   upload or of a passage of it (a sample), else 100.
 * - aiPatternRecognition = 0 when another owner's melody is in the upload (the whole aligned at
 *   MELODIC_MATCH, or a passage of 16 beats at PASSAGE_MATCH); otherwise it falls from 100 to 20
 *   as the best whole alignment nears MELODIC_MATCH, which alone never fails a piece.
 * - uniqueness = 100 × the share of the upload not covered by other owners' matched or copied
 *   material.
 * - networkConsensus = 100 − 25 · v, v the detectors (fingerprint or passage, melody, harmony ≥
 *   0.8, rhythm ≥ 0.9) agreeing on the best-evidenced work; harmony and rhythm only count for a work
 *   already evidenced.
 *
 * Calibration on the real-music corpus (npm run bench:oracle-accuracy, figures in
 * docs/copyright-oracle.md): all 32 unregistered pieces, sharing composers, ensembles and keys
 * with the registered ones, cleared at 100 with no passage found at PASSAGE_MATCH; transposed and
 * re-timed copies kept passages of 0.82–0.99, and 461 of 462 altered copies were conflicts.
 */
function assessClearance(
  features: AudioFeatures,
  ownership: Ownership,
  indexes: CopyrightAnalysis['indexes'],
  searched: SearchedSources,
  externalMatches: ExternalMatch[],
): CopyrightAnalysis {
  const others = ownership.evidence.filter((e) => !e.own);
  const conflicts = others.map((e) => e.match);
  const { passages } = ownership;
  const recordingCopied = conflicts.some((c) => c.kind === 'fingerprint') || passages.some((p) => p.kind === 'recording');
  const melodyCopied = conflicts.some((c) => c.kind !== 'fingerprint') || passages.some((p) => p.kind === 'melody');
  const nearMiss = clamp01((ownership.melodicOther - (MELODIC_MATCH - MELODIC_BAND)) / MELODIC_BAND);
  const metrics: ClearanceMetrics = {
    uniqueness: 100 * (1 - clamp01(ownership.copiedSeconds / Math.max(features.durationSeconds, 1e-9))),
    aiPatternRecognition: melodyCopied ? 0 : 100 - 80 * nearMiss,
    networkConsensus: 100 - 25 * ownership.mostVotes,
    databaseComparison: recordingCopied ? 0 : 100,
  };
  for (const key of Object.keys(metrics) as (keyof ClearanceMetrics)[]) metrics[key] = round(metrics[key], 1);
  const clearanceScore = round((metrics.uniqueness + metrics.aiPatternRecognition + metrics.networkConsensus + metrics.databaseComparison) / 4, 1);
  const { referenceMatches } = ownership;
  const heldOutside = referenceMatches.length > 0 || externalMatches.length > 0;
  const status: ClearanceStatus = conflicts.length > 0 ? 'conflict' : clearanceScore >= CLEARANCE_THRESHOLD && !heldOutside ? 'cleared' : 'needs_review';
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
    passages,
    recommendations: recommend(status, { conflicts, passages, ownWorks, referenceMatches, externalMatches, ownReferences: ownership.ownReferences }),
    reason: reasonFor(status, { conflicts, passages, referenceMatches, externalMatches }, clearanceScore),
    metrics,
    ownWorks,
    indexes,
    durationSeconds: round(features.durationSeconds, 2),
    tempoBpm: round(features.tempoBpm, 1),
    key: features.key,
    registeredWorkId: null,
    searched,
    referenceMatches,
    externalMatches,
  };
}

/** Asks the outside catalogue when there is one; a failure is reported, never taken for "no match". */
async function askExternalCatalogue(catalogue: ExternalCatalogue | undefined, file: string, durationSeconds: number): Promise<ExternalCatalogueAnswer> {
  if (!catalogue) return { state: 'not_configured', matches: [], note: 'not configured on this server' };
  try {
    return await catalogue.lookup(file, durationSeconds);
  } catch (error) {
    logger.warn({ err: error }, 'outside catalogue lookup failed');
    return { state: 'unavailable', matches: [], note: 'the lookup failed' };
  }
}

function fingerprintName(fingerprint: Fingerprint): string {
  const items = fingerprint.items;
  const hash = createHash('sha256').update(new Uint8Array(items.buffer, items.byteOffset, items.byteLength)).digest('hex');
  return `gfp1-${items.length}-${hash.slice(0, 24)}`;
}

/** “Title” by creator, registered 24 Nov 2026: how a conflict names another creator's work. */
export function named(work: RegisteredWorkName): string {
  const date = new Date(work.registeredAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `“${work.title}” by ${work.owner}, registered ${date}`;
}

/** m:ss */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const span = (r: TimeRange): string => `${clock(r.startSeconds)}–${clock(r.endSeconds)}`;

function describe(match: WorkMatch): string {
  const evidence = `(${match.similarity}% similar, from ${match.offsetSeconds} s)`;
  if (match.kind === 'fingerprint') return `Same recording as ${named(match)} ${evidence}`;
  if (match.kind === 'melodic') return `Same melody and harmony as ${named(match)} ${evidence}`;
  const changes: string[] = [];
  if (match.kind !== 'tempo_changed') changes.push(`transposed ${match.semitones > 0 ? '+' : ''}${match.semitones} semitones`);
  if (match.kind !== 'transposed') changes.push(`at ${match.tempoRatio}× its tempo`);
  return `Same music as ${named(match)}, ${changes.join(' and ')} ${evidence}`;
}

function describePassage(passage: CopiedPassage): string {
  const what = passage.kind === 'recording' ? 'same recording' : 'same melody';
  return `${span(passage.upload)} of this track matches ${span(passage.work)} of ${named(passage)} (${what}, ${passage.similarity}% similar)`;
}

const more = (n: number, noun: string): string => (n > 0 ? `, and ${n} more ${noun}${n > 1 ? 's' : ''}` : '');

/** What a check found, for its reason and recommendations. */
interface Findings {
  conflicts: WorkMatch[];
  passages: CopiedPassage[];
  referenceMatches: ReferenceMatch[];
  externalMatches: ExternalMatch[];
}


/** “Title”, a reference recording of Holder (same recording, 97% similar, 0:00–0:30 of this track): never its files or ids. */
function describeReference(match: ReferenceMatch): string {
  return `“${match.title}”, a reference recording of ${match.holderName} (${REFERENCE_MATCH_KIND_TEXT[match.kind]}, ${match.similarity}% similar, ${span(match.upload)} of this track)`;
}

/** “Harbour Song” by The Lighthouse Keepers, on “Tides” (MusicBrainz; AcoustID score 97%). */
function describeExternal(match: ExternalMatch): string {
  const title = match.recording.title ? `“${match.recording.title}”` : `MusicBrainz recording ${match.recording.mbid}`;
  const by = match.recording.artists.length > 0 ? ` by ${match.recording.artists.join(', ')}` : '';
  const release = match.release?.title ? `, on “${match.release.title}”` : '';
  return `${title}${by}${release} (MusicBrainz; AcoustID score ${Math.round(match.score * 100)}%)`;
}

function reasonFor(status: ClearanceStatus, found: Findings, score: number): string | null {
  const { conflicts, passages, referenceMatches, externalMatches } = found;
  if (status === 'cleared') return null;
  if (status === 'conflict') return `${describe(conflicts[0]!)}${more(conflicts.length - 1, 'registered work')}`;
  const held: string[] = [];
  if (referenceMatches.length > 0) held.push(`This track matches ${describeReference(referenceMatches[0]!)}${more(referenceMatches.length - 1, 'reference recording')}`);
  if (passages.length > 0) held.push(`Part of this track looks copied: ${describePassage(passages[0]!)}${more(passages.length - 1, 'passage')}`);
  if (externalMatches.length > 0) held.push(`AcoustID recognises this recording as ${describeExternal(externalMatches[0]!)}${more(externalMatches.length - 1, 'recording')}`);
  if (held.length === 0) return `Clearance score ${score}% is below the ${CLEARANCE_THRESHOLD}% threshold`;
  return held.join('; ');
}

function recommend(status: ClearanceStatus, found: Findings & { ownWorks: WorkMatch[]; ownReferences: string[] }): string[] {
  const { conflicts, passages, referenceMatches, externalMatches, ownWorks, ownReferences } = found;
  const out: string[] = [];
  if (status === 'cleared') out.push('Cleared for registration: no registered work by another owner matches.');
  if (status === 'conflict') {
    out.push('Do not register or distribute this content: it matches a registered work by another owner.');
    out.push('If you hold rights to it, license it from the owner or open a dispute with your evidence.');
    if (conflicts.some((c) => c.kind !== 'fingerprint')) out.push('Transposing or changing the tempo of a registered work does not make it a new work.');
  }
  if (status === 'needs_review') {
    const goose = passages.length > 0 || (referenceMatches.length === 0 && externalMatches.length === 0);
    if (goose) out.push('Registration is held for review: part of the content looks copied from a registered work. The track stays in your vault.');
    if (passages.length > 0) out.push('Listen to each passage beside the registered work. If the material is yours, licensed or a coincidence, ask for a review.');
    const holders = [...new Set(referenceMatches.map((r) => r.holderName))];
    if (holders.length > 0) {
      out.push(
        `Registration is held for review: it matches ${referenceMatches.map((r) => `“${r.title}”`).join(', ')}, held by ${holders.join(', ')}. The track stays in your vault; ${holders.length > 1 ? 'the holders were' : 'the holder was'} told and may release the hold or claim the work, and a reviewer decides a claim.`,
      );
      out.push('If you licensed this material or it is your own, add your evidence to the review case.');
    }
    if (externalMatches.length > 0) {
      out.push(`Registration is held for review: AcoustID recognises this recording as ${externalMatches.map(describeExternal).join('; ')}. The track stays in your vault.`);
      out.push('If the recording AcoustID names is yours or licensed to you, ask for a review with your evidence.');
    }
  }
  if (ownWorks.length > 0) out.push(`Matches ${ownWorks.length} of your own registered work${ownWorks.length > 1 ? 's' : ''} (${ownWorks.map((w) => `“${w.title}”`).join(', ')}): not a conflict; register it as a new version only if it is one.`);
  if (ownReferences.length > 0) out.push(`Matches your own reference recording${ownReferences.length > 1 ? 's' : ''} ${ownReferences.map((t) => `“${t}”`).join(', ')}: reported as yours, not held.`);
  return out;
}
