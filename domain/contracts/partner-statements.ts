// Payloads of the operators' payable money routes (docs/royalties.md "Where royalty money comes
// from"): a partner's statement imported by an operator, the funds a partner paid, and claimed,
// funded, released and unreconciled per partner and period. Money is in integer cents.
import { z } from 'zod';

const cents = z.number().int().nonnegative();
export const partnerIdParamsSchema = z.object({ partnerId: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'a partner id is 1–63 lower-case letters, digits, "-" or "_"') });

export const periodReconciliationSchema = z.object({
  partnerId: z.string(),
  period: z.string(),
  claimed: cents,
  funded: cents,
  released: cents,
  /** Claimed beyond what the funds released: pending until the partner pays it. */
  unreconciled: cents,
});

const runSchema = periodReconciliationSchema.extend({
  /** Released but not on a contract yet (content without a contract): sent again by the period's next reconciliation. */
  undelivered: cents,
});

export const payableImportResponseSchema = z.object({
  statementId: z.string(),
  alreadyImported: z.boolean(),
  lines: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  duplicates: z.number().int(),
  amount: cents,
  checksum: z.string(),
  unmatchedLines: z.array(z.object({ lineNumber: z.number().int(), period: z.string(), store: z.string(), country: z.string(), identifier: z.string(), units: z.number().int(), amount: cents, reason: z.string() })),
  periods: z.array(runSchema),
  message: z.string(),
});

/** One record of funds received may not exceed a billion dollars: more is a unit mistake, not a payment. */
export const MAX_FUNDS_RECORD_CENTS = 100_000_000_000;

export const recordFundsRequestSchema = z.object({
  amountCents: z.number().int().positive().max(MAX_FUNDS_RECORD_CENTS, `amountCents must be at most ${MAX_FUNDS_RECORD_CENTS} (one billion dollars) in one record`),
  currency: z.literal('USD').default('USD'),
  period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period must be YYYY-MM'),
  reference: z.string().trim().min(1).max(200),
});

export const recordFundsResponseSchema = z.object({
  recorded: z.boolean(),
  reconciliation: runSchema,
  message: z.string(),
});

export const reconciliationListSchema = z.object({ periods: z.array(periodReconciliationSchema), note: z.string() });
