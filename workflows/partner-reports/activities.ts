// The partner-reports workflow's one activity: read the partner's reporting folder and hand each new
// report to the payable statements (infra/distribution/partner-reports.ts). Without the payable
// statements port wired in, nothing is read and the operator is told in the log why.
import { ApplicationFailure } from '@temporalio/common';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { DeliveryPartnerConfig } from '../../infra/distribution/partner-config';
import { collectPartnerReports, type CollectedReports } from '../../infra/distribution/partner-reports';
import type { ImportPayableStatement } from '../../infra/distribution/partner-statements';
import { logger } from '../../infra/logger/logger';
import { PARTNER_REPORTS_FAILURES, type PartnerReportsInput } from './shared';

export interface PartnerReportActivityDeps {
  eventStore: EventStore;
  /** The configured delivery partner; null: no partner (the workflow is not started then). */
  deliveryPartner?: DeliveryPartnerConfig | null;
  /** Where the reports' lines become payable statements; absent: reports are left unread. */
  partnerStatements?: ImportPayableStatement | null;
}

export function createPartnerReportActivities({ eventStore, deliveryPartner, partnerStatements }: PartnerReportActivityDeps) {
  return {
    async collectPartnerReports(input: PartnerReportsInput): Promise<CollectedReports> {
      if (!deliveryPartner || deliveryPartner.id !== input.partnerId) throw ApplicationFailure.nonRetryable(`The delivery partner ${input.partnerId} is not configured on this worker`, PARTNER_REPORTS_FAILURES.partnerNotConfigured);
      if (!partnerStatements) {
        logger.warn({ partner: deliveryPartner.id }, "partner sales reports are not read: this worker has no payable statements import (partnerStatements) wired in; the reports stay in the partner's folder");
        return { imported: [], skipped: [], refused: [] };
      }
      return collectPartnerReports({ partner: deliveryPartner, eventStore, importStatement: partnerStatements });
    },
  };
}

export type PartnerReportActivities = ReturnType<typeof createPartnerReportActivities>;
