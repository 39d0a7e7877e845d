// Events of a track's later stages (stream `track-<id>`), after intake: mastering (and its live
// progress), the copyright check, the XRPL registration, the certificate and the vault.
import { z } from 'zod';
import { COPYRIGHT_ANALYSIS_STAGES, MASTER_FORMATS, MASTER_LOUDNESS_LEVELS, MASTER_STYLES } from '../constants';
import { defineEvent } from '../shared/events';
import { externalMatchSchema, referenceMatchSchema, searchedSourcesSchema } from '../contracts/copyright-sources';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const txHash = z.string().regex(/^[0-9A-F]{64}$/);
const storedName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);

export const MASTERING_KINDS = ['preview', 'master'] as const;
export type MasteringKind = (typeof MASTERING_KINDS)[number];

export const masterSettingsSchema = z.object({
  style: z.enum(MASTER_STYLES),
  loudness: z.enum(MASTER_LOUDNESS_LEVELS),
  format: z.enum(MASTER_FORMATS),
});
export type MasterSettings = z.infer<typeof masterSettingsSchema>;

export const TrackMasteringRequested = defineEvent(
  'TrackMasteringRequested',
  1,
  z.object({ trackId: z.uuid(), masteringId: z.string().min(1), kind: z.enum(MASTERING_KINDS), settings: masterSettingsSchema }),
);

/** One step of the audio engine's progress (step, description, progress), as the mastering stream sends it. */
export const TrackMasteringProgressed = defineEvent(
  'TrackMasteringProgressed',
  1,
  z.object({
    trackId: z.uuid(),
    masteringId: z.string().min(1),
    step: z.string().min(1),
    description: z.string(),
    progress: z.number().min(0).max(100),
  }),
);

export const masterFilesSchema = z.object({ master: storedName, preview: storedName, preLimiter: storedName, abOriginal: storedName, abMaster: storedName });

export const TrackMastered = defineEvent(
  'TrackMastered',
  1,
  z.object({
    trackId: z.uuid(),
    masteringId: z.string().min(1),
    kind: z.enum(MASTERING_KINDS),
    settings: masterSettingsSchema,
    /** The files the run wrote. A preview run stores only its `preview`; the others are named as written, then deleted. */
    files: masterFilesSchema,
    masterSha256: sha256,
    /** The mastering results (`metadata.mastering.results`), measured on the written master. */
    results: z.object({ lufs: z.number(), dynamicRange: z.number(), peak: z.number(), processing: z.array(z.string()) }),
    inputLufs: z.number(),
    inputTruePeakDbtp: z.number(),
    elapsedSeconds: z.number().nonnegative(),
  }),
);

export const TrackMasteringFailed = defineEvent(
  'TrackMasteringFailed',
  1,
  z.object({ trackId: z.uuid(), masteringId: z.string().min(1), reason: z.string().min(1) }),
);

export const TrackCopyrightCheckStarted = defineEvent(
  'TrackCopyrightCheckStarted',
  1,
  z.object({
    trackId: z.uuid(),
    checkId: z.string().min(1),
    /** The file checked: the master when there is one, else the upload. */
    storedName,
    sha256,
  }),
);

export const TrackCopyrightCheckProgressed = defineEvent(
  'TrackCopyrightCheckProgressed',
  1,
  z.object({
    trackId: z.uuid(),
    checkId: z.string().min(1),
    stage: z.enum(COPYRIGHT_ANALYSIS_STAGES),
    step: z.number().int().min(1).max(COPYRIGHT_ANALYSIS_STAGES.length),
    state: z.enum(['started', 'completed']),
  }),
);

const timeRange = z.object({ startSeconds: z.number().nonnegative(), endSeconds: z.number().nonnegative() });

/**
 * A passage of the upload that looks copied from a registered work, with where it sits in both,
 * so a person can listen to the two side by side. `owner` is the work's creator's public username.
 */
export const copyrightPassageSchema = z.looseObject({
  workId: z.string(),
  title: z.string(),
  owner: z.string(),
  registeredAt: z.string(),
  kind: z.enum(['recording', 'melody']),
  similarity: z.number().min(0).max(100),
  upload: timeRange,
  work: timeRange,
});

/** The copyright analysis result, with what explains it (kept whole for auditors). */
export const copyrightAnalysisSchema = z.looseObject({
  clearanceScore: z.number().nullable(),
  status: z.enum(['cleared', 'conflict', 'needs_review', 'not_available']),
  audioFingerprint: z.string().nullable(),
  melodicId: z.string().nullable(),
  harmonicId: z.string().nullable(),
  rhythmicId: z.string().nullable(),
  databasesChecked: z.number().int().nonnegative(),
  recordsScanned: z.number().int().nonnegative(),
  // Checks recorded before works were named carry no title or registration date, and an internal owner id.
  conflicts: z.array(z.looseObject({ workId: z.string(), owner: z.string(), similarity: z.number(), kind: z.string(), title: z.string().optional(), registeredAt: z.string().optional() })),
  recommendations: z.array(z.string()),
  reason: z.string().nullable(),
  notChecked: z.array(z.string()).default([]),
  /** The evidence of a needs_review verdict; absent on checks recorded before passages were kept. */
  passages: z.array(copyrightPassageSchema).optional(),
  /** What the check searched; absent on checks recorded before reference catalogues. */
  searched: searchedSourcesSchema.optional(),
  /** Rights holders' reference recordings the upload matched (held for review). */
  referenceMatches: z.array(referenceMatchSchema).optional(),
  /** Recordings AcoustID found for the upload (held for review). */
  externalMatches: z.array(externalMatchSchema).optional(),
});
export type CopyrightAnalysisRecord = z.infer<typeof copyrightAnalysisSchema>;

export const TrackCopyrightChecked = defineEvent(
  'TrackCopyrightChecked',
  1,
  z.object({ trackId: z.uuid(), checkId: z.string().min(1), sha256, analysis: copyrightAnalysisSchema, elapsedSeconds: z.number().nonnegative() }),
);

/** The creator asked a person to review a check that held the track (needs_review) or contested its conflict; a review case opens for it. */
export const TrackCopyrightReviewRequested = defineEvent(
  'TrackCopyrightReviewRequested',
  1,
  z.object({ trackId: z.uuid(), checkId: z.string().min(1), note: z.string().max(1000).optional(), requestedAt: z.iso.datetime() }),
);

/** A review case (dispute `disputeId`, kind oracle_review) was opened for the check: a reviewer will look at it. */
export const TrackCopyrightReviewOpened = defineEvent(
  'TrackCopyrightReviewOpened',
  1,
  z.object({ trackId: z.uuid(), checkId: z.string().min(1), disputeId: z.string().min(1).max(200), openedAt: z.iso.datetime() }),
);

export const REVIEW_DECISIONS = ['cleared', 'refused'] as const;

/**
 * A reviewer decided the review case of a check (dispute `disputeId`, kind oracle_review): cleared,
 * the track may register as if the check had cleared it; refused, it stays held with the reason.
 */
export const TrackCopyrightReviewDecided = defineEvent(
  'TrackCopyrightReviewDecided',
  1,
  z.object({
    trackId: z.uuid(),
    checkId: z.string().min(1),
    disputeId: z.string().min(1).max(200),
    outcome: z.enum(REVIEW_DECISIONS),
    details: z.string().min(1).max(5000),
    reviewerName: z.string().min(1),
    decidedAt: z.iso.datetime(),
  }),
);

/** The check could not run (the file, the database): not a verdict on the content. */
export const TrackCopyrightCheckFailed = defineEvent(
  'TrackCopyrightCheckFailed',
  1,
  z.object({ trackId: z.uuid(), checkId: z.string().min(1), reason: z.string().min(1) }),
);

export const XRPL_NETWORKS = ['mainnet', 'testnet', 'devnet', 'custom'] as const;

export const TrackRegistrationSigned = defineEvent(
  'TrackRegistrationSigned',
  1,
  z.object({
    trackId: z.uuid(),
    certificateId: z.string().min(1),
    sha256,
    storedName,
    network: z.enum(XRPL_NETWORKS),
    account: z.string().min(25),
    txHash,
    txBlob: z.string().regex(/^[0-9A-F]+$/),
    sequence: z.number().int().nonnegative(),
    fee: z.string(),
    lastLedgerSequence: z.number().int().nullable(),
  }),
);

export const REGISTRATION_OUTCOMES = ['validated', 'submitted', 'awaiting_submission'] as const;
export type RegistrationOutcome = (typeof REGISTRATION_OUTCOMES)[number];

export const TrackRegistrationSubmitted = defineEvent(
  'TrackRegistrationSubmitted',
  1,
  z.object({
    trackId: z.uuid(),
    txHash,
    outcome: z.enum(REGISTRATION_OUTCOMES),
    engineResult: z.string().nullable(),
    ledgerIndex: z.number().int().nullable(),
    /** Why it was not submitted (no ledger configured), in plain words. */
    note: z.string().nullable(),
  }),
);

export const TrackRegistrationFailed = defineEvent(
  'TrackRegistrationFailed',
  1,
  z.object({ trackId: z.uuid(), txHash: txHash.nullable(), resultCode: z.string().nullable(), reason: z.string().min(1) }),
);

/** An operator asked for a failed ledger step to run again. */
export const TrackRegistrationRetryRequested = defineEvent(
  'TrackRegistrationRetryRequested',
  1,
  z.object({ trackId: z.uuid(), retryId: z.string().min(1), operator: z.string().min(1), note: z.string().max(500).nullable() }),
);

export const certificateSignatureSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string().min(1),
  publicKey: z.string().min(1),
  canonicalization: z.literal('RFC8785'),
  value: z.string().min(1),
});

export const TrackCertificateIssued = defineEvent(
  'TrackCertificateIssued',
  1,
  z.object({
    trackId: z.uuid(),
    certificateId: z.string().min(1),
    /** The certificate's fields exactly as signed. */
    certificate: z.looseObject({ certificateId: z.string(), xrplTxHash: txHash, sha256 }),
    signature: certificateSignatureSchema,
  }),
);

export const TrackStoredInVault = defineEvent('TrackStoredInVault', 1, z.object({ trackId: z.uuid(), certificateId: z.string().min(1) }));

export const stageEventDefinitions = [
  TrackMasteringRequested,
  TrackMasteringProgressed,
  TrackMastered,
  TrackMasteringFailed,
  TrackCopyrightCheckStarted,
  TrackCopyrightCheckProgressed,
  TrackCopyrightChecked,
  TrackCopyrightCheckFailed,
  TrackCopyrightReviewRequested,
  TrackCopyrightReviewOpened,
  TrackCopyrightReviewDecided,
  TrackRegistrationSigned,
  TrackRegistrationSubmitted,
  TrackRegistrationFailed,
  TrackRegistrationRetryRequested,
  TrackCertificateIssued,
  TrackStoredInVault,
] as const;

export type StageEvent = {
  [K in keyof typeof stageEventDefinitions]: (typeof stageEventDefinitions)[K] extends { create(data: never): infer E } ? E : never;
}[number];
