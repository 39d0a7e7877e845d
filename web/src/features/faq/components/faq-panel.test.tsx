// The FAQ tab rendered to markup: every category and entry, each entry an accordion item with its
// own id and link; a linked entry (/dashboard/faq#<id>) is open; and the search keeps only entries
// whose question or answer holds every word.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FaqCategory } from '../../../../../domain/contracts/knowledge';
import { FaqScreen } from './faq-panel';
import { filterFaq } from './faq-search';

const CATEGORIES: FaqCategory[] = [
  {
    id: 'pricing',
    title: 'Pricing',
    version: 1,
    entries: [
      { id: 'what-does-a-check-cost', question: 'What does a check cost?', answer: 'A copyright check costs **2 tokens**.' },
      { id: 'can-i-get-a-refund', question: 'Can I get a refund?', answer: 'Tokens spent on a finished step are not refunded.' },
    ],
  },
  {
    id: 'technical',
    title: 'Technical',
    version: 1,
    entries: [{ id: 'which-files-can-i-upload', question: 'Which files can I upload?', answer: 'WAV, MP3 and FLAC up to 200 MB. <script>alert(1)</script>' }],
  },
];

describe('FAQ screen', () => {
  it('shows each category and entry, with a link of its own, the answer as Markdown and no raw HTML', () => {
    const html = renderToStaticMarkup(<FaqScreen categories={CATEGORIES} linkedEntryId={null} />);
    expect(html).toContain('<h3 id="faq-category-pricing">Pricing</h3>');
    expect(html).toContain('<details id="what-does-a-check-cost" class="faq-entry">');
    expect(html).toContain('<summary class="faq-entry__question">What does a check cost?</summary>');
    expect(html).toContain('<strong>2 tokens</strong>');
    expect(html).toContain('href="#which-files-can-i-upload"');
    expect(html).not.toContain('<script>');
    expect(html).toContain('aria-label="Search the FAQ"');
  });

  it('opens the entry an address links to, and only it', () => {
    const html = renderToStaticMarkup(<FaqScreen categories={CATEGORIES} linkedEntryId="can-i-get-a-refund" />);
    expect(html).toContain('<details id="can-i-get-a-refund" class="faq-entry" open="">');
    expect(html).toContain('<details id="what-does-a-check-cost" class="faq-entry">');
  });
});

describe('FAQ search', () => {
  it('keeps entries whose question or answer holds every word, in any case, and drops emptied categories', () => {
    expect(filterFaq(CATEGORIES, 'all', 'TOKENS refunded').flatMap((c) => c.entries.map((e) => e.id))).toEqual(['can-i-get-a-refund']);
    expect(filterFaq(CATEGORIES, 'all', 'flac').map((c) => c.id)).toEqual(['technical']);
    expect(filterFaq(CATEGORIES, 'all', 'blockchain')).toEqual([]);
  });

  it('keeps one category when one is chosen, and all of it without a search', () => {
    expect(filterFaq(CATEGORIES, 'pricing', '  ')).toEqual([CATEGORIES[0]]);
    expect(filterFaq(CATEGORIES, 'technical', 'refund')).toEqual([]);
  });
});
