// Events of a content item's royalty receivers (stream `royalty-receivers-<contentId>`): who shares
// the creator's royalties and by how much, and whether each has agreed. One stream per content item
// holds every receiver, so the rule "the receivers' shares never exceed the creator's" is checked
// against one consistent state: two concurrent additions cannot both pass it.
import { z } from 'zod';
import { defineEvent } from '../shared/events';
import { RECEIVER_MAX_PERCENTAGE, RECEIVER_MIN_PERCENTAGE } from './terms';

const ids = { contentId: z.uuid(), receiverId: z.uuid() };

export const RoyaltyReceiverAdded = defineEvent(
  'RoyaltyReceiverAdded',
  1,
  z.object({
    ...ids,
    /** The content's owner, who added the receiver. */
    ownerId: z.uuid(),
    receiverName: z.string().min(1).max(120),
    /** Lower-cased: one receiver per address. */
    receiverEmail: z.email(),
    royaltyPercentage: z.number().min(RECEIVER_MIN_PERCENTAGE).max(RECEIVER_MAX_PERCENTAGE),
    receiverWallet: z.string().nullable(),
    /** The creator's share the receivers' total was checked against. */
    creatorShare: z.number().int().min(1).max(100),
  }),
);

export const RoyaltyInvitationSent = defineEvent(
  'RoyaltyInvitationSent',
  1,
  z.object({
    ...ids,
    sentAt: z.iso.datetime(),
    /** Where the message went: an SMTP message id or the outbox file. */
    deliveredTo: z.string().max(500),
  }),
);

export const RoyaltyInvitationAccepted = defineEvent(
  'RoyaltyInvitationAccepted',
  1,
  z.object({ ...ids, userId: z.uuid(), acceptedAt: z.iso.datetime() }),
);

export const RoyaltyInvitationDeclined = defineEvent(
  'RoyaltyInvitationDeclined',
  1,
  /** userId: the signed-in user who declined, or null: whoever holds the link may decline without an account. */
  z.object({ ...ids, userId: z.uuid().nullable(), declinedAt: z.iso.datetime() }),
);

export const RoyaltyReceiverRemoved = defineEvent('RoyaltyReceiverRemoved', 1, z.object({ ...ids, removedAt: z.iso.datetime() }));

export const royaltyReceiversEventDefinitions = [
  RoyaltyReceiverAdded,
  RoyaltyInvitationSent,
  RoyaltyInvitationAccepted,
  RoyaltyInvitationDeclined,
  RoyaltyReceiverRemoved,
] as const;

export type RoyaltyReceiversEvent = ReturnType<(typeof royaltyReceiversEventDefinitions)[number]['create']>;

export const ROYALTY_RECEIVERS_EVENT_TYPES: ReadonlySet<string> = new Set(royaltyReceiversEventDefinitions.map((d) => d.type));

export function royaltyReceiversStreamId(contentId: string): string {
  return `royalty-receivers-${contentId}`;
}
