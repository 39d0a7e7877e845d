// Events of one address on the streaming platform's waiting list (stream
// `waiting-list-entry-<entryId>`, the id derived from the address, so one address is one entry
// however often it joins). An entry counts once its address is confirmed: by a mailed single-use
// link, or at once when a signed-in user joins with the address their account has confirmed. A
// later join may change the priority, applied only once that join is proven the same way.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);
const linkId = z.string().regex(/^[0-9a-f]{32}$/);

export const WaitingListJoined = defineEvent(
  'WaitingListJoined',
  1,
  z.object({
    entryId: id,
    email: z.string().min(3).max(254),
    isPriority: z.boolean(),
    /** 96 random bits; shown to the entry's holder once the address is confirmed. */
    affiliateCode: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
    /** The confirmed entry whose code the link carried; counted as its referral once this address is confirmed. */
    referredBy: z.object({ code: z.string().min(1), referrerEntryId: id }).nullable(),
    /** The signed-in user who joined; null for a visitor. */
    userId: id.nullable(),
    notificationPreferences: z.object({ email: z.boolean(), platform: z.boolean(), sms: z.literal(false) }),
    joinedAt: z.iso.datetime(),
  }),
);

/** A confirmation link was mailed: it works once, until `expiresAt`; confirming it applies the priority that join asked for. */
export const WaitingListLinkIssued = defineEvent(
  'WaitingListLinkIssued',
  1,
  z.object({ entryId: id, linkId, isPriority: z.boolean(), expiresAt: z.iso.datetime(), issuedAt: z.iso.datetime() }),
);

/** A mailed link was opened and confirmed: it works no more. */
export const WaitingListLinkUsed = defineEvent('WaitingListLinkUsed', 1, z.object({ entryId: id, linkId, usedAt: z.iso.datetime() }));

export const WaitingListEntryConfirmed = defineEvent(
  'WaitingListEntryConfirmed',
  1,
  z.object({ entryId: id, confirmedAt: z.iso.datetime(), by: z.enum(['mailed-link', 'account-address']) }),
);

/** A later join, proven by its confirmed link or the account's confirmed address, changed the entry's priority. */
export const WaitingListPriorityChosen = defineEvent('WaitingListPriorityChosen', 1, z.object({ entryId: id, isPriority: z.boolean(), chosenAt: z.iso.datetime() }));

export const waitingListEventDefinitions = [WaitingListJoined, WaitingListLinkIssued, WaitingListLinkUsed, WaitingListEntryConfirmed, WaitingListPriorityChosen] as const;

export type WaitingListEvent = ReturnType<(typeof waitingListEventDefinitions)[number]['create']>;

export function waitingListStreamId(entryId: string): string {
  return `waiting-list-entry-${entryId}`;
}
