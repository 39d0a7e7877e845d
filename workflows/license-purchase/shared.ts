// What the license purchase workflow, its activities and its callers share: the workflow id rule
// (one workflow per license), the input, the steps of a purchase in order (so the Temporal workflow
// and the in-process client of the tests run the same sequence), and the failures only a purchase
// raises.

/** What only a purchase fails with; none is retried (common refusals are in ../failure-kinds.ts). */
export const LICENSE_PURCHASE_FAILURES = { workNotRegistered: 'NotRegistered', noLedger: 'NoLedger', noEscrow: 'NoEscrow' } as const;

export function licensePurchaseWorkflowId(licenseId: string): string {
  return `license-purchase-${licenseId}`;
}

export interface LicensePurchaseInput {
  licenseId: string;
  /** Where users reach the platform (PUBLIC_URL or the listening address): the certificate's verification link. */
  publicOrigin: string;
  correlationId: string;
  actor: string;
}

/** Securing the money: secured (with its reference), or refused with a reason the buyer can read. */
export type PaymentOutcome = { kind: 'secured'; reference: string } | { kind: 'refused'; reason: string };

/** Issuing: issued, or refused at the last check (the work was frozen by a dispute after the purchase was requested, or a party's account name cannot be found for the certificate). */
export type IssueOutcome = { kind: 'issued' } | { kind: 'refused'; reason: string };

export interface PurchaseOutcome {
  status: 'issued' | 'failed';
  message: string;
}

/** The activities a purchase needs (the workflow's proxies, or the functions themselves in-process). */
export interface PurchaseSteps {
  /** Tokens: hold the price; card: the webhook secured it already; escrow: EscrowCreate on the ledger. Records LicensePaymentSecured. */
  securePayment(input: LicensePurchaseInput): Promise<PaymentOutcome>;
  /** Checks the work is not frozen (admitted on its freeze stream), signs the license certificate naming owner and buyer, and records LicenseIssued. */
  issueLicense(input: LicensePurchaseInput): Promise<IssueOutcome>;
  /** Takes the money: captures the hold, or finishes the escrow. */
  settlePayment(input: LicensePurchaseInput): Promise<void>;
  /** The price to the work's royalty contract (or the owner's tokens without one), once per license. */
  recordRevenue(input: LicensePurchaseInput): Promise<void>;
  /** Records the failure and gives back what was held. */
  failPurchase(input: LicensePurchaseInput, reason: string): Promise<void>;
  /** A secured payment whose license was refused at issue: gives the money back and records the failure. */
  refundPurchase(input: LicensePurchaseInput, reason: string): Promise<PurchaseOutcome>;
}

/** One purchase, in order. Run again after a crash, each step sees what it did already and does nothing twice. */
export async function executePurchase(steps: PurchaseSteps, input: LicensePurchaseInput): Promise<PurchaseOutcome> {
  const payment = await steps.securePayment(input);
  if (payment.kind === 'refused') {
    await steps.failPurchase(input, payment.reason);
    return { status: 'failed', message: payment.reason };
  }
  const issued = await steps.issueLicense(input);
  if (issued.kind === 'refused') return steps.refundPurchase(input, issued.reason);
  await steps.settlePayment(input);
  await steps.recordRevenue(input);
  return { status: 'issued', message: 'License issued' };
}
