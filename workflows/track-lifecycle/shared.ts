// What the track lifecycle workflow's callers and the workflow itself share: the task queue, the
// workflow id rule, the input, and the query that reads the current stage.
import { defineQuery } from '@temporalio/workflow';
import type { ContentType, UploadExtension } from '../../domain/constants';
import type { LifecycleStage, StepStatus } from '../../domain/track/lifecycle';

export const TRACK_LIFECYCLE_TASK_QUEUE = 'track-lifecycle';

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
}

export const currentStageQuery = defineQuery<LifecycleProgress>('currentStage');
