// The partner's reporting folder read on a schedule (id `partner-reports-<partnerId>`): collect the
// new reports, sleep, again; continue as new every so often to keep the history short. The
// activity retries while the partner is unreachable; every report is imported once by checksum,
// so a read repeated after a crash changes nothing.
import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { PartnerReportActivities } from './activities';
import { PARTNER_REPORTS_FAILURES, type PartnerReportsInput } from './shared';

const acts = proxyActivities<PartnerReportActivities>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '10 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes', nonRetryableErrorTypes: [PARTNER_REPORTS_FAILURES.partnerNotConfigured] },
});

const READS_PER_RUN = 100;

export async function partnerReports(input: PartnerReportsInput): Promise<void> {
  for (let read = 0; read < READS_PER_RUN; read++) {
    await acts.collectPartnerReports(input);
    await sleep(input.everyMs);
  }
  await continueAsNew<typeof partnerReports>(input);
}
