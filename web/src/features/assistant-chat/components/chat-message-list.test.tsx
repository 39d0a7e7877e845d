// The chat renders what the server said: agent answers built from the contract's schema (text,
// every source with its link and excerpt, the action link, the vote, the ticket of a handoff), the
// labels 'GOOSE AI Agent' and 'You', and each command's confirmation with its price from the
// server's price list, never asked before the price is known.
import { describe, expect, it } from 'vitest';
import { agentAnswerSchema, type AgentAnswer } from '../../../../../domain/contracts/support';
import { renderWithQueries } from '../../../lib/test-render';
import { PRICING_FIXTURE } from '../../../lib/tokens/pricing.fixture';
import { confirmQuestion, type ChatEntry } from '../chat-entries';
import { AgentAnswerView } from './agent-answer';
import { ChatMessageList, type ChatMessageListProps } from './chat-message-list';

function answer(overrides: Partial<AgentAnswer> = {}): AgentAnswer {
  return agentAnswerSchema.parse({
    answerId: 'a1',
    kind: 'quote',
    text: 'Mastering costs 5 tokens; previews are free.',
    sources: [{ id: 'faq/pricing#mastering', title: 'How much does mastering cost?', url: '/dashboard/faq#mastering', score: 0.91, excerpt: 'A master costs 5 tokens.' }],
    actionUrl: null,
    actionText: null,
    ticketId: null,
    handoffReason: null,
    ...overrides,
  });
}

const noop = () => undefined;
const anchors = { available: true, reason: null, loading: false };

function list(entries: ChatEntry[], props: Partial<ChatMessageListProps> = {}): string {
  return renderWithQueries(
    <ChatMessageList entries={entries} pricing={{ pricing: { ...PRICING_FIXTURE.pricing, 'professional-mastering': 7 } }} anchors={anchors} votingId={null} thinking={false} onConfirm={noop} onCancel={noop} onVote={noop} onNavigate={noop} onFollowLink={noop} {...props} />,
    [],
    { router: true },
  );
}

/** An answer as the chat shows it, its in-app links inside the app's router. */
function view(shown: AgentAnswer, vote: 'helpful' | 'unhelpful' | null = null): string {
  return renderWithQueries(<AgentAnswerView answer={shown} vote={vote} voting={false} onVote={noop} onFollowLink={noop} />, [], { router: true });
}

describe('AgentAnswerView', () => {
  it('shows the text, each source with its link and excerpt, and the vote', () => {
    const html = view(answer());
    expect(html).toContain('Mastering costs 5 tokens; previews are free.');
    expect(html).toContain('<a href="/dashboard/faq#mastering" data-discover="true">How much does mastering cost?</a>');
    expect(html).toContain('A master costs 5 tokens.');
    expect(html).toContain('aria-label="Sources"');
    expect(html).toContain('Not helpful');
    expect(html).toContain('Helpful');
  });

  it('shows a source without a link by its title, the action link, and the vote once cast', () => {
    const html = view(
      answer({ kind: 'account', sources: [{ id: 'legal/terms#p3', title: 'Terms of Service §3', url: null, score: 0.5, excerpt: 'Held tracks can be reviewed.' }], actionUrl: '/dashboard/oracle', actionText: 'Ask for a review here' }),
      'unhelpful',
    );
    expect(html).toContain('<strong>Terms of Service §3</strong>');
    expect(html).toContain('<a href="/dashboard/oracle" data-discover="true">Ask for a review here</a>');
    expect(html).toContain('Thanks: marked not helpful.');
    expect(html).not.toContain('pi-thumbs-down');
  });

  it('links a handoff to its ticket in the Support tab once, and asks no vote of it', () => {
    // As the server words a handoff: its action names the same ticket.
    const html = view(answer({ kind: 'handoff', text: 'A person will answer.', sources: [], actionUrl: '/dashboard/support?ticket=t-42', actionText: 'Open your ticket', ticketId: 't-42', handoffReason: 'refund' }));
    expect(html.match(/href="\/dashboard\/support\?ticket=t-42"/g)).toHaveLength(1);
    expect(html).toContain('Open your ticket in the Support tab');
    expect(html).toContain('No source in GOOSE&#x27;s documents covers this.');
    expect(html).not.toContain('Helpful');
  });

  it('opens a link to another site in a new tab, so the conversation stays', () => {
    const html = view(answer({ sources: [{ id: 'docs/x', title: 'XRPL reserves', url: 'https://xrpl.org/reserves', score: 0.8, excerpt: 'A reserve of 1 XRP.' }] }));
    expect(html).toContain('<a href="https://xrpl.org/reserves" target="_blank" rel="noreferrer">XRPL reserves</a>');
  });
});

describe('ChatMessageList', () => {
  it('labels messages GOOSE AI Agent and You, in a polite live log', () => {
    const html = list([
      { id: '1', from: 'user', text: 'Attached song.wav' },
      { id: '2', from: 'agent', kind: 'note', text: 'Uploaded song.wav; its track workflow has started.', tone: 'success', tab: null, buyTokens: false },
    ]);
    expect(html).toContain('role="log"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/You<\/span><p>Attached song.wav/);
    expect(html).toContain('GOOSE AI Agent');
  });

  it('asks to confirm a master with the price list\'s price, and a refusal offers tokens and the tab', () => {
    const html = list([
      { id: '1', from: 'agent', kind: 'confirm', command: { kind: 'master', track: { kind: 'current' }, style: 'warm', loudness: 'medium' }, trackId: 't', trackTitle: 'Song', status: 'asking' },
      { id: '2', from: 'agent', kind: 'note', text: 'Insufficient tokens: this step costs 5.00, your balance is 1.00', tone: 'error', tab: 'mastering', buyTokens: true },
    ]);
    expect(html).toContain('Master “Song” Warm at −9 LUFS for 7 tokens?');
    expect(html).toContain('Confirm');
    expect(html).toContain('Buy tokens');
    expect(html).toContain('Open Mastering');
  });
});

describe('confirmQuestion', () => {
  const pricing = PRICING_FIXTURE;
  it('states each command\'s price from the server\'s list, and waits for it', () => {
    expect(confirmQuestion({ command: { kind: 'check', track: { kind: 'current' } }, trackTitle: 'Song' }, pricing, anchors)).toEqual({ text: 'Run the copyright check on “Song”? It costs no tokens.', ready: true });
    expect(confirmQuestion({ command: { kind: 'register', track: { kind: 'current' } }, trackTitle: 'Song' }, { pricing: { ...pricing.pricing, 'copyright-registration': 30 } }, anchors).text).toBe(
      'Register “Song”? Registration costs 30 tokens, charged when it succeeds; the copyright check is free.',
    );
    expect(confirmQuestion({ command: { kind: 'master', track: { kind: 'current' }, style: 'open', loudness: 'low' }, trackTitle: 'Song' }, undefined, anchors)).toEqual({
      text: 'Master “Song” Open at −14 LUFS? Reading the price list…',
      ready: false,
    });
  });

  it('states the contract\'s deploy price, or the server\'s reason when it records none', () => {
    expect(confirmQuestion({ command: { kind: 'contract', track: { kind: 'current' } }, trackTitle: 'Song' }, pricing, anchors).text).toBe(
      'Create the standard royalty contract for “Song” (you 85%, the platform 15%)? Recording it on the XRP Ledger costs $49.95 once, paid in XRP from your XRPL account.',
    );
    expect(confirmQuestion({ command: { kind: 'contract', track: { kind: 'current' } }, trackTitle: 'Song' }, pricing, { available: false, reason: 'No ledger is configured.', loading: false }).text).toMatch(/\? No ledger is configured\.$/);
    expect(confirmQuestion({ command: { kind: 'contract', track: { kind: 'current' } }, trackTitle: 'Song' }, pricing, { available: false, reason: null, loading: true }).ready).toBe(false);
  });
});
