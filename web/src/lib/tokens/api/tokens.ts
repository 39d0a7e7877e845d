// The token wallet's reads and actions (docs/tokens.md): the price list every screen reads, the
// balance, the history, Fix Tokens and Generate Wallet. The websocket invalidates the balance,
// history and user keys when the tokens read model changes, so a credit shows while the page is open.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { balanceResponseSchema, pricingResponseSchema, syncTokensResponseSchema, transactionsResponseSchema } from '../../../../../domain/contracts/tokens';
import { generateWalletResponseSchema, type GenerateWalletResponse } from '../../../../../domain/contracts/wallets';
import { getParsed, getParsedOrNull, requestParsed, retryUnlessRefused } from '../../api-client';
import { CURRENT_USER_KEY, TOKEN_BALANCE_KEY, TOKEN_PRICING_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY } from '../../query-keys';

export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

export const HISTORY_LIMIT = 50;

/** The price list changes only with a release: read once, kept for the session. */
export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: TOKEN_PRICING_KEY,
    queryFn: ({ signal }) => getParsed(pricingResponseSchema, TOKEN_PRICING_KEY[0], { signal }),
    staleTime: Infinity,
    retry: retryUnlessRefused,
  });

export function usePricing() {
  return useQuery(pricingQueryOptions());
}

/** The spendable balance; a refusal (no token account, no wallet) is not retried: its text is shown. */
export function useTokenBalance({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: TOKEN_BALANCE_KEY,
    queryFn: ({ signal }) => getParsedOrNull(balanceResponseSchema, TOKEN_BALANCE_KEY[0], { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

/** The newest 50 movements. Its key starts with TOKEN_TRANSACTIONS_KEY, so live invalidation reaches it. */
export function useTokenTransactions({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...TOKEN_TRANSACTIONS_KEY, HISTORY_LIMIT],
    queryFn: ({ signal }) => getParsedOrNull(transactionsResponseSchema, `${TOKEN_TRANSACTIONS_KEY[0]}?limit=${HISTORY_LIMIT}`, { signal }),
    enabled,
    retry: retryUnlessRefused,
  });
}

function useRefreshTokenReads() {
  const queryClient = useQueryClient();
  return () => Promise.all([TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, USER_KEY, CURRENT_USER_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Fix Tokens: rebuilds the balance from the ledger's events. */
export function useSyncTokens() {
  const refresh = useRefreshTokenReads();
  return useMutation({
    mutationFn: () => requestParsed(syncTokensResponseSchema, 'POST', '/api/debug/sync-tokens', {}),
    retry: retryUnlessRefused,
    onSettled: refresh,
  });
}

export type { GenerateWalletResponse };

/** Creates the user's Polygon wallet; the balance is read again afterwards. */
/**
 * `handlers` run at the mutation level: the widget swaps the button for the balance as soon as the
 * refreshed balance arrives, and a per-call callback would be dropped with the button.
 */
export function useGenerateWallet(handlers: { onSuccess?(answer: GenerateWalletResponse): void; onError?(error: unknown): void } = {}) {
  const refresh = useRefreshTokenReads();
  return useMutation({
    mutationFn: () => requestParsed(generateWalletResponseSchema, 'POST', '/api/goose-tokens/generate-wallet', {}),
    retry: retryUnlessRefused,
    onSuccess: (answer) => handlers.onSuccess?.(answer),
    onError: (error) => handlers.onError?.(error),
    onSettled: refresh,
  });
}
