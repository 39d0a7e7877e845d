// What the partner-reports workflow, its activities and its starter share: the task queue (the one
// worker serves every workflow), the workflow id rule and the input.
import { TRACK_LIFECYCLE_TASK_QUEUE } from '../track-lifecycle/shared';

export const PARTNER_REPORTS_TASK_QUEUE = TRACK_LIFECYCLE_TASK_QUEUE;

/** The worker has no delivery partner of this id: retrying cannot help until it is configured. */
export const PARTNER_REPORTS_FAILURES = { partnerNotConfigured: 'PartnerNotConfigured' } as const;

export const partnerReportsWorkflowId = (partnerId: string) => `partner-reports-${partnerId}`;

export interface PartnerReportsInput {
  partnerId: string;
  /** How long between two reads of the partner's reporting folder. */
  everyMs: number;
}
