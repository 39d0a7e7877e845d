// The footer links each of the six documents to its own address and the FAQ to its tab; a document
// shows its version and effective date and renders its Markdown without raw HTML.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { legalDocumentOfPath } from '../../../lib/legal';
import { LegalDocumentView } from './legal-document-view';
import { LegalFooter } from './legal-footer';

describe('legal footer', () => {
  it('links the six documents to /legal/<id> and the FAQ tab, in a named navigation', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <LegalFooter />
      </MemoryRouter>,
    );
    expect(html).toContain('<nav aria-label="Legal documents and help">');
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, name]) => [href, name]);
    expect(links).toEqual([
      ['/legal/terms', 'Terms of Service'],
      ['/legal/privacy', 'Privacy Policy'],
      ['/legal/copyright', 'Copyright Policy'],
      ['/legal/oracle', 'Copyright Oracle Policy'],
      ['/legal/api', 'API Terms'],
      ['/legal/smart-contracts', 'Smart Contract Terms'],
      ['/dashboard/faq', 'FAQ'],
    ]);
  });

  it('knows which document an address opens', () => {
    expect(legalDocumentOfPath('/legal/smart-contracts')).toBe('smart-contracts');
    expect(legalDocumentOfPath('/legal/terms/')).toBe('terms');
    expect(legalDocumentOfPath('/legal/cookies')).toBeNull();
    expect(legalDocumentOfPath('/dashboard/faq')).toBeNull();
  });
});

describe('a legal document', () => {
  it('shows its version and effective date, its sections linkable by id, and HTML in the text as text', () => {
    const html = renderToStaticMarkup(
      <LegalDocumentView
        document={{
          id: 'terms',
          title: 'Terms of Service',
          version: 2,
          effective: '2026-12-01',
          summary: 'The rules.',
          body: '## What a step costs\n\nA check costs 2 tokens. <img src=x onerror=alert(1)>',
          sections: [{ id: 'what-a-step-costs', heading: 'What a step costs' }],
        }}
      />,
    );
    expect(html).toContain('Version 2 · effective 1 December 2026');
    expect(html).toContain('<h2 id="what-a-step-costs">What a step costs</h2>');
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-label="Terms of Service"');
  });
});
