// The support centre's wording: durations at a reader's precision, who a message is from (the
// agent, the viewer, the author), and Enter without Shift sending.
import { describe, expect, it } from 'vitest';
import { AGENT_LABEL, authorLabel, formatDuration, sendsOnKey } from './labels';

describe('support centre labels', () => {
  it('says a duration at the precision a person reads it, and nothing before it happened', () => {
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration(20_000)).toBe('under a minute');
    expect(formatDuration(4 * 60_000)).toBe('4 min');
    expect(formatDuration(125 * 60_000)).toBe('2 h 5 min');
    expect(formatDuration(3 * 3_600_000)).toBe('3 h');
    expect(formatDuration(76 * 3_600_000)).toBe('3 d 4 h');
  });

  it("labels the agent 'GOOSE AI Agent', the requester's own words 'You', and others by name", () => {
    expect(authorLabel({ isFromAI: true, authorRole: 'agent', authorName: 'agent' }, true)).toBe(AGENT_LABEL);
    expect(authorLabel({ isFromAI: false, authorRole: 'user', authorName: 'ada' }, true)).toBe('You');
    expect(authorLabel({ isFromAI: false, authorRole: 'user', authorName: 'ada' }, false)).toBe('ada');
    expect(authorLabel({ isFromAI: false, authorRole: 'support', authorName: 'sam' }, true)).toBe('sam');
  });

  it('sends on Enter without Shift, not while composing', () => {
    expect(sendsOnKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsOnKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsOnKey({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(sendsOnKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});
