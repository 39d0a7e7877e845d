// What the release workflow's callers and the workflow share: the workflow id rule, the input, the
// takedown update, the operator's retry and the stage query.
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

export const releaseWorkflowId = (distributionId: string) => `release-${distributionId}`;

export interface ReleaseInput {
  distributionId: string;
  ownerId: string;
  /** The request that started the release; its events' correlation id. */
  correlationId: string;
  actor: string;
  /** Overrides the distributor's own poll interval (tests). */
  pollIntervalMs?: number;
  /** Overrides how long a release waits for an unreachable delivery partner before trying again (tests). */
  partnerRetryMs?: number;
}

export interface TakedownCommand {
  reason: string;
  correlationId: string;
  actor: string;
}

export type TakedownOutcome = { ok: true } | { ok: false; reason: string };

export const takedownUpdate = defineUpdate<TakedownOutcome, [TakedownCommand]>('takedown');

/** An operator's Retry (/operations): a release waiting for its delivery partner tries again now. */
export const retryDeliverySignal = defineSignal('retryDelivery');

/** Where the workflow is: for operators and tests. */
export type ReleaseStage = 'starting' | 'charging' | 'packaging' | 'delivering' | 'waiting_for_partner' | 'polling' | 'live' | 'renewing' | 'taking_down' | 'ended';
export const releaseStageQuery = defineQuery<ReleaseStage>('releaseStage');
