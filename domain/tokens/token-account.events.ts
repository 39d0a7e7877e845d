// Events of a user's token account (stream `token-account-<userId>`): the ledger. Every movement
// carries its cause; the account's stream version is what makes concurrent charges safe (two
// writers that read the same balance cannot both append).
import { z } from 'zod';
import { defineEvent } from '../shared/events';
import { HOLD_PURPOSES, SUBSCRIPTION_TIER_IDS } from './catalogue';

const micros = z.number().int().nonnegative();

/** license_sale: a license's price credited to the work's owner when the work has no royalty contract. */
export const CREDIT_CAUSES = ['welcome_bonus', 'purchase', 'subscription_month', 'payout', 'refund', 'license_sale', 'dispute_compensation'] as const;
export type CreditCause = (typeof CREDIT_CAUSES)[number];

export const DEBIT_CAUSES = ['payment_refunded', 'withdrawal'] as const;
export type DebitCause = (typeof DEBIT_CAUSES)[number];

export const TokenAccountOpened = defineEvent('TokenAccountOpened', 1, z.object({ userId: z.uuid() }));

export const TokensCreditedToAccount = defineEvent(
  'TokensCreditedToAccount',
  1,
  z.object({
    userId: z.uuid(),
    amountMicros: micros.positive(),
    cause: z.enum(CREDIT_CAUSES),
    /** What paid or caused it (a payment intent, an invoice, a payout run); a reference credits once. */
    reference: z.string().min(1).max(200),
    description: z.string().max(300),
  }),
);

export const TokensHeld = defineEvent(
  'TokensHeld',
  1,
  z.object({
    userId: z.uuid(),
    holdId: z.string().min(1).max(200),
    /** A priced step, or 'license-purchase' (a marketplace license at its offer's price). */
    service: z.enum(HOLD_PURPOSES),
    /** 0 when the step is covered by the subscription's allowance. */
    amountMicros: micros,
    coveredByAllowance: z.boolean(),
    /** What the step works on (a track id). */
    subjectId: z.string().max(200),
    description: z.string().max(300),
  }),
);

export const TokenHoldCaptured = defineEvent(
  'TokenHoldCaptured',
  1,
  z.object({ userId: z.uuid(), holdId: z.string().min(1).max(200), amountMicros: micros }),
);

export const TokenHoldReleased = defineEvent(
  'TokenHoldReleased',
  1,
  z.object({ userId: z.uuid(), holdId: z.string().min(1).max(200), amountMicros: micros, reason: z.string().max(500) }),
);

export const TokensDebitedFromAccount = defineEvent(
  'TokensDebitedFromAccount',
  1,
  z.object({
    userId: z.uuid(),
    amountMicros: micros.positive(),
    cause: z.enum(DEBIT_CAUSES),
    reference: z.string().min(1).max(200),
    description: z.string().max(300),
    /** What was asked for but not there to take (a refund after the tokens were spent). */
    shortfallMicros: micros,
  }),
);

export const SubscriptionPeriodPaid = defineEvent(
  'SubscriptionPeriodPaid',
  1,
  z.object({
    userId: z.uuid(),
    subscriptionId: z.string().min(1).max(200),
    tierId: z.enum(SUBSCRIPTION_TIER_IDS),
    /** The invoice (or other payment) that paid the month; a month is recorded once. */
    reference: z.string().min(1).max(200),
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
  }),
);

export const SubscriptionCancelled = defineEvent(
  'SubscriptionCancelled',
  1,
  z.object({ userId: z.uuid(), subscriptionId: z.string().min(1).max(200), endsAt: z.iso.datetime() }),
);

export const tokenAccountEventDefinitions = [
  TokenAccountOpened,
  TokensCreditedToAccount,
  TokensHeld,
  TokenHoldCaptured,
  TokenHoldReleased,
  TokensDebitedFromAccount,
  SubscriptionPeriodPaid,
  SubscriptionCancelled,
] as const;

export type TokenAccountEvent = ReturnType<(typeof tokenAccountEventDefinitions)[number]['create']>;

export const TOKEN_ACCOUNT_EVENT_TYPES: ReadonlySet<string> = new Set(tokenAccountEventDefinitions.map((d) => d.type));

export function tokenAccountStreamId(userId: string): string {
  return `token-account-${userId}`;
}
