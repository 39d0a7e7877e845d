// One license purchase as a workflow (id `license-purchase-<licenseId>`): secure the payment, issue
// the signed certificate, take the money, then send the revenue to the work's royalty contract.
// Every step is an activity that writes through the license's decider, so a retry repeats nothing.
import { proxyActivities } from '@temporalio/workflow';
import type { LicensePurchaseActivities } from './activities';
import { executePurchase, PURCHASE_FAILURE_KINDS, type IssueOutcome, type LicensePurchaseInput, type PaymentOutcome, type PurchaseFailureKind, type PurchaseOutcome, type PurchaseSteps } from './shared';

const steps = proxyActivities<LicensePurchaseActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

// Refusals recorded before they carried a kind have none: they take their step's general kind.
function withFailureKind<T extends PaymentOutcome | IssueOutcome>(outcome: T, general: PurchaseFailureKind): T {
  return outcome.kind === 'refused' && !outcome.failure ? { ...outcome, failure: general } : outcome;
}

const purchaseSteps: PurchaseSteps = {
  securePayment: async (input) => withFailureKind(await steps.securePayment(input), PURCHASE_FAILURE_KINDS.paymentRefused),
  // Runs recorded before issuing could be refused got nothing back from issueLicense, and replay
  // hands them that: those licenses were issued.
  issueLicense: async (input) => withFailureKind(((await steps.issueLicense(input)) as IssueOutcome | undefined) ?? { kind: 'issued' }, PURCHASE_FAILURE_KINDS.issueRefused),
  settlePayment: steps.settlePayment,
  recordRevenue: steps.recordRevenue,
  failPurchase: steps.failPurchase,
  refundPurchase: steps.refundPurchase,
};

export async function licensePurchase(input: LicensePurchaseInput): Promise<PurchaseOutcome> {
  return executePurchase(purchaseSteps, input);
}
