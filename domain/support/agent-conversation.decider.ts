// A conversation with the support agent: one user's questions and the agent's answers, the votes on
// them, and the ticket it was handed over with. Only its user may add to it (another user's
// conversation is not said to exist); one vote per answer; answers are numbered in order, so an
// answer's id names its conversation.
import type { AgentAnswer, AgentTranscriptEntry, KnowledgeSource } from '../contracts/support';
import { NotFoundError } from '../shared/errors';
import {
  SupportAgentAnswerRated,
  SupportAgentAnswered,
  SupportAgentQuestionAsked,
  answerIdOf,
  type SupportConversationEvent,
} from './agent-conversation.events';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const ANSWER_NOT_FOUND = 'Answer not found';

/** What the agent decided to say, before the conversation numbers it. */
export type AgentReply = Omit<AgentAnswer, 'answerId'>;

export interface RecordedAnswer {
  answerId: string;
  kind: AgentAnswer['kind'];
  sources: KnowledgeSource[];
  helpful: boolean | null;
}

export interface SupportConversationState {
  conversationId: string | null;
  userId: string | null;
  transcript: AgentTranscriptEntry[];
  answers: RecordedAnswer[];
  unhelpfulVotes: number;
  /** The ticket the conversation was handed over with, once it was. */
  ticketId: string | null;
}

export const initialSupportConversationState: SupportConversationState = {
  conversationId: null,
  userId: null,
  transcript: [],
  answers: [],
  unhelpfulVotes: 0,
  ticketId: null,
};

export type SupportConversationCommand =
  | { type: 'RecordExchange'; data: { conversationId: string; userId: string; question: string; reply: AgentReply; at: string } }
  | { type: 'RecordReply'; data: { conversationId: string; userId: string; reply: AgentReply; at: string } }
  | { type: 'RateAnswer'; data: { userId: string; answerId: string; helpful: boolean; at: string } };

export function decideSupportConversation(command: SupportConversationCommand, state: SupportConversationState): SupportConversationEvent[] {
  switch (command.type) {
    case 'RecordExchange': {
      const { conversationId, userId, question, reply, at } = command.data;
      ownedOrNew(state, userId);
      return [SupportAgentQuestionAsked.create({ conversationId, userId, question, askedAt: at }), answered(state, conversationId, userId, reply, at)];
    }
    case 'RecordReply': {
      const { conversationId, userId, reply, at } = command.data;
      ownedOrNew(state, userId);
      return [answered(state, conversationId, userId, reply, at)];
    }
    case 'RateAnswer': {
      const { userId, answerId, helpful, at } = command.data;
      if (state.userId !== userId) throw new NotFoundError(ANSWER_NOT_FOUND);
      const answer = state.answers.find((a) => a.answerId === answerId);
      if (!answer) throw new NotFoundError(ANSWER_NOT_FOUND);
      if (answer.helpful !== null) return [];
      return [SupportAgentAnswerRated.create({ conversationId: state.conversationId!, answerId, helpful, ratedAt: at })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown support conversation command ${JSON.stringify(unknown)}`);
    }
  }
}

function ownedOrNew(state: SupportConversationState, userId: string): void {
  if (state.userId !== null && state.userId !== userId) throw new NotFoundError(CONVERSATION_NOT_FOUND);
}

function answered(state: SupportConversationState, conversationId: string, userId: string, reply: AgentReply, at: string): SupportConversationEvent {
  return SupportAgentAnswered.create({
    conversationId,
    userId,
    answerId: answerIdOf(conversationId, state.answers.length + 1),
    kind: reply.kind,
    text: reply.text,
    sources: reply.sources,
    actionUrl: reply.actionUrl,
    actionText: reply.actionText,
    ticketId: reply.ticketId,
    handoffReason: reply.handoffReason,
    answeredAt: at,
  });
}

export function evolveSupportConversation(state: SupportConversationState, event: SupportConversationEvent): SupportConversationState {
  switch (event.type) {
    case 'SupportAgentQuestionAsked':
      return {
        ...state,
        conversationId: event.data.conversationId,
        userId: event.data.userId,
        transcript: [...state.transcript, { from: 'user', text: event.data.question, at: event.data.askedAt }],
      };
    case 'SupportAgentAnswered':
      return {
        ...state,
        conversationId: event.data.conversationId,
        userId: event.data.userId,
        transcript: [...state.transcript, { from: 'agent', text: event.data.text, at: event.data.answeredAt }],
        answers: [...state.answers, { answerId: event.data.answerId, kind: event.data.kind, sources: event.data.sources, helpful: null }],
        ticketId: event.data.ticketId ?? state.ticketId,
      };
    case 'SupportAgentAnswerRated':
      return {
        ...state,
        answers: state.answers.map((a) => (a.answerId === event.data.answerId ? { ...a, helpful: event.data.helpful } : a)),
        unhelpfulVotes: state.unhelpfulVotes + (event.data.helpful ? 0 : 1),
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown support conversation event ${JSON.stringify(unknown)}`);
    }
  }
}

export const supportConversationDecider = {
  decide: decideSupportConversation,
  evolve: evolveSupportConversation,
  initialState: initialSupportConversationState,
};

/** The answer a command just recorded (the last one in the new state). */
export function lastAnswer(state: SupportConversationState, reply: AgentReply): AgentAnswer {
  const recorded = state.answers.at(-1);
  if (!recorded) throw new Error('No answer was recorded');
  return { ...reply, answerId: recorded.answerId };
}
