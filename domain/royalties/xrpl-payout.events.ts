// Events of one payout line paid in XRP (stream `xrpl-payout-<runId>-<lineIndex>`): the signed
// Payment is recorded BEFORE it is submitted, so a worker that dies after submitting finds the same
// blob and submits it again (the ledger keeps a transaction once) instead of signing a second payment.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

const txHash = z.string().regex(/^[0-9A-F]{64}$/);

export const XrplPayoutSigned = defineEvent(
  'XrplPayoutSigned',
  1,
  z.object({
    /** `payout-<runId>-<lineIndex>`, also written into the Payment's memo. */
    reference: z.string().min(1).max(200),
    runId: z.string().min(1).max(200),
    contractId: z.string().min(1).max(200),
    lineIndex: z.number().int().nonnegative(),
    /** The platform account that pays. */
    account: z.string().min(25).max(40),
    destination: z.string().min(25).max(40),
    amountCents: z.number().int().positive(),
    amountDrops: z.string().regex(/^[1-9][0-9]*$/),
    /** USD per XRP used to convert the cents. */
    xrpUsdRate: z.number().positive(),
    txHash,
    txBlob: z.string().regex(/^[0-9A-F]+$/),
    /** The last ledger that may include it; past it, the Payment can never be applied. */
    lastLedgerSequence: z.number().int().positive(),
  }),
);

export const XrplPayoutValidated = defineEvent('XrplPayoutValidated', 1, z.object({ reference: z.string().min(1).max(200), txHash, ledgerIndex: z.number().int().positive() }));

/** The signed Payment can never be applied (its last ledger passed without it): a new one may be signed. */
export const XrplPayoutExpired = defineEvent('XrplPayoutExpired', 1, z.object({ reference: z.string().min(1).max(200), txHash, reason: z.string().max(500) }));

/** The ledger refused the Payment for good (or applied it with a tec result that moved no XRP). */
export const XrplPayoutFailed = defineEvent(
  'XrplPayoutFailed',
  1,
  z.object({ reference: z.string().min(1).max(200), txHash, resultCode: z.string().max(64), reason: z.string().max(500) }),
);

export const xrplPayoutEventDefinitions = [XrplPayoutSigned, XrplPayoutValidated, XrplPayoutExpired, XrplPayoutFailed] as const;

export type XrplPayoutEvent = ReturnType<(typeof xrplPayoutEventDefinitions)[number]['create']>;

export function xrplPayoutStreamId(runId: string, lineIndex: number): string {
  return `xrpl-payout-${runId}-${lineIndex}`;
}

export function payoutReference(runId: string, lineIndex: number): string {
  return `payout-${runId}-${lineIndex}`;
}
