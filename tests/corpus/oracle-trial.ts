// The copyright oracle tried on real music, as the accuracy benchmark and its CI sample run it: one
// creator registers half the pieces, another checks altered copies of every registered piece and
// every unregistered piece. The result is a confusion table per variant.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../infra/audio/ffmpeg';
import { analyzeAudio, registerWork, type ClearanceStatus, type CopyrightAnalysis } from '../../infra/audio/oracle';
import type { Db } from '../../infra/db/db';
import type { CorpusPiece } from './corpus';

export const REGISTERING_OWNER = 'owner-registering';
export const CHECKING_OWNER = 'owner-checking';

/** Transposition by resampling changes the tempo with the pitch, as speeding up a tape does. */
const resampled = (semitones: number): string => `asetrate=44100*${2 ** (semitones / 12)},aresample=44100`;
/** Transposition that keeps the tempo: resampled, then stretched back. */
const transposed = (semitones: number): string => `${resampled(semitones)},atempo=${1 / 2 ** (semitones / 12)}`;

export interface Variant {
  name: string;
  extension: string;
  /** ffmpeg arguments between the input and the output, given the piece's duration. */
  args: (durationSeconds: number) => string[];
}

export const VARIANTS: readonly Variant[] = [
  { name: 'mp3 128k', extension: 'mp3', args: () => ['-c:a', 'libmp3lame', '-b:a', '128k'] },
  { name: 'aac 96k m4a', extension: 'm4a', args: () => ['-c:a', 'aac', '-b:a', '96k'] },
  { name: 'first 10 s cut', extension: 'flac', args: () => ['-ss', '10'] },
  { name: '30 s excerpt from the middle', extension: 'flac', args: (d) => ['-ss', String(Math.max(0, d / 2 - 15)), '-t', '30'] },
  { name: '+6 dB', extension: 'flac', args: () => ['-af', 'volume=6dB'] },
  { name: '−6 dB', extension: 'flac', args: () => ['-af', 'volume=-6dB'] },
  { name: 'mono', extension: 'flac', args: () => ['-ac', '1'] },
  { name: '+2 semitones (tempo kept)', extension: 'flac', args: () => ['-af', transposed(2)] },
  { name: '−2 semitones (tempo kept)', extension: 'flac', args: () => ['-af', transposed(-2)] },
  { name: '+2 semitones (tempo changed with it)', extension: 'flac', args: () => ['-af', resampled(2)] },
  { name: '−2 semitones (tempo changed with it)', extension: 'flac', args: () => ['-af', resampled(-2)] },
  { name: '+6 % tempo', extension: 'flac', args: () => ['-af', 'atempo=1.06'] },
  { name: '−6 % tempo', extension: 'flac', args: () => ['-af', 'atempo=0.94'] },
  {
    name: 'pink noise at −30 dB',
    extension: 'flac',
    // Pink noise whose RMS is about −30 dBFS, mixed in without normalising the mix.
    args: () => ['-filter_complex', '[0:a]aformat=channel_layouts=stereo[music];anoisesrc=color=pink:amplitude=0.055:sample_rate=44100,aformat=channel_layouts=stereo[noise];[music][noise]amix=inputs=2:duration=first:normalize=0'],
  },
];

export interface Outcome {
  piece: string;
  status: ClearanceStatus;
  score: number;
  reason: string | null;
  /** What the oracle found: each conflict's and passage's kind and similarity. */
  evidence: string[];
  aiPatternRecognition: number;
}

export interface VariantRow {
  variant: string;
  copies: number;
  conflict: number;
  needsReview: number;
  cleared: number;
  /** The lowest similarity of a copy found as a conflict: the margin over the thresholds. */
  lowestConflictSimilarity: number | null;
  missed: Outcome[];
}

export interface TrialResult {
  copiesFlaggedRate: number;
  unrelatedFlaggedRate: number;
  registered: number;
  copiesChecked: number;
  unrelatedChecked: number;
  variants: VariantRow[];
  unrelated: { pieces: number; conflict: number; needsReview: number; cleared: number; flagged: Outcome[]; lowestScore: number; lowestAiPatternRecognition: number };
  analysisSecondsMedian: number;
}

export interface TrialOptions {
  db: Db;
  registered: readonly CorpusPiece[];
  unregistered: readonly CorpusPiece[];
  variants?: readonly Variant[];
  workDir: string;
  onProgress?: (line: string) => void;
}

/** Registers `registered` under one owner, then checks every variant of each and every unregistered piece under another. */
export async function runOracleTrial(options: TrialOptions): Promise<TrialResult> {
  const { db, registered, unregistered, workDir, onProgress } = options;
  const variants = options.variants ?? VARIANTS;
  await mkdir(workDir, { recursive: true });
  for (const piece of registered) await registerWork(db, { workId: piece.id, owner: REGISTERING_OWNER, file: piece.file, title: piece.title, ownerName: 'registering-creator' });
  onProgress?.(`registered ${registered.length} pieces`);

  const seconds: number[] = [];
  const check = async (piece: string, file: string): Promise<Outcome> => {
    const started = performance.now();
    const analysis: CopyrightAnalysis = await analyzeAudio(file, { db, ownerId: CHECKING_OWNER });
    seconds.push((performance.now() - started) / 1000);
    const evidence = [...analysis.conflicts.map((c) => `${c.kind} ${c.similarity}`), ...analysis.passages.map((p) => `${p.kind} passage ${p.similarity}`)];
    return { piece, status: analysis.status, score: analysis.clearanceScore, reason: analysis.reason, evidence, aiPatternRecognition: analysis.metrics.aiPatternRecognition };
  };

  const rows: VariantRow[] = variants.map((v) => ({ variant: v.name, copies: 0, conflict: 0, needsReview: 0, cleared: 0, lowestConflictSimilarity: null, missed: [] }));
  for (const piece of registered) {
    for (const [i, variant] of variants.entries()) {
      const copy = path.join(workDir, `copy.${variant.extension}`);
      await runFfmpeg(['-v', 'error', '-y', '-i', piece.file, ...variant.args(piece.durationSeconds), '-vn', copy]);
      const outcome = await check(piece.id, copy);
      await rm(copy);
      const row = rows[i]!;
      row.copies++;
      if (outcome.status === 'conflict') {
        row.conflict++;
        const similarity = Math.max(...outcome.evidence.map((e) => Number(e.split(' ').at(-1))));
        row.lowestConflictSimilarity = Math.min(row.lowestConflictSimilarity ?? Infinity, similarity);
      } else {
        if (outcome.status === 'needs_review') row.needsReview++;
        else row.cleared++;
        row.missed.push(outcome);
      }
    }
    onProgress?.(`${piece.id}: ${variants.length} copies checked`);
  }

  const unrelated = { pieces: 0, conflict: 0, needsReview: 0, cleared: 0, flagged: [] as Outcome[], lowestScore: 100, lowestAiPatternRecognition: 100 };
  for (const piece of unregistered) {
    const outcome = await check(piece.id, piece.file);
    unrelated.pieces++;
    unrelated.lowestScore = Math.min(unrelated.lowestScore, outcome.score);
    unrelated.lowestAiPatternRecognition = Math.min(unrelated.lowestAiPatternRecognition, outcome.aiPatternRecognition);
    if (outcome.status === 'cleared') unrelated.cleared++;
    else {
      if (outcome.status === 'conflict') unrelated.conflict++;
      else unrelated.needsReview++;
      unrelated.flagged.push(outcome);
    }
    onProgress?.(`${piece.id}: ${outcome.status} ${outcome.score}`);
  }

  const copiesChecked = rows.reduce((sum, r) => sum + r.copies, 0);
  const copiesFlagged = rows.reduce((sum, r) => sum + r.conflict, 0);
  const sorted = [...seconds].sort((a, b) => a - b);
  return {
    copiesFlaggedRate: copiesChecked === 0 ? 0 : round(copiesFlagged / copiesChecked, 4),
    unrelatedFlaggedRate: unrelated.pieces === 0 ? 0 : round((unrelated.conflict + unrelated.needsReview) / unrelated.pieces, 4),
    registered: registered.length,
    copiesChecked,
    unrelatedChecked: unrelated.pieces,
    variants: rows,
    unrelated,
    analysisSecondsMedian: round(sorted[Math.floor(sorted.length / 2)] ?? 0, 2),
  };
}

/** Alternating halves of the pieces in id order, so each source and composer is on both sides. */
export function splitCorpus(pieces: readonly CorpusPiece[]): { registered: CorpusPiece[]; unregistered: CorpusPiece[] } {
  const ordered = [...pieces].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  return { registered: ordered.filter((_, i) => i % 2 === 0), unregistered: ordered.filter((_, i) => i % 2 === 1) };
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
