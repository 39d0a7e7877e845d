// Events of a conversation with the support agent (stream `support-conversation-<id>`): each
// question, each answer with the sources it rests on, each vote. Kept as events so the transcript a
// person receives at a handoff is complete after any restart.
import { z } from 'zod';
import { AGENT_ANSWER_KINDS, AGENT_HANDOFF_REASONS, knowledgeSourceSchema } from '../contracts/support';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);

export const SupportAgentQuestionAsked = defineEvent(
  'SupportAgentQuestionAsked',
  1,
  z.object({ conversationId: id, userId: id, question: z.string().min(1).max(2_000), askedAt: z.string() }),
);

export const SupportAgentAnswered = defineEvent(
  'SupportAgentAnswered',
  1,
  z.object({
    conversationId: id,
    userId: id,
    answerId: id,
    kind: z.enum(AGENT_ANSWER_KINDS),
    text: z.string(),
    sources: z.array(knowledgeSourceSchema),
    actionUrl: z.string().nullable(),
    actionText: z.string().nullable(),
    ticketId: z.string().nullable(),
    handoffReason: z.enum(AGENT_HANDOFF_REASONS).nullable(),
    answeredAt: z.string(),
  }),
);

export const SupportAgentAnswerRated = defineEvent(
  'SupportAgentAnswerRated',
  1,
  z.object({ conversationId: id, answerId: id, helpful: z.boolean(), ratedAt: z.string() }),
);

export const supportConversationEventDefinitions = [SupportAgentQuestionAsked, SupportAgentAnswered, SupportAgentAnswerRated] as const;

export type SupportConversationEvent = ReturnType<(typeof supportConversationEventDefinitions)[number]['create']>;

export function supportConversationStreamId(conversationId: string): string {
  return `support-conversation-${conversationId}`;
}

/** An answer's id names its conversation and its place in it (`<conversationId>.<n>`), so a vote finds the stream to fold. */
export function answerIdOf(conversationId: string, ordinal: number): string {
  return `${conversationId}.${ordinal}`;
}

export function conversationOfAnswer(answerId: string): string | null {
  const match = /^([0-9a-f-]{36})\.\d{1,6}$/i.exec(answerId);
  return match ? match[1]!.toLowerCase() : null;
}
