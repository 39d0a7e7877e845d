// The copyright check for every kind of content the platform accepts, each by the means that fit
// it: audio through the audio oracle (fingerprint and musical descriptors); a video through the
// oracle on its audio track; images by perceptual hash and texts by shingle overlap against the
// registered works of their kind. PDF and Word documents are not analysed: their text is not
// extracted yet, and the result says so instead of pretending a check ran.
//
// Images and texts have two of the four published metrics (database comparison and uniqueness);
// the other two (AI pattern recognition, network consensus) need musical descriptors and several
// detectors, which these kinds do not have here. Their score is the mean of the two measured
// metrics, and the result lists the two as not measured.
import { createHash } from 'node:crypto';
import type { UploadExtension } from '../../domain/constants';
import { readAudioInfo } from '../audio/ffmpeg';
import { analyzeAudio, CLEARANCE_THRESHOLD, named, oracleMigrations, type ClearanceStatus, type CopyrightAnalysis, type ExternalCatalogue, type OracleProgress, type RegisteredWorkName, type WorkRegistration } from '../audio/oracle';
import type { Db, Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import { contentIndexMigrations, nearestImages, nearestTexts, registerImageWork, registerTextWork, type ContentLookup, type ContentWork } from './content-index';
import { formatImageHash, IMAGE_HASH_BITS, IMAGE_MATCH_DISTANCE, imageHashFile } from './image-hash';
import { TEXT_MATCH_SIMILARITY, textSignatureFile } from './text-shingles';

export const contentOracleMigrations: readonly Migration[] = [...oracleMigrations, ...contentIndexMigrations];

export type ContentKind = 'audio' | 'video' | 'image' | 'text' | 'document';

const KIND_OF_EXTENSION: Record<UploadExtension, ContentKind> = {
  mp3: 'audio',
  wav: 'audio',
  flac: 'audio',
  aiff: 'audio',
  m4a: 'audio',
  aac: 'audio',
  ogg: 'audio',
  opus: 'audio',
  wma: 'audio',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  wmv: 'video',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  txt: 'text',
  pdf: 'document',
  docx: 'document',
};

/** A registered image or text that looks like the upload. */
export interface ContentMatch extends RegisteredWorkName {
  workId: string;
  /** 0–100. */
  similarity: number;
  kind: 'perceptual_hash' | 'text_shingles';
}

/** The published metrics; null where this kind of content cannot be measured by it. */
export interface ContentMetrics {
  uniqueness: number | null;
  aiPatternRecognition: number | null;
  networkConsensus: number | null;
  databaseComparison: number | null;
}

/** The copyright analysis result for images, texts and documents. */
export interface NonAudioAnalysis {
  contentKind: 'image' | 'text' | 'document' | 'video';
  /** null when no check was available for this content. */
  clearanceScore: number | null;
  status: ClearanceStatus | 'not_available';
  audioFingerprint: null;
  melodicId: null;
  harmonicId: null;
  rhythmicId: null;
  /** Image: the 64-bit perceptual hash in hex. Text: `minhash-` + 24 hex of SHA-256 of the signature. */
  contentFingerprint: string | null;
  databasesChecked: number;
  recordsScanned: number;
  conflicts: ContentMatch[];
  /** Matches with the uploader's own works: reported, never conflicts. */
  ownWorks: ContentMatch[];
  recommendations: string[];
  reason: string | null;
  metrics: ContentMetrics;
  /** What this check did not do, in plain words. */
  notChecked: string[];
  registeredWorkId: string | null;
}

/** For audio and video contentFingerprint repeats audioFingerprint, so every kind names its fingerprint the same way. */
export type ContentAnalysis = (CopyrightAnalysis & { contentKind: 'audio' | 'video'; contentFingerprint: string; notChecked: string[] }) | NonAudioAnalysis;

export interface AnalyzeContentOptions {
  db: Db;
  /** What the upload really is (sniffed from its bytes). */
  extension: UploadExtension;
  ownerId?: string;
  /** Register as this work (owned by ownerId) when, and only when, the content is cleared. */
  registerAs?: WorkRegistration;
  /** The audio oracle's eight stages, for audio and video. */
  onProgress?: (progress: OracleProgress) => void;
  /** Audio and video are also looked up there (AcoustID when configured); without one the result says it was not asked. */
  externalCatalogue?: ExternalCatalogue;
}

export async function analyzeContent(file: string, options: AnalyzeContentOptions): Promise<ContentAnalysis> {
  const kind = KIND_OF_EXTENSION[options.extension];
  if (options.registerAs !== undefined && !options.ownerId) throw new Error('registering a work needs its owner (ownerId)');
  switch (kind) {
    case 'audio':
      return withKind(await analyzeAudio(file, options), 'audio', []);
    case 'video':
      return analyzeVideo(file, options);
    case 'image':
    case 'text':
      return analyzeByKind(file, kind, options);
    case 'document':
      return notAvailable('document', [
        `${options.extension.toUpperCase()} documents are not compared with the registry: their text is not extracted yet.`,
      ], ['Upload the text as a .txt file to have it checked against registered texts.']);
  }
}

async function analyzeVideo(file: string, options: AnalyzeContentOptions): Promise<ContentAnalysis> {
  const hasAudio = await readAudioInfo(file).then(
    () => true,
    () => false,
  );
  if (!hasAudio) {
    return notAvailable('video', ['This video has no audio track, and the pictures of a video are not compared.'], [
      'Upload the soundtrack or a still of the video to have it checked.',
    ]);
  }
  const audio = await analyzeAudio(file, options);
  return withKind(audio, 'video', ['Only the audio track was analysed; the pictures of the video were not compared.']);
}

function withKind(audio: CopyrightAnalysis, contentKind: 'audio' | 'video', notChecked: string[]): ContentAnalysis {
  return { ...audio, contentKind, contentFingerprint: audio.audioFingerprint, notChecked };
}

/** How close (0..1) a neighbour must be to count as the same work, and where uniqueness starts to fall. */
const MATCH_SIMILARITY = { image: 1 - IMAGE_MATCH_DISTANCE / IMAGE_HASH_BITS, text: TEXT_MATCH_SIMILARITY };
/** Below match similarity minus this band, uniqueness is full. */
const UNIQUENESS_BAND = { image: 0.2, text: 0.3 };

async function analyzeByKind(file: string, kind: 'image' | 'text', options: AnalyzeContentOptions): Promise<NonAudioAnalysis> {
  const { db, ownerId, registerAs } = options;
  let fingerprint: string;
  let lookup: ContentLookup;
  let register: (tx: Queryable, work: ContentWork) => Promise<void>;
  if (kind === 'image') {
    const hash = await imageHashFile(file);
    fingerprint = formatImageHash(hash);
    lookup = await nearestImages(db, hash);
    register = (tx, work) => registerImageWork(tx, { ...work, hash });
  } else {
    const signature = await textSignatureFile(file);
    if (signature.shingles === 0) {
      return notAvailable('text', ['The text has no words to compare.'], ['Upload a text with words in it.']);
    }
    fingerprint = `minhash-${createHash('sha256').update(Buffer.from(signature.minhash.buffer)).digest('hex').slice(0, 24)}`;
    lookup = await nearestTexts(db, signature.minhash);
    register = (tx, work) => registerTextWork(tx, { ...work, minhash: signature.minhash });
  }

  const matchKind = kind === 'image' ? 'perceptual_hash' : 'text_shingles';
  const toMatch = (n: ContentLookup['nearest'][number]): ContentMatch => ({
    workId: n.workId,
    title: n.title,
    owner: n.owner,
    registeredAt: n.registeredAt,
    similarity: round1(n.similarity * 100),
    kind: matchKind,
  });
  const others = lookup.nearest.filter((n) => n.ownerId !== ownerId);
  const conflicts = others.filter((n) => n.similarity >= MATCH_SIMILARITY[kind]).map(toMatch);
  const ownWorks = lookup.nearest.filter((n) => n.ownerId === ownerId && n.similarity >= MATCH_SIMILARITY[kind]).map(toMatch);

  // databaseComparison: 0 when another owner's registered work is the same picture / text, else 100.
  // uniqueness: 100 while the nearest other owner's work is well below the match similarity,
  // falling linearly to 0 at it: 100 · clamp((match − nearest) / band).
  const nearestOther = others[0]?.similarity ?? 0;
  const metrics: ContentMetrics = {
    databaseComparison: conflicts.length > 0 ? 0 : 100,
    uniqueness: round1(100 * clamp01((MATCH_SIMILARITY[kind] - nearestOther) / UNIQUENESS_BAND[kind])),
    aiPatternRecognition: null,
    networkConsensus: null,
  };
  const clearanceScore = round1((metrics.databaseComparison! + metrics.uniqueness!) / 2);
  const status: ClearanceStatus = conflicts.length > 0 ? 'conflict' : clearanceScore >= CLEARANCE_THRESHOLD ? 'cleared' : 'needs_review';
  const noun = kind === 'image' ? 'image' : 'text';
  const top = conflicts[0];
  const reason =
    status === 'conflict'
      ? `Same ${noun} as ${named(top!)} (${top!.similarity}% similar)`
      : status === 'needs_review'
        ? `Close to ${named(others[0]!)} (${round1(nearestOther * 100)}% similar): a person should compare them`
        : null;

  let registeredWorkId: string | null = null;
  if (registerAs !== undefined && status === 'cleared') {
    await db.transaction((tx) => register(tx, { ...registerAs, owner: ownerId! }));
    registeredWorkId = registerAs.workId;
  }
  return {
    contentKind: kind,
    clearanceScore,
    status,
    audioFingerprint: null,
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    contentFingerprint: fingerprint,
    databasesChecked: 1,
    recordsScanned: lookup.recordsScanned,
    conflicts,
    ownWorks,
    recommendations: recommendationsFor(status, noun),
    reason,
    metrics,
    notChecked: [`AI pattern recognition and network consensus are measured for music only; the ${noun}'s score is the mean of database comparison and uniqueness.`],
    registeredWorkId,
  };
}

function recommendationsFor(status: ClearanceStatus, noun: string): string[] {
  switch (status) {
    case 'cleared':
      return [`No registered ${noun} matches this one: it can be registered.`];
    case 'conflict':
      return [`Only register this ${noun} if you hold the rights to the matching work, and open a dispute if you believe the registration is wrong.`];
    case 'needs_review':
      return [`Compare this ${noun} with the close registered work before registering it.`];
  }
}

function notAvailable(contentKind: NonAudioAnalysis['contentKind'], notChecked: string[], recommendations: string[]): NonAudioAnalysis {
  return {
    contentKind,
    clearanceScore: null,
    status: 'not_available',
    audioFingerprint: null,
    melodicId: null,
    harmonicId: null,
    rhythmicId: null,
    contentFingerprint: null,
    databasesChecked: 0,
    recordsScanned: 0,
    conflicts: [],
    ownWorks: [],
    recommendations,
    reason: null,
    metrics: { uniqueness: null, aiPatternRecognition: null, networkConsensus: null, databaseComparison: null },
    notChecked,
    registeredWorkId: null,
  };
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
