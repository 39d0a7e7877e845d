// The analytics overview's read: GET /api/analytics for one period, parsed with the contract. The
// websocket invalidates ANALYTICS_KEY when the vault, tokens, royalties, licenses or distributions
// read models change, so nothing here polls.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type Analytics, type AnalyticsPeriod } from '../../../../../domain/contracts/analytics';
import { getParsed, retryUnlessRefused } from '../../../lib/api-client';
import { ANALYTICS_KEY } from '../../../lib/query-keys';

export function analyticsUrl(period: AnalyticsPeriod): string {
  return `${ANALYTICS_KEY[0]}?period=${period}`;
}

export function useAnalytics(period: AnalyticsPeriod, { enabled }: { enabled: boolean }) {
  return useQuery<Analytics>({
    queryKey: [...ANALYTICS_KEY, period],
    queryFn: ({ signal }) => getParsed(analyticsSchema, analyticsUrl(period), { signal }),
    enabled,
    // Another period keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}
