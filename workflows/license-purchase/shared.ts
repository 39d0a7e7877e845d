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

/**
 * Why a purchase failed, named where the failure is decided so that callers read the kind and never
 * the message: insufficientTokens (the buyer's tokens cannot hold the price), paymentRefused (any
 * other payment refusal: the license is no longer pending, the card payment was not received, the
 * escrow cannot be made), licensingFrozen (a dispute froze the work before issue), issueRefused (the
 * certificate cannot name a party).
 */
export const PURCHASE_FAILURE_KINDS = {
  insufficientTokens: 'insufficient-tokens',
  paymentRefused: 'payment-refused',
  licensingFrozen: 'licensing-frozen',
  issueRefused: 'issue-refused',
} as const;

export type PurchaseFailureKind = (typeof PURCHASE_FAILURE_KINDS)[keyof typeof PURCHASE_FAILURE_KINDS];

/** Securing the money: secured (with its reference), or refused with its kind and a reason the buyer can read. */
export type PaymentOutcome = { kind: 'secured'; reference: string } | { kind: 'refused'; failure: PurchaseFailureKind; reason: string };

/** Issuing: issued, or refused at the last check (the work was frozen by a dispute after the purchase was requested, or a party's account name cannot be found for the certificate). */
export type IssueOutcome = { kind: 'issued' } | { kind: 'refused'; failure: PurchaseFailureKind; reason: string };

/** What refunding a refused issue answers; the purchase adds the refusal's kind. */
export interface RefundOutcome {
  status: 'failed';
  message: string;
}

export type PurchaseOutcome = { status: 'issued'; message: string } | { status: 'failed'; kind: PurchaseFailureKind; message: string };

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
  refundPurchase(input: LicensePurchaseInput, reason: string): Promise<RefundOutcome>;
}

/** One purchase, in order. Run again after a crash, each step sees what it did already and does nothing twice. */
export async function executePurchase(steps: PurchaseSteps, input: LicensePurchaseInput): Promise<PurchaseOutcome> {
  const payment = await steps.securePayment(input);
  if (payment.kind === 'refused') {
    await steps.failPurchase(input, payment.reason);
    return { status: 'failed', kind: payment.failure, message: payment.reason };
  }
  const issued = await steps.issueLicense(input);
  if (issued.kind === 'refused') {
    const refund = await steps.refundPurchase(input, issued.reason);
    return { status: 'failed', kind: issued.failure, message: refund.message };
  }
  await steps.settlePayment(input);
  await steps.recordRevenue(input);
  return { status: 'issued', message: 'License issued' };
}
