// The support agent: answers a signed-in user's question from what the product says and nothing
// else. In order: topics a person always handles (account security, legal notices, refunds,
// disputes, a request for a person) open a ticket; questions about the user's own account are
// answered from their data by templates; otherwise the best passage is quoted with its citation when
// retrieval is sure, the closest articles are offered when it is not, and a ticket is opened when
// nothing fits. Every exchange is recorded on the conversation's stream, so the transcript a person
// receives is complete.
import { randomUUID } from 'node:crypto';
import { supportTicketPath, type AgentAnswer, type AgentHandoffReason, type KnowledgeSource, type SupportTicketCategory, type SupportTicketPriority } from '../../domain/contracts/support';
import { accountDataAnswers, answerAccountQuestion, type AccountFacts } from '../../domain/support/account-answers';
import {
  lastAnswer,
  supportConversationDecider,
  type AgentReply,
  type SupportConversationCommand,
  type SupportConversationState,
  CONVERSATION_NOT_FOUND,
} from '../../domain/support/agent-conversation.decider';
import { conversationOfAnswer, supportConversationStreamId } from '../../domain/support/agent-conversation.events';
import { accountIntentOf, alwaysHandoffReason, decideFromRetrieval, DEFAULT_THRESHOLDS, type DecisionThresholds, type RetrievalConfidence } from '../../domain/support/agent-policy';
import type { SupportHandoffs } from '../../domain/support/ports';
import { NotFoundError } from '../../domain/shared/errors';
import { handleCommandWithRetry, readState } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import type { AnswerGenerator } from './generator';
import type { Assessment, KnowledgeIndex, ScoredPassage } from './knowledge-index';
import type { Passage } from './passages';

/** How many articles an unsure answer offers, and how many passages a generator or a handoff is given. */
const SUGGESTIONS = 3;
const CONTEXT = 5;
const EXCERPT_CHARS = 320;
const QUOTE_CHARS = 700;

export interface SupportAgentDeps {
  /** The search index, opened on first use. */
  index: () => Promise<KnowledgeIndex>;
  accountFacts: AccountFacts;
  eventStore: EventStore;
  /** Opens tickets for a person. */
  handoffs: SupportHandoffs;
  generator: AnswerGenerator | null;
  thresholds?: DecisionThresholds;
}

/** What the agent would say, before anything is recorded or any ticket opened. */
export type Draft =
  | { type: 'reply'; reply: AgentReply; confidence: RetrievalConfidence | null }
  | { type: 'handoff'; reason: AgentHandoffReason; sources: KnowledgeSource[]; confidence: RetrievalConfidence | null };

export class SupportAgent {
  private readonly thresholds: DecisionThresholds;

  constructor(private readonly deps: SupportAgentDeps) {
    this.thresholds = deps.thresholds ?? DEFAULT_THRESHOLDS;
  }

  /** Whether questions are ranked by meaning as well as by words now (the model is present and every passage embedded). */
  async semanticSearch(): Promise<boolean> {
    return (await this.deps.index()).semantic;
  }

  get generatorConfigured(): boolean {
    return this.deps.generator !== null;
  }

  /** Decides what to say to `message` from `userId` (reads only). */
  async draft(userId: string, message: string): Promise<Draft> {
    const index = await this.deps.index();
    const topic = alwaysHandoffReason(message);
    if (topic) {
      const found = await index.search(message, { limit: SUGGESTIONS });
      return { type: 'handoff', reason: topic, sources: found.map(toSource), confidence: null };
    }
    const tracks = await this.deps.accountFacts.tracks(userId);
    const intent = accountIntentOf(message, tracks.map((t) => t.title));
    const [balance, releases] = await Promise.all([
      intent?.intent === 'balance' ? this.deps.accountFacts.balance(userId) : null,
      intent?.intent === 'release-status' ? this.deps.accountFacts.releases(userId) : [],
    ]);
    if (intent && accountDataAnswers(intent.intent, { tracks, balance, releases })) {
      const answer = answerAccountQuestion(intent.intent, { tracks, balance, releases }, intent.trackTitle);
      const sources = answer.restsOn.flatMap((id) => {
        const passage = index.passage(id);
        // A template's sources are chosen, not ranked: they carry the top score.
        return passage ? [sourceOf(passage, 1)] : [];
      });
      return { type: 'reply', reply: { kind: 'account', text: answer.text, sources, actionUrl: answer.actionUrl, actionText: answer.actionText, ticketId: null, handoffReason: null }, confidence: null };
    }
    const found = await index.search(message, { limit: CONTEXT });
    const confidence = found[0] ? confidenceOf(found[0], await index.assess(message, found[0].passage)) : null;
    const decision = decideFromRetrieval(confidence, this.thresholds);
    if (decision === 'cannot-answer') return { type: 'handoff', reason: 'cannot-answer', sources: found.slice(0, SUGGESTIONS).map(toSource), confidence };
    if (this.deps.generator) {
      const generated = await this.deps.generator.answer(message, found);
      if (generated) {
        const sources = generated.cited.flatMap((id) => found.filter((f) => f.passage.id === id).map(toSource));
        return { type: 'reply', reply: { kind: 'generated', text: generated.text, sources, actionUrl: null, actionText: null, ticketId: null, handoffReason: null }, confidence };
      }
    }
    if (decision === 'quote') {
      const best = found[0]!;
      return {
        type: 'reply',
        reply: { kind: 'quote', text: quoteOf(best.passage), sources: [toSource(best)], actionUrl: best.passage.url, actionText: best.passage.url ? 'Read it in full' : null, ticketId: null, handoffReason: null },
        confidence,
      };
    }
    return {
      type: 'reply',
      reply: {
        kind: 'suggestions',
        text: 'I am not sure which of these answers your question, so here are the closest articles. If none of them does, choose "Talk to a person".',
        sources: found.slice(0, SUGGESTIONS).map(toSource),
        actionUrl: null,
        actionText: null,
        ticketId: null,
        handoffReason: null,
      },
      confidence,
    };
  }

  /** POST /api/support/agent/messages: answers and records the exchange (a new conversation when none is given). */
  async ask(userId: string, message: string, conversationId?: string): Promise<{ conversationId: string; answer: AgentAnswer }> {
    const id = conversationId ?? randomUUID();
    const state = conversationId ? await this.ownConversation(userId, conversationId) : null;
    const draft = await this.draft(userId, message);
    const reply = draft.type === 'reply' ? draft.reply : await this.handOff(userId, id, draft.reason, draft.sources, state, message);
    const at = new Date().toISOString();
    const recorded = await this.record(id, userId, { type: 'RecordExchange', data: { conversationId: id, userId, question: message, reply, at } });
    return { conversationId: id, answer: lastAnswer(recorded, reply) };
  }

  /** POST /api/support/agent/answers/{id}/feedback: the second unhelpful vote in a conversation hands it to a person. */
  async feedback(userId: string, answerId: string, helpful: boolean): Promise<{ handoff: AgentAnswer | null }> {
    const conversationId = conversationOfAnswer(answerId);
    if (!conversationId) throw new NotFoundError('Answer not found');
    const rated = await this.record(conversationId, userId, { type: 'RateAnswer', data: { userId, answerId, helpful, at: new Date().toISOString() } });
    if (helpful || rated.unhelpfulVotes < 2 || rated.ticketId !== null) return { handoff: null };
    const sources = rated.answers.flatMap((a) => a.sources).filter((s, i, all) => all.findIndex((o) => o.id === s.id) === i);
    const reply = await this.handOff(userId, conversationId, 'two-unhelpful-votes', sources, rated, null);
    const recorded = await this.record(conversationId, userId, { type: 'RecordReply', data: { conversationId, userId, reply, at: new Date().toISOString() } });
    return { handoff: lastAnswer(recorded, reply) };
  }

  /** POST /api/support/agent/handoff: "Talk to a person", always offered. */
  async talkToPerson(userId: string, conversationId?: string): Promise<AgentAnswer> {
    const id = conversationId ?? randomUUID();
    const state = conversationId ? await this.ownConversation(userId, conversationId) : null;
    const sources = (state?.answers ?? []).flatMap((a) => a.sources).filter((s, i, all) => all.findIndex((o) => o.id === s.id) === i);
    const reply = await this.handOff(userId, id, 'asked-for-person', sources, state, null);
    const recorded = await this.record(id, userId, { type: 'RecordReply', data: { conversationId: id, userId, reply, at: new Date().toISOString() } });
    return lastAnswer(recorded, reply);
  }

  private async ownConversation(userId: string, conversationId: string): Promise<SupportConversationState> {
    const state = await readState(this.deps.eventStore, supportConversationStreamId(conversationId), supportConversationDecider);
    if (state.userId !== userId) throw new NotFoundError(CONVERSATION_NOT_FOUND);
    return state;
  }

  private async record(conversationId: string, userId: string, command: SupportConversationCommand): Promise<SupportConversationState> {
    const { state } = await handleCommandWithRetry(this.deps.eventStore, supportConversationStreamId(conversationId), supportConversationDecider, command, {
      correlationId: conversationId,
      actor: `user:${userId}`,
    });
    return state;
  }

  /** Opens (or finds: one per conversation) the ticket, carrying the transcript so far and the sources with their scores. */
  private async handOff(
    userId: string,
    conversationId: string,
    reason: AgentHandoffReason,
    sources: KnowledgeSource[],
    state: SupportConversationState | null,
    question: string | null,
  ): Promise<AgentReply> {
    const because = HANDOFF_WORDS[reason];
    // One ticket per conversation (the ticket's id comes from it): a second handoff would find the
    // same ticket, so it is not announced as a new one.
    if (state?.ticketId) {
      return {
        kind: 'handoff',
        text: `${because} This conversation is already with a person, on your ticket: write anything new there, and you will be told when they reply.`,
        sources,
        actionUrl: supportTicketPath(state.ticketId),
        actionText: 'Open your ticket',
        ticketId: state.ticketId,
        handoffReason: reason,
      };
    }
    const now = new Date().toISOString();
    const transcript = [...(state?.transcript ?? []), ...(question ? [{ from: 'user' as const, text: question, at: now }] : [])];
    const { ticketId } = await this.deps.handoffs.openHandoffTicket({
      requesterId: userId,
      title: `${HANDOFF_TITLES[reason]} (from the support agent)`,
      description: question ?? transcript.filter((entry) => entry.from === 'user').at(-1)?.text ?? 'The user asked to talk to a person.',
      category: HANDOFF_CATEGORY[reason],
      priority: HANDOFF_PRIORITY[reason],
      handoff: { conversationId, reason, transcript, sources },
    });
    return {
      kind: 'handoff',
      text: `${because} I have opened a ticket for a person, with this conversation attached; you will be told when they reply.`,
      sources,
      // The ticket itself, not the tab's list: the user lands on the conversation the person answers in.
      actionUrl: supportTicketPath(ticketId),
      actionText: 'Open your ticket',
      ticketId,
      handoffReason: reason,
    };
  }
}

const HANDOFF_WORDS: Record<AgentHandoffReason, string> = {
  'asked-for-person': 'You asked for a person.',
  'cannot-answer': 'I found nothing in the FAQ, the legal documents or the guides that answers this, and I will not guess.',
  'two-unhelpful-votes': 'My answers did not help you.',
  refund: 'Refunds are decided by a person, never by me.',
  dispute: 'Disputes are handled by people, never by me.',
  'legal-notice': 'Legal notices go to a person, never to me.',
  'account-security': 'The security of your account is handled by a person, never by me.',
};

const HANDOFF_TITLES: Record<AgentHandoffReason, string> = {
  'asked-for-person': 'Asked to talk to a person',
  'cannot-answer': 'A question the agent could not answer',
  'two-unhelpful-votes': 'The agent\'s answers did not help',
  refund: 'Refund request',
  dispute: 'Dispute question',
  'legal-notice': 'Legal notice',
  'account-security': 'Account security',
};

const HANDOFF_CATEGORY: Record<AgentHandoffReason, SupportTicketCategory> = {
  'asked-for-person': 'general',
  'cannot-answer': 'general',
  'two-unhelpful-votes': 'general',
  refund: 'billing',
  dispute: 'general',
  'legal-notice': 'general',
  'account-security': 'technical',
};

const HANDOFF_PRIORITY: Record<AgentHandoffReason, SupportTicketPriority> = {
  'asked-for-person': 'medium',
  'cannot-answer': 'medium',
  'two-unhelpful-votes': 'medium',
  refund: 'high',
  dispute: 'high',
  'legal-notice': 'high',
  'account-security': 'urgent',
};

/** How sure retrieval is about its first passage: its similarity to the question and how it covers it (with the model), else its fused word score. */
function confidenceOf(best: ScoredPassage, assessment: Assessment): RetrievalConfidence {
  return { semantic: best.semantic, lexical: best.score, coverage: assessment.coverage, outOfScope: assessment.outOfScope };
}

function toSource(found: ScoredPassage): KnowledgeSource {
  return sourceOf(found.passage, Math.round(found.score * 1e6) / 1e6);
}

function sourceOf(passage: Passage, score: number): KnowledgeSource {
  return { id: passage.id, title: passage.title, url: passage.url, score, excerpt: clip(passage.text, EXCERPT_CHARS) };
}

/** The passage as quoted: its own words, cut at a sentence end when long. */
function quoteOf(passage: Passage): string {
  return clip(passage.text, QUOTE_CHARS);
}

function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const stop = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return stop > limit / 2 ? cut.slice(0, stop + 1) : `${cut.replace(/\s+\S*$/, '')}…`;
}
