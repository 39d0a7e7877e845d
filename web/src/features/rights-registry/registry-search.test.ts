// The registry page's rules: the address round-trips the search, when a search runs, the score
// colours, the API query string and the facets' order.
import { describe, expect, it } from 'vitest';
import { workSearchQuerySchema } from '../../../../domain/contracts/registry';
import {
  EMPTY_SEARCH,
  facetEntries,
  marketplaceUrl,
  paramsFromSearch,
  registryScoreColour,
  searchFromParams,
  searchQueryString,
  shouldSearch,
  workProofsUrl,
} from './registry-search';

describe('registry search state', () => {
  it('round-trips every filter and the open work through the address', () => {
    const search = { query: 'Midnight Rain', contentType: 'audio', verificationLevel: 'gold', identifierType: 'isrc', genre: 'Ambient', sortBy: 'oracle_score', dateRange: '30d' } as const;
    const params = paramsFromSearch(search, 'track-1');
    expect(params.get('work')).toBe('track-1');
    expect(searchFromParams(params)).toEqual(search);
  });

  it('leaves defaults out of the address and falls back to them for unknown values', () => {
    expect(paramsFromSearch(EMPTY_SEARCH, null).toString()).toBe('');
    expect(searchFromParams(new URLSearchParams('contentType=sculpture&sortBy=loudest&dateRange=forever&verificationLevel=platinum'))).toEqual(EMPTY_SEARCH);
  });

  it('searches only with a query, a content type or a verification level', () => {
    expect(shouldSearch(EMPTY_SEARCH)).toBe(false);
    expect(shouldSearch({ ...EMPTY_SEARCH, query: '   ' })).toBe(false);
    expect(shouldSearch({ ...EMPTY_SEARCH, genre: 'Ambient', identifierType: 'isrc', sortBy: 'title', dateRange: '7d' })).toBe(false);
    expect(shouldSearch({ ...EMPTY_SEARCH, query: 'rain' })).toBe(true);
    expect(shouldSearch({ ...EMPTY_SEARCH, contentType: 'video' })).toBe(true);
    expect(shouldSearch({ ...EMPTY_SEARCH, verificationLevel: 'basic' })).toBe(true);
  });

  it('sends a query string the server schema accepts as given', () => {
    const search = { ...EMPTY_SEARCH, query: ' rain ', genre: 'Ambient', sortBy: 'licenses' as const };
    const parsed = workSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(searchQueryString(search))));
    expect(parsed).toMatchObject({ query: 'rain', genre: 'Ambient', sortBy: 'licenses', contentType: 'all', verificationLevel: 'all', identifierType: 'all', dateRange: 'all' });
  });
});

describe('registry display rules', () => {
  it('colours the oracle score 90+ green, 80–89 yellow, 70–79 orange, below 70 red', () => {
    expect([100, 90, 89.9, 80, 79, 70, 69, 0].map(registryScoreColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'red', 'red']);
  });

  it('orders facets by count then name and drops empty ones', () => {
    expect(facetEntries({ Rock: 2, Ambient: 5, Jazz: 2, Pop: 0 })).toEqual([
      ['Ambient', 5],
      ['Jazz', 2],
      ['Rock', 2],
    ]);
  });

  it('leads the License button to the marketplace filtered by workId, and View proofs to the explorer', () => {
    expect(marketplaceUrl('track 1')).toBe('/licensing-marketplace?workId=track%201');
    expect(workProofsUrl('track-1')).toBe('/proof-explorer?workId=track-1');
  });
});
