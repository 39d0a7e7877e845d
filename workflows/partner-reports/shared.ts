// What the partner-reports workflow, its activities and its starter share: the workflow id rule,
// the input and the failure the workflow does not retry.

/** The worker has no delivery partner of this id: retrying cannot help until it is configured. */
export const PARTNER_REPORTS_FAILURES = { partnerNotConfigured: 'PartnerNotConfigured' } as const;

export const partnerReportsWorkflowId = (partnerId: string) => `partner-reports-${partnerId}`;

export interface PartnerReportsInput {
  partnerId: string;
  /** How long between two reads of the partner's reporting folder. */
  everyMs: number;
}
