// Events of one support ticket (stream `support-ticket-<ticketId>`): opened by a user or handed over
// by the support agent, its messages (replies and support users' internal notes, with attachments),
// its assignment to a support user and its status moves. The support-tickets read model and the
// notifications read them.
import { z } from 'zod';
import { agentHandoffSchema, SUPPORT_TICKET_CATEGORIES, SUPPORT_TICKET_PRIORITIES, SUPPORT_TICKET_STATUSES } from '../contracts/support';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);
const at = z.iso.datetime();
/** A person who acted: their user id and the username shown. */
const person = z.object({ userId: z.uuid(), name: z.string().min(1) });

export const SupportTicketOpened = defineEvent(
  'SupportTicketOpened',
  1,
  z.object({
    ticketId: id,
    requester: person,
    title: z.string().min(1).max(200),
    description: z.string().min(1).max(10_000),
    category: z.enum(SUPPORT_TICKET_CATEGORIES),
    priority: z.enum(SUPPORT_TICKET_PRIORITIES),
    /** Opened by the user, or by the support agent handing the conversation over (then `handoff` is set). */
    origin: z.enum(['user', 'agent']),
    handoff: agentHandoffSchema.nullable(),
    openedAt: at,
  }),
);

/** A file sent with a message: its name as given, the type its content was identified as, size, SHA-256 and where it is stored. */
export const supportAttachmentFileSchema = z.object({
  attachmentId: id,
  filename: z.string().min(1).max(255),
  mimeType: z.string().min(1),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  storedName: z.string().min(1),
});
export type SupportAttachmentFile = z.infer<typeof supportAttachmentFileSchema>;

export const SupportMessagePosted = defineEvent(
  'SupportMessagePosted',
  1,
  z.object({
    ticketId: id,
    messageId: id,
    author: person,
    /** The requester writes as `user`; anyone else (a support user) as `support`. */
    authorRole: z.enum(['user', 'support']),
    /** An internal note: support users only, never shown to the requester. */
    internal: z.boolean(),
    message: z.string().max(10_000),
    attachments: z.array(supportAttachmentFileSchema),
    postedAt: at,
  }),
);

export const SupportTicketAssigned = defineEvent('SupportTicketAssigned', 1, z.object({ ticketId: id, assignee: person, by: person, assignedAt: at }));

export const SupportTicketStatusChanged = defineEvent(
  'SupportTicketStatusChanged',
  1,
  z.object({
    ticketId: id,
    from: z.enum(SUPPORT_TICKET_STATUSES),
    to: z.enum(SUPPORT_TICKET_STATUSES),
    by: person,
    /** `reply`: moved by a message (a support reply starts work, a requester's reply reopens); `set`: chosen. */
    cause: z.enum(['set', 'reply']),
    changedAt: at,
  }),
);

export const supportTicketEventDefinitions = [SupportTicketOpened, SupportMessagePosted, SupportTicketAssigned, SupportTicketStatusChanged] as const;

export type SupportTicketEvent = ReturnType<(typeof supportTicketEventDefinitions)[number]['create']>;

export function supportTicketStreamId(ticketId: string): string {
  return `support-ticket-${ticketId}`;
}
