// The token reads and actions (docs/tokens.md): the price list, the balance, the history, Fix
// Tokens and wallet generation. The websocket invalidates the balance and history keys when the
// tokens read model changes, so they follow live.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BalanceResponse, PricingResponse, SyncTokensResponse, TokenTransaction } from '../../../../../domain/contracts/tokens';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { CURRENT_USER_KEY, TOKEN_BALANCE_KEY, TOKEN_PRICING_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY } from '../../../lib/query-keys';

export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: TOKEN_PRICING_KEY,
    queryFn: ({ signal }) => apiGet<PricingResponse>(TOKEN_PRICING_KEY[0], { on401: 'throw', signal }) as Promise<PricingResponse>,
    staleTime: 5 * 60_000,
  });

/** The one price list every screen reads. */
export function usePricing() {
  return useQuery(pricingQueryOptions());
}

/** The signed-in user's balance; an error whose text says the user has no Polygon wallet yet means: offer Generate Wallet. */
export function useTokenBalance({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TOKEN_BALANCE_KEY,
    queryFn: ({ signal }) => apiGet<BalanceResponse>(TOKEN_BALANCE_KEY[0], { on401: 'returnNull', signal }),
    enabled,
    retry: false,
  });
}

export function useTokenTransactions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...TOKEN_TRANSACTIONS_KEY, 50],
    queryFn: ({ signal }) => apiGet<{ transactions: TokenTransaction[] }>(`${TOKEN_TRANSACTIONS_KEY[0]}?limit=50`, { on401: 'returnNull', signal }),
    enabled,
  });
}

function useInvalidateTokens() {
  const queryClient = useQueryClient();
  return () => Promise.all([TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY, CURRENT_USER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Fix Tokens: rebuilds the balance from the ledger's events. */
export function useSyncTokens() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: () => apiRequest<SyncTokensResponse>('POST', '/api/debug/sync-tokens', {}),
    onSuccess: () => invalidate(),
  });
}

export interface GeneratedWallet {
  wallet: { address: string; xrplAddress: string; network: string };
}

export function useGenerateWallet() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: () => apiRequest<GeneratedWallet>('POST', '/api/goose-tokens/generate-wallet', {}),
    onSuccess: () => invalidate(),
  });
}
