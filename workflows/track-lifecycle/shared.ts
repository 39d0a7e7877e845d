// What the track lifecycle workflow's callers and the workflow itself share: the workflow id rule,
// the input, the query that reads the current step, the updates that drive it and the failures
// only its steps raise.
import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { ContentType, TrackStatus, UploadExtension } from '../../domain/constants';
import type { LifecycleStage, StepStatus, WorkflowStep } from '../../domain/track/lifecycle';
import type { MasterSettings, MasteringKind, RegistrationOutcome } from '../../domain/track/stage.events';

/** What only the track's steps fail with; none is retried (common refusals are in ../failure-kinds.ts). */
export const TRACK_FAILURES = {
  /** The ledger rejected the registration; the failure's first detail is the ledger's result code. */
  xrplRejected: 'XrplRejected',
  unreadableMedia: 'UnreadableMedia',
  mastering: 'MasteringError',
  audioTooShort: 'AudioTooShort',
  /** The track's data cannot be stored (a Postgres data exception). */
  invalidInput: 'InvalidInput',
  missingWorkflowId: 'MissingWorkflowId',
} as const;

export function trackLifecycleWorkflowId(trackId: string): string {
  return `track-lifecycle-${trackId}`;
}

export interface TrackLifecycleInput {
  trackId: string;
  ownerId: string;
  title: string;
  description: string;
  contentType: ContentType;
  royaltySplit: number;
  genre: string | null;
  originalName: string;
  /** Name of the checked upload in the storage's staging folder. */
  stagingName: string;
  detectedExtension: UploadExtension;
  detectedMimeType: string;
  size: number;
  /** Set when the studio generated the track: its generation (recorded on the upload event). */
  generationId?: string;
  /** The request that started the lifecycle; becomes every event's correlation id. */
  correlationId: string;
  /** Who asked: `user:<id>`. */
  actor: string;
}

export interface LifecycleStep {
  name: string;
  status: StepStatus;
}

export interface LifecycleProgress {
  stage: LifecycleStage;
  /** Intake's steps (receive, store, probe), then one entry per later stage. */
  steps: LifecycleStep[];
  failureReason: string | null;
  /** Where the track is in its lifecycle (TRACK_STATUSES); null until intake has finished. */
  trackStatus: TrackStatus | null;
  /** Where the creator's five-step workflow starts for that status (startingStep in domain/track). */
  startingStep: WorkflowStep | null;
  /** The command the workflow is running now, if any. */
  running: string | null;
}

export const currentStageQuery = defineQuery<LifecycleProgress>('currentStage');

/** Who asked for a command, recorded on its events. */
export interface CommandContext {
  correlationId: string;
  actor: string;
}

export interface MasterCommand extends CommandContext {
  masteringId: string;
  kind: MasteringKind;
  settings: MasterSettings;
}

export interface CheckCommand extends CommandContext {
  checkId: string;
}

export interface RegisterCommand extends CommandContext {
  /** Where the public verification page lives, e.g. https://goose.example (no trailing slash). */
  publicUrl: string;
}

export interface RetryCommand extends RegisterCommand {
  retryId: string;
  operator: string;
  note: string | null;
}

/** A reviewer's decision on the review case of a check (from the case's workflow: deliverReviewDecision). */
export interface ReviewDecisionCommand extends CommandContext {
  checkId: string;
  disputeId: string;
  outcome: 'cleared' | 'refused';
  details: string;
  reviewerName: string;
}

/** How a command ended: refusals and failures carry the reason the creator sees. */
/** `refused`: the track could not take the command then (nothing was recorded), as opposed to the work failing. */
/** `code`: the failure's type, e.g. FAILURE_KINDS.insufficientTokens when the step's price could not be held. */
export type CommandOutcome<T> = { ok: true; value: T } | { ok: false; reason: string; resultCode?: string | null; refused?: boolean; code?: string | null };

export interface MasterOutcomeValue {
  masteringId: string;
}

export interface CheckOutcomeValue {
  checkId: string;
  cleared: boolean;
  reason: string | null;
}

export interface ReviewDecisionOutcomeValue {
  checkId: string;
  outcome: 'cleared' | 'refused';
}

export interface RegisterOutcomeValue {
  txHash: string;
  outcome: RegistrationOutcome;
  certificateId: string;
}

export const masterUpdate = defineUpdate<CommandOutcome<MasterOutcomeValue>, [MasterCommand]>('master');
export const copyrightCheckUpdate = defineUpdate<CommandOutcome<CheckOutcomeValue>, [CheckCommand]>('copyrightCheck');
export const registerUpdate = defineUpdate<CommandOutcome<RegisterOutcomeValue>, [RegisterCommand]>('register');
export const retryRegistrationUpdate = defineUpdate<CommandOutcome<RegisterOutcomeValue>, [RetryCommand]>('retryRegistration');
export const reviewDecisionUpdate = defineUpdate<CommandOutcome<ReviewDecisionOutcomeValue>, [ReviewDecisionCommand]>('reviewDecision');
