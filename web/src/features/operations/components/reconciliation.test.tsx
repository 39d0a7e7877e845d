// The royalty money section of the operations page, read from its rendered HTML: claimed, funded,
// released and unreconciled per partner and period, and what to do when nothing is recorded yet.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PartnerReconciliation } from './reconciliation';

describe('partner reconciliation on the operations page', () => {
  it('shows each partner period with its unreconciled money flagged', () => {
    const html = renderToStaticMarkup(
      <PartnerReconciliation data={{ note: 'Only funded money becomes royalty earnings.', periods: [{ partnerId: 'acme', period: '2026-10', claimed: 100_000, funded: 10_001, released: 10_001, unreconciled: 89_999 }] }} />,
    );
    expect(html).toContain('Only funded money becomes royalty earnings.');
    expect(html).toContain('<td>acme</td><td>2026-10</td>');
    expect(html).toContain('$1,000.00');
    expect(html).toContain('$100.01');
    expect(html).toContain('$899.99');
  });

  it('says how to record the first statement and funds', () => {
    expect(renderToStaticMarkup(<PartnerReconciliation data={{ note: 'n', periods: [] }} />)).toContain('npm run ops -- import-statement');
  });
});
