// Events of one partner's period (stream `reconciliation-<partnerId>-<period>`): the payable
// statement lines' claims per recorded batch and content item, what the period's funds released to
// each claim, and which releases reached the contracts (docs/royalties.md "Where royalty money comes
// from"). A release is recorded before it is sent, so a crash between the two re-sends it, under the
// same reference, instead of releasing anything twice.
import { hash } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '../shared/events';
import { partnerIdSchema, statementPeriodSchema } from './partner-funds.events';

const cents = z.number().int().nonnegative();

export const payableClaimSchema = z.object({
  /** The statement-lines batch the lines were recorded in. */
  batchId: z.string().min(1).max(200),
  contentId: z.string().min(1).max(200),
  ownerId: z.string().min(1).max(200),
  title: z.string().max(300),
  /** What the batch's lines claim for the content item. */
  amountCents: cents,
});
export type PayableClaim = z.infer<typeof payableClaimSchema>;

export const PayableClaimsRecorded = defineEvent(
  'PayableClaimsRecorded',
  1,
  z.object({ partnerId: partnerIdSchema, period: statementPeriodSchema, claims: z.array(payableClaimSchema).min(1) }),
);

export const PayableEarningsReleased = defineEvent(
  'PayableEarningsReleased',
  1,
  z.object({
    partnerId: partnerIdSchema,
    period: statementPeriodSchema,
    /** 1, 2, …: the period's releases in order. */
    releaseId: z.number().int().positive(),
    /** The period's funds received when this release was decided. */
    fundedCents: cents,
    releases: z.array(payableClaimSchema.extend({ amountCents: z.number().int().positive() })).min(1),
  }),
);

export const PayableReleasesDelivered = defineEvent(
  'PayableReleasesDelivered',
  1,
  z.object({
    partnerId: partnerIdSchema,
    period: statementPeriodSchema,
    delivered: z.array(z.object({ releaseId: z.number().int().positive(), batchId: z.string().min(1).max(200), contentId: z.string().min(1).max(200), contractId: z.string().min(1).max(200) })).min(1),
  }),
);

export const reconciliationEventDefinitions = [PayableClaimsRecorded, PayableEarningsReleased, PayableReleasesDelivered] as const;
export type ReconciliationEvent = ReturnType<(typeof reconciliationEventDefinitions)[number]['create']>;
export const RECONCILIATION_EVENT_TYPES: ReadonlySet<string> = new Set(reconciliationEventDefinitions.map((d) => d.type));

export function reconciliationStreamId(partnerId: string, period: string): string {
  return `reconciliation-${partnerId}-${period}`;
}

/** The earnings reference of one release to one claim: the contract adds it once however often it is sent. */
export function releaseReference(partnerId: string, period: string, releaseId: number, batchId: string, contentId: string): string {
  return `payable-${partnerId}-${period}-r${releaseId}-${hash('sha256', batchId, 'base64url').slice(0, 16)}-${contentId}`;
}
