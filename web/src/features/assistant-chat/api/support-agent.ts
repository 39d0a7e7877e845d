// The support agent's three calls (domain/contracts/support.ts): a question, a vote on an answer
// (the second unhelpful vote hands over to a person) and "Talk to a person". Every answer is parsed
// with the contract's schema, so the chat renders only what the server really said.
import {
  agentFeedbackResponseSchema,
  agentHandoffResponseSchema,
  askAgentResponseSchema,
  type AgentAnswer,
  type AskAgentResponse,
} from '../../../../../domain/contracts/support';
import { requestParsed } from '../../../lib/api-client';

export const AGENT_MESSAGES_URL = '/api/support/agent/messages';
export const AGENT_HANDOFF_URL = '/api/support/agent/handoff';
export const agentFeedbackUrl = (answerId: string) => `/api/support/agent/answers/${encodeURIComponent(answerId)}/feedback`;

export function askAgent(message: string, conversationId: string | null): Promise<AskAgentResponse> {
  return requestParsed(askAgentResponseSchema, 'POST', AGENT_MESSAGES_URL, { message, ...(conversationId ? { conversationId } : {}) });
}

/** The handoff the vote caused (a ticket for a person), or null. */
export async function voteOnAnswer(answerId: string, helpful: boolean): Promise<AgentAnswer | null> {
  return (await requestParsed(agentFeedbackResponseSchema, 'POST', agentFeedbackUrl(answerId), { helpful })).handoff;
}

export async function talkToPerson(conversationId: string | null): Promise<AgentAnswer> {
  return (await requestParsed(agentHandoffResponseSchema, 'POST', AGENT_HANDOFF_URL, conversationId ? { conversationId } : {})).answer;
}
