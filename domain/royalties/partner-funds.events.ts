// Events of a delivery partner's stream `partner-<partnerId>`: what the partner actually paid for a
// period, as an operator recorded it from the bank statement. Only funded money ever becomes royalty
// earnings (docs/royalties.md "Where royalty money comes from"); a reference is recorded once.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

/** A partner's configured id: lower-case letters, digits, `-` and `_`. */
export const partnerIdSchema = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'a partner id is 1–63 lower-case letters, digits, "-" or "_"');
export const statementPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a period is YYYY-MM');

export const PartnerFundsReceived = defineEvent(
  'PartnerFundsReceived',
  1,
  z.object({
    partnerId: partnerIdSchema,
    amountCents: z.number().int().positive(),
    currency: z.literal('USD'),
    /** The sales period the payment settles. */
    period: statementPeriodSchema,
    /** The partner's payment reference (remittance or bank reference): recorded once. */
    reference: z.string().min(1).max(200),
    /** The operator who recorded it. */
    recordedBy: z.string().min(1).max(200),
  }),
);

export const partnerFundsEventDefinitions = [PartnerFundsReceived] as const;
export type PartnerFundsEvent = ReturnType<typeof PartnerFundsReceived.create>;

export function partnerStreamId(partnerId: string): string {
  return `partner-${partnerId}`;
}
