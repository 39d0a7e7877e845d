// The registry page's search state and the rules it follows, pure and tested:
// the state read from and written to the address (?query=&work=<id> and the filters), when a
// search runs at all, the labels of the enums, and the oracle score's colour.
import {
  DATE_RANGES,
  IDENTIFIER_TYPES,
  REGISTRY_SORTS,
  VERIFICATION_LEVELS,
  WORK_CONTENT_TYPES,
  type DateRange,
  type IdentifierType,
  type VerificationLevel,
  type WorkContentType,
} from '../../../../domain/contracts/registry';

export type RegistrySort = (typeof REGISTRY_SORTS)[number];

export interface RegistrySearch {
  query: string;
  contentType: WorkContentType | 'all';
  verificationLevel: VerificationLevel | 'all';
  identifierType: IdentifierType | 'all';
  genre: string | null;
  sortBy: RegistrySort;
  dateRange: DateRange;
}

export const EMPTY_SEARCH: RegistrySearch = {
  query: '',
  contentType: 'all',
  verificationLevel: 'all',
  identifierType: 'all',
  genre: null,
  sortBy: 'relevance',
  dateRange: 'all',
};

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T | 'all'): T | 'all' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The search the address describes; unknown values fall back to the defaults. */
export function searchFromParams(params: URLSearchParams): RegistrySearch {
  const genre = params.get('genre')?.trim() ?? '';
  return {
    query: params.get('query') ?? '',
    contentType: oneOf(WORK_CONTENT_TYPES, params.get('contentType'), 'all'),
    verificationLevel: oneOf(VERIFICATION_LEVELS, params.get('verificationLevel'), 'all'),
    identifierType: oneOf(IDENTIFIER_TYPES, params.get('identifierType'), 'all'),
    genre: genre === '' ? null : genre,
    sortBy: (REGISTRY_SORTS as readonly string[]).includes(params.get('sortBy') ?? '') ? (params.get('sortBy') as RegistrySort) : 'relevance',
    dateRange: (DATE_RANGES as readonly string[]).includes(params.get('dateRange') ?? '') ? (params.get('dateRange') as DateRange) : 'all',
  };
}

/** The address parameters of a search (defaults left out) plus the open work, if any. */
export function paramsFromSearch(search: RegistrySearch, workId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (search.query !== '') params.set('query', search.query);
  if (search.contentType !== 'all') params.set('contentType', search.contentType);
  if (search.verificationLevel !== 'all') params.set('verificationLevel', search.verificationLevel);
  if (search.identifierType !== 'all') params.set('identifierType', search.identifierType);
  if (search.genre) params.set('genre', search.genre);
  if (search.sortBy !== 'relevance') params.set('sortBy', search.sortBy);
  if (search.dateRange !== 'all') params.set('dateRange', search.dateRange);
  if (workId) params.set('work', workId);
  return params;
}

/**
 * The registry search runs only if the query is non-empty, or the content type or
 * verification level is not "all". A genre picked from the facets narrows a search; it does
 * not start one on its own.
 */
export function shouldSearch(search: RegistrySearch): boolean {
  return search.query.trim() !== '' || search.contentType !== 'all' || search.verificationLevel !== 'all';
}

/** The query string GET /api/works/search is called with (workSearchQuerySchema's names). */
export function searchQueryString(search: RegistrySearch): string {
  const params = new URLSearchParams({
    query: search.query.trim(),
    contentType: search.contentType,
    verificationLevel: search.verificationLevel,
    identifierType: search.identifierType,
    sortBy: search.sortBy,
    dateRange: search.dateRange,
  });
  if (search.genre) params.set('genre', search.genre);
  return params.toString();
}

export type ScoreColour = 'green' | 'yellow' | 'orange' | 'red';

/** A work's score colour in the registry: 90+ green, 80–89 yellow, 70–79 orange, below 70 red. */
export function registryScoreColour(score: number): ScoreColour {
  if (score >= 90) return 'green';
  if (score >= 80) return 'yellow';
  if (score >= 70) return 'orange';
  return 'red';
}

export const CONTENT_TYPE_LABELS: Record<WorkContentType, string> = { audio: 'Audio', video: 'Video', image: 'Image', text: 'Text' };

export const VERIFICATION_LEVEL_LABELS: Record<VerificationLevel, string> = {
  unverified: 'Unverified',
  basic: 'Basic',
  enhanced: 'Enhanced',
  gold: 'Gold',
};

export const VERIFICATION_LEVEL_SEVERITY: Record<VerificationLevel, 'secondary' | 'info' | 'success' | 'warning'> = {
  unverified: 'secondary',
  basic: 'info',
  enhanced: 'success',
  gold: 'warning',
};

export const IDENTIFIER_LABELS: Record<IdentifierType, string> = { isrc: 'ISRC', iswc: 'ISWC', isni: 'ISNI', upc: 'UPC' };

export const SORT_LABELS: Record<RegistrySort, string> = {
  relevance: 'Relevance',
  oracle_score: 'Oracle score',
  created_date: 'Newest first',
  title: 'Title (A–Z)',
  disputes: 'Most disputes',
  licenses: 'Most licenses',
};

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  all: 'Any time',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '1y': 'Last year',
};

/** A facet's label: the enum's when it has one, the value itself (a genre) otherwise. */
export function facetLabel(labels: Record<string, string> | null, value: string): string {
  return labels?.[value] ?? value;
}

/** The facet's entries, the largest first (ties by name), as the server counted them. */
export function facetEntries(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/** Where the License button leads: the marketplace filtered to the work's offers. */
export function marketplaceUrl(workId: string): string {
  return `/licensing-marketplace?workId=${encodeURIComponent(workId)}`;
}

/** The proof explorer showing the work's proofs. */
export function workProofsUrl(workId: string): string {
  return `/proof-explorer?workId=${encodeURIComponent(workId)}`;
}
