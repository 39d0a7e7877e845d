// A conversation: numbered answers, one owner, one vote per answer, the unhelpful votes counted.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { NotFoundError } from '../shared/errors';
import { supportConversationDecider, type AgentReply } from './agent-conversation.decider';
import { SupportAgentAnswerRated, SupportAgentAnswered, SupportAgentQuestionAsked, conversationOfAnswer } from './agent-conversation.events';

const spec = deciderSpec(supportConversationDecider);
const conversationId = '0b7d2a4e-8c1f-4e5a-9d3b-2f6c7a8e9d10';
const at = '2026-11-29T12:00:00.000Z';
const reply: AgentReply = { kind: 'quote', text: 'Quoted.', sources: [], actionUrl: null, actionText: null, ticketId: null, handoffReason: null };
const asked = SupportAgentQuestionAsked.create({ conversationId, userId: 'u1', question: 'What is GOOSE?', askedAt: at });
const answered = (n: number) => SupportAgentAnswered.create({ conversationId, userId: 'u1', answerId: `${conversationId}.${n}`, ...reply, answeredAt: at });

describe('support conversation decider', () => {
  it('records a question and its answer, numbered after the answers already given', () => {
    const events = spec.when([asked, answered(1)], { type: 'RecordExchange', data: { conversationId, userId: 'u1', question: 'And pricing?', reply, at } });
    expect(events.map((e) => e.type)).toEqual(['SupportAgentQuestionAsked', 'SupportAgentAnswered']);
    expect(events[1]!.data).toMatchObject({ answerId: `${conversationId}.2` });
    expect(conversationOfAnswer(`${conversationId}.2`)).toBe(conversationId);
    expect(conversationOfAnswer('not-an-answer')).toBeNull();
  });

  it("answers another user's conversation and answers as missing", () => {
    expect(() => spec.when([asked, answered(1)], { type: 'RecordExchange', data: { conversationId, userId: 'u2', question: 'Hi', reply, at } })).toThrow(NotFoundError);
    expect(() => spec.when([asked, answered(1)], { type: 'RateAnswer', data: { userId: 'u2', answerId: `${conversationId}.1`, helpful: false, at } })).toThrow(NotFoundError);
    expect(() => spec.when([asked, answered(1)], { type: 'RateAnswer', data: { userId: 'u1', answerId: `${conversationId}.9`, helpful: false, at } })).toThrow(NotFoundError);
  });

  it('takes one vote per answer and counts the unhelpful ones', () => {
    const rated = SupportAgentAnswerRated.create({ conversationId, answerId: `${conversationId}.1`, helpful: false, ratedAt: at });
    expect(spec.when([asked, answered(1), rated], { type: 'RateAnswer', data: { userId: 'u1', answerId: `${conversationId}.1`, helpful: true, at } })).toEqual([]);
    const state = spec.given(asked, answered(1), rated, asked, answered(2), SupportAgentAnswerRated.create({ conversationId, answerId: `${conversationId}.2`, helpful: false, ratedAt: at }));
    expect(state.unhelpfulVotes).toBe(2);
    expect(state.transcript.map((entry) => entry.from)).toEqual(['user', 'agent', 'user', 'agent']);
  });

  it('keeps the ticket of a handoff', () => {
    const handedOver = SupportAgentAnswered.create({ conversationId, userId: 'u1', answerId: `${conversationId}.2`, ...reply, kind: 'handoff', ticketId: 't-1', handoffReason: 'refund', answeredAt: at });
    expect(spec.given(asked, answered(1), handedOver).ticketId).toBe('t-1');
  });
});
