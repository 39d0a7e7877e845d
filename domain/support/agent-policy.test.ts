// The agent's rules: the topics a person always takes, the account questions, when a passage is
// quoted, and the gate a generated answer must pass.
import { describe, expect, it } from 'vitest';
import { accountIntentOf, alwaysHandoffReason, decideFromRetrieval, DEFAULT_THRESHOLDS, passesCitationGate, sentencesOf } from './agent-policy';

describe('alwaysHandoffReason', () => {
  it.each([
    ['Can I get a refund for my tokens?', 'refund'],
    ['I was charged twice this month', 'refund'],
    ['I want my money back', 'refund'],
    ['Someone copied my song and registered it', 'dispute'],
    ['How do I dispute a claim on my track?', 'dispute'],
    ['I want to appeal the decision', 'dispute'],
    ['My attorney is preparing a lawsuit', 'legal-notice'],
    ['This is a DMCA notice', 'legal-notice'],
    ['I think my account was hacked', 'account-security'],
    ['I forgot my password and cannot log in', 'account-security'],
    ['Can I talk to a human?', 'asked-for-person'],
    ['Let me speak with someone from support', 'asked-for-person'],
  ])('hands "%s" to a person (%s)', (message, reason) => {
    expect(alwaysHandoffReason(message)).toBe(reason);
  });

  it('puts account security before a refund when a message is about both', () => {
    expect(alwaysHandoffReason('My account was hacked and I want a refund')).toBe('account-security');
  });

  it.each(['What does mastering cost?', 'How are passwords stored?', 'Can an account be suspended for uploading stolen songs?', 'Which files can I upload?'])(
    'leaves "%s" to the knowledge',
    (message) => {
      expect(alwaysHandoffReason(message)).toBeNull();
    },
  );
});

describe('accountIntentOf', () => {
  it('recognises a held track by keywords or by its title', () => {
    expect(accountIntentOf('Why is my track held?', [])).toEqual({ intent: 'track-held', trackTitle: null });
    expect(accountIntentOf('why was my song flagged', [])).toEqual({ intent: 'track-held', trackTitle: null });
    expect(accountIntentOf('Why is Night Drive on hold?', ['Night Drive', 'Night'])).toEqual({ intent: 'track-held', trackTitle: 'Night Drive' });
  });

  it('recognises the balance, a track status and a release status', () => {
    expect(accountIntentOf("what's my balance", [])?.intent).toBe('balance');
    expect(accountIntentOf('How many tokens do I have?', [])?.intent).toBe('balance');
    expect(accountIntentOf('what is the status of my upload', [])?.intent).toBe('track-status');
    expect(accountIntentOf('is Night Drive ready yet', ['Night Drive'])).toEqual({ intent: 'track-status', trackTitle: 'Night Drive' });
    expect(accountIntentOf('what is the status of my release on spotify', [])?.intent).toBe('release-status');
  });

  it('leaves general questions about the product alone', () => {
    expect(accountIntentOf('Why would a track be held for review?', [])).toBeNull();
    expect(accountIntentOf('How much does a release cost?', [])).toBeNull();
    expect(accountIntentOf('What does the copyright check compare with?', ['Compare'])).toBeNull();
  });
});

describe('decideFromRetrieval', () => {
  const withModel = (semantic: number, extra: { coverage?: number | null; outOfScope?: number | null } = {}) => ({ semantic, lexical: 1, coverage: null, outOfScope: null, ...extra });

  it('quotes, suggests or hands over by similarity when the model ranks', () => {
    const { quoteSemantic, suggestSemantic } = DEFAULT_THRESHOLDS;
    expect(decideFromRetrieval(withModel(quoteSemantic))).toBe('quote');
    expect(decideFromRetrieval(withModel(quoteSemantic - 0.01))).toBe('suggestions');
    expect(decideFromRetrieval(withModel(suggestSemantic - 0.01))).toBe('cannot-answer');
  });

  it('quotes a less similar passage only when it covers the question', () => {
    const { quoteSemanticCovered, quoteCoverage } = DEFAULT_THRESHOLDS;
    expect(decideFromRetrieval(withModel(quoteSemanticCovered, { coverage: quoteCoverage }))).toBe('quote');
    expect(decideFromRetrieval(withModel(quoteSemanticCovered, { coverage: quoteCoverage - 0.01 }))).toBe('suggestions');
    expect(decideFromRetrieval(withModel(quoteSemanticCovered - 0.01, { coverage: 1 }))).toBe('suggestions');
  });

  it('does not quote when a question the knowledge does not answer is closer, unless the passage is very close', () => {
    const { quoteSemantic, outOfScopeMargin, quoteDespiteOutOfScope } = DEFAULT_THRESHOLDS;
    expect(decideFromRetrieval(withModel(quoteSemantic, { outOfScope: quoteSemantic + outOfScopeMargin }))).toBe('quote');
    expect(decideFromRetrieval(withModel(quoteSemantic, { outOfScope: quoteSemantic + outOfScopeMargin + 0.01 }))).toBe('suggestions');
    expect(decideFromRetrieval(withModel(quoteDespiteOutOfScope, { outOfScope: 1 }))).toBe('quote');
  });

  it('by the fused word score without the model, and hands over when nothing was found', () => {
    const withoutModel = (lexical: number) => ({ semantic: null, lexical, coverage: null, outOfScope: null });
    expect(decideFromRetrieval(withoutModel(DEFAULT_THRESHOLDS.quoteLexical))).toBe('quote');
    expect(decideFromRetrieval(withoutModel(DEFAULT_THRESHOLDS.suggestLexical))).toBe('suggestions');
    expect(decideFromRetrieval(withoutModel(DEFAULT_THRESHOLDS.suggestLexical - 0.01))).toBe('cannot-answer');
    expect(decideFromRetrieval(null)).toBe('cannot-answer');
  });
});

describe('passesCitationGate', () => {
  const allowed = new Set(['faq/pricing#what-does-each-step-cost', 'legal/terms#refunds-p1']);

  it('passes an answer whose every sentence cites a given source, before or after its stop', () => {
    expect(passesCitationGate('Mastering costs 2 tokens [faq/pricing#what-does-each-step-cost]. A preview is free. [faq/pricing#what-does-each-step-cost]', allowed)).toBe(true);
  });

  it('refuses a sentence without a citation, an invented citation and an empty answer', () => {
    expect(passesCitationGate('Mastering costs 2 tokens [faq/pricing#what-does-each-step-cost]. Refunds take 30 days.', allowed)).toBe(false);
    expect(passesCitationGate('Refunds take 30 days [legal/terms#money-back-guarantee].', allowed)).toBe(false);
    expect(passesCitationGate('', allowed)).toBe(false);
  });

  it('splits sentences at stops followed by a capital and at line breaks', () => {
    expect(sentencesOf('One [a]. Two [b]!\nThree [c]')).toEqual(['One [a].', 'Two [b]!', 'Three [c]']);
  });
});
