// What the registry page shows, read from its rendered HTML: the prompt before a search, loading
// skeletons, "No works found", result cards (score colour, identifiers, counts, Disputed badge,
// License), the facets, and a work's details with the identifiers editor for its owner only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WorkSearchResponse } from '../../../../../domain/contracts/registry';
import { ToastProvider } from '../../../components/ui/toast';
import { WORK_SEARCH_KEY } from '../../../lib/query-keys';
import { EMPTY_SEARCH, searchQueryString } from '../registry-search';
import { work } from '../work.fixture';
import { identifiersRequest } from './identifiers-editor';
import { RegistryResults, RightsRegistryPage } from './rights-registry-page';
import { WorkDetails } from './work-details-dialog';

function render(node: ReactNode, queryClient = new QueryClient()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{node}</ToastProvider>
    </QueryClientProvider>,
  );
}

const noop = () => undefined;
const searching = { ...EMPTY_SEARCH, query: 'rain' };
const answer = (works: WorkSearchResponse['works']): WorkSearchResponse => ({
  works,
  total: works.length,
  facets: { contentTypes: { audio: works.length }, verificationLevels: { enhanced: 1, gold: 1 }, genres: { Ambient: 2, Rock: 1 } },
});

const results = (props: Partial<Parameters<typeof RegistryResults>[0]>) =>
  render(<RegistryResults search={searching} status="success" data={undefined} error={null} onPickFacet={noop} onViewDetails={noop} onLicense={noop} {...props} />);

describe('registry results', () => {
  it('asks for a query or a filter before searching', () => {
    const html = results({ search: EMPTY_SEARCH, status: 'pending' });
    expect(html).toContain('to search the registry');
    expect(html).not.toContain('No works found');
  });

  it('shows skeletons while loading', () => {
    const html = results({ status: 'pending' });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('p-skeleton');
  });

  it('says No works found for an empty answer', () => {
    expect(results({ data: answer([]) })).toContain('No works found');
  });

  it('shows a card per work with its level, coloured score, identifiers, counts and buttons', () => {
    const html = results({ data: answer([work(), work({ id: 'track-2', title: 'Low Tide', oracleScore: 72, disputes: { active: 1, resolved: 0, total: 1 } })]) });
    expect(html).toContain('2 works found');
    expect(html).toContain('Midnight Rain');
    expect(html).toContain('by alice');
    expect(html).toContain('Enhanced');
    expect(html).toMatch(/registry-score--green[^>]*>Oracle score: 93%/);
    expect(html).toMatch(/registry-score--orange[^>]*>Oracle score: 72%/);
    expect(html).toContain('US-S1Z-99-00001');
    expect(html).toContain('Licenses: 2 available · 1 active');
    expect(html).toContain('View Details');
    expect(html).toContain('>License<');
    expect(html.match(/>Disputed</g)).toHaveLength(1);
  });

  it('lists the facets with their counts', () => {
    const html = results({ data: answer([work()]) });
    for (const title of ['Content types', 'Verification levels', 'Top genres']) expect(html).toContain(title);
    expect(html).toContain('Audio (1)');
    expect(html).toContain('Gold (1)');
    expect(html).toContain('Ambient (2)');
  });

  it('shows the server error when the search fails', () => {
    expect(results({ status: 'error', error: new Error('500: {"error":"database down"}') })).toContain('The registry could not be searched: database down');
  });
});

describe('work details', () => {
  it('shows every field, fingerprints, attestations and the links to proofs and licensing', () => {
    const html = render(<WorkDetails work={work()} isOwner={false} onNavigate={noop} />);
    for (const text of ['track-1', 'alice', 'Ambient', 'CERT-1', 'validated', 'chromaprint', '97% confidence', 'certificate signature', '$49.99 revenue', 'View proofs', '>License<', 'Registered and validated on the ledger']) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('Save identifiers');
  });

  it('gives the owner the identifiers editor, filled with the current identifiers', () => {
    const html = render(<WorkDetails work={work()} isOwner onNavigate={noop} />);
    expect(html).toContain('Save identifiers');
    expect(html).toContain('value="US-S1Z-99-00001"');
    for (const label of ['>ISRC<', '>ISWC<', '>ISNI<', '>UPC<']) expect(html).toContain(label);
  });

  it('clears a blank identifier and sends the others trimmed', () => {
    expect(identifiersRequest({ isrc: ' USS1Z9900001 ', iswc: '', isni: '  ', upc: '036000291452' })).toEqual({ isrc: 'USS1Z9900001', iswc: null, isni: null, upc: '036000291452' });
  });
});

describe('registry page', () => {
  it('has the search box, the sort selector, the advanced filters and the results of the search in the address', () => {
    const search = { ...EMPTY_SEARCH, query: 'rain', contentType: 'audio' as const };
    const queryClient = new QueryClient();
    queryClient.setQueryData([...WORK_SEARCH_KEY, searchQueryString(search)], answer([work()]));
    const html = render(<RightsRegistryPage search={search} openWorkId={null} viewer={null} onSearch={noop} onOpenWork={noop} onNavigate={noop} />, queryClient);
    expect(html).toContain('Rights Registry Search');
    expect(html).toContain('aria-label="Search the registry"');
    expect(html).toContain('value="rain"');
    expect(html).toContain('aria-label="Sort by"');
    // A filter in the address opens the advanced filters.
    expect(html).toContain('Hide Filters');
    for (const label of ['Content type', 'Verification level', 'Identifier type', 'Registered']) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('1 work found');
    expect(html).toContain('Midnight Rain');
  });

  it('keeps the advanced filters closed when none is set', () => {
    const html = render(<RightsRegistryPage search={EMPTY_SEARCH} openWorkId={null} viewer={null} onSearch={noop} onOpenWork={noop} onNavigate={noop} />);
    expect(html).toContain('Advanced Filters');
    expect(html).not.toContain('>Identifier type</label>');
  });
});
