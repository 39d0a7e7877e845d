// HTTP payloads of the support centre (tickets, their messages, the support queue) and of the
// grounded support agent. The agent hands a conversation to a person by opening a ticket whose
// `handoff` carries the transcript, the sources it found and their scores, so the person who
// answers sees exactly what the user was told.
import { z } from 'zod';

export const SUPPORT_TICKET_CATEGORIES = ['general', 'technical', 'billing', 'feature-request'] as const;
export type SupportTicketCategory = (typeof SUPPORT_TICKET_CATEGORIES)[number];
export const DEFAULT_SUPPORT_TICKET_CATEGORY: SupportTicketCategory = 'general';

export const SUPPORT_TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type SupportTicketPriority = (typeof SUPPORT_TICKET_PRIORITIES)[number];
export const DEFAULT_SUPPORT_TICKET_PRIORITY: SupportTicketPriority = 'medium';

/** open → in-progress → resolved → closed (a reply from the user reopens a resolved ticket). */
export const SUPPORT_TICKET_STATUSES = ['open', 'in-progress', 'resolved', 'closed'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

/** The spec's message when title or description is missing. */
export const SUPPORT_TICKET_REQUIRED_MESSAGE = 'Please fill in all required fields.';

/** The Support tab with one ticket's conversation open: where a handoff's answer and the chat send the user. */
export function supportTicketPath(ticketId: string): string {
  return `/dashboard/support?ticket=${encodeURIComponent(ticketId)}`;
}

/** Why the agent handed a conversation to a person. */
export const AGENT_HANDOFF_REASONS = [
  'asked-for-person',
  'cannot-answer',
  'two-unhelpful-votes',
  'refund',
  'dispute',
  'legal-notice',
  'account-security',
] as const;
export type AgentHandoffReason = (typeof AGENT_HANDOFF_REASONS)[number];

/** A passage of the product's own knowledge (FAQ entry, legal document paragraph, docs paragraph). */
export const knowledgeSourceSchema = z.object({
  /** Stable paragraph id, e.g. `faq/pricing#how-much-does-mastering-cost` or `legal/terms#p12`. */
  id: z.string(),
  title: z.string(),
  /** Where a user reads it in the app (a FAQ entry or a legal document's URL). */
  url: z.string().nullable(),
  /** The retrieval score the agent gave it (fused rank score, higher is better). */
  score: z.number(),
  excerpt: z.string(),
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

export const agentTranscriptEntrySchema = z.object({
  from: z.enum(['user', 'agent']),
  text: z.string(),
  at: z.iso.datetime(),
});
export type AgentTranscriptEntry = z.infer<typeof agentTranscriptEntrySchema>;

/** What a ticket opened by the agent carries for the person who takes it. */
export const agentHandoffSchema = z.object({
  conversationId: z.string(),
  reason: z.enum(AGENT_HANDOFF_REASONS),
  transcript: z.array(agentTranscriptEntrySchema),
  sources: z.array(knowledgeSourceSchema),
});
export type AgentHandoff = z.infer<typeof agentHandoffSchema>;

export const supportTicketSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(SUPPORT_TICKET_CATEGORIES),
  priority: z.enum(SUPPORT_TICKET_PRIORITIES),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The user who opened it (shown to support users; the user's own name on their own tickets). */
  requesterName: z.string(),
  /** The support user it is assigned to, null while unassigned. */
  assigneeName: z.string().nullable(),
  /** Opened by the user or handed over by the agent. */
  origin: z.enum(['user', 'agent']),
  handoff: agentHandoffSchema.nullable(),
  firstResponseAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** Milliseconds from opening to the first reply by a person, null until then. */
  firstResponseMs: z.number().nullable(),
  /** Milliseconds from opening to resolved, null until resolved. */
  resolutionMs: z.number().nullable(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  downloadUrl: z.string(),
});
export type SupportAttachment = z.infer<typeof supportAttachmentSchema>;

export const supportTicketMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The spec's label: "GOOSE AI Agent" when true, otherwise the author. */
  isFromAI: z.boolean(),
  authorRole: z.enum(['user', 'support', 'agent']),
  authorName: z.string(),
  /** Internal notes are seen by support users only; never sent to the requester. */
  internal: z.boolean(),
  attachments: z.array(supportAttachmentSchema),
  createdAt: z.string(),
});
export type SupportTicketMessage = z.infer<typeof supportTicketMessageSchema>;

/**
 * POST /api/support/tickets: a missing title or description is not a schema error but
 * SUPPORT_TICKET_REQUIRED_MESSAGE, said by the route; category and priority default to general and medium.
 */
export const createSupportTicketBodySchema = z.object({
  title: z.string().max(200).default(''),
  description: z.string().max(10_000).default(''),
  category: z.enum(SUPPORT_TICKET_CATEGORIES).optional(),
  priority: z.enum(SUPPORT_TICKET_PRIORITIES).optional(),
});
export type CreateSupportTicketBody = z.input<typeof createSupportTicketBodySchema>;

export const postSupportMessageBodySchema = z.object({
  message: z.string().trim().min(1, 'Write a message first.').max(10_000),
});

export const supportTicketListResponseSchema = z.object({ tickets: z.array(supportTicketSchema) });
export const supportTicketResponseSchema = z.object({ ticket: supportTicketSchema });
export const supportTicketMessagesResponseSchema = z.object({ messages: z.array(supportTicketMessageSchema) });

/** What the agent answered, and on what. */
export const AGENT_ANSWER_KINDS = [
  /** From the user's own data by a template (e.g. why their track is held). */
  'account',
  /** The best passage quoted, with its citation. */
  'quote',
  /** An optional generator's answer in which every sentence cites a retrieved source. */
  'generated',
  /** Not confident: the top articles offered. */
  'suggestions',
  /** Handed to a person: a ticket was opened. */
  'handoff',
] as const;
export type AgentAnswerKind = (typeof AGENT_ANSWER_KINDS)[number];

export const agentAnswerSchema = z.object({
  answerId: z.string(),
  kind: z.enum(AGENT_ANSWER_KINDS),
  text: z.string(),
  /** Every answer shows what it rests on. */
  sources: z.array(knowledgeSourceSchema),
  /** An in-app link the answer points to (e.g. "ask for a review here"), null when none. */
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  /** Set when the answer handed the conversation to a person. */
  ticketId: z.string().nullable(),
  handoffReason: z.enum(AGENT_HANDOFF_REASONS).nullable(),
});
export type AgentAnswer = z.infer<typeof agentAnswerSchema>;

/** POST /api/support/agent/messages */
export const askAgentBodySchema = z.object({
  conversationId: z.uuid().optional(),
  message: z.string().trim().min(1, 'Write a question first.').max(2_000),
});
export const askAgentResponseSchema = z.object({ conversationId: z.string(), answer: agentAnswerSchema });
export type AskAgentResponse = z.infer<typeof askAgentResponseSchema>;

/** POST /api/support/agent/answers/{id}/feedback: the second unhelpful vote hands over to a person. */
export const agentFeedbackBodySchema = z.object({ helpful: z.boolean() });
export const agentFeedbackResponseSchema = z.object({ handoff: agentAnswerSchema.nullable() });

/** POST /api/support/agent/handoff: "Talk to a person", always offered. */
export const agentHandoffBodySchema = z.object({ conversationId: z.uuid().optional() });
export const agentHandoffResponseSchema = z.object({ answer: agentAnswerSchema });

/** GET /api/support/tickets/{id}: the ticket, its messages as the viewer may see them, and what the viewer may do. */
export const supportTicketDetailResponseSchema = z.object({
  ticket: supportTicketSchema,
  messages: z.array(supportTicketMessageSchema),
  /** The statuses the viewer may move the ticket to now (support users: the workflow's next steps; the requester: close). */
  allowedStatuses: z.array(z.enum(SUPPORT_TICKET_STATUSES)),
  /** The viewer answers as support: internal notes, canned replies, assignment. */
  viewerIsSupport: z.boolean(),
});
export type SupportTicketDetail = z.infer<typeof supportTicketDetailResponseSchema>;

export const supportMessageResponseSchema = z.object({ message: supportTicketMessageSchema });

/** POST /api/support/tickets/{id}/status */
export const changeSupportTicketStatusBodySchema = z.object({ status: z.enum(SUPPORT_TICKET_STATUSES) });

/** GET /api/support/queue: unassigned first, then by priority and age. */
export const supportQueueQuerySchema = z.object({
  status: z.enum([...SUPPORT_TICKET_STATUSES, 'active', 'all']).default('active'),
  priority: z.enum(SUPPORT_TICKET_PRIORITIES).optional(),
  category: z.enum(SUPPORT_TICKET_CATEGORIES).optional(),
  assigned: z.enum(['all', 'unassigned', 'mine']).default('all'),
});
export type SupportQueueQuery = z.input<typeof supportQueueQuerySchema>;

/** GET /api/support/canned-replies: kept as a versioned document (content/support/canned-replies.md). */
export const cannedRepliesResponseSchema = z.object({
  version: z.number().int(),
  replies: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
});
export type CannedRepliesResponse = z.infer<typeof cannedRepliesResponseSchema>;
