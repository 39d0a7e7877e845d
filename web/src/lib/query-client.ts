// The app's QueryClient and its defaults for every query: fresh for
// 30 s, one retry after 1 s (mutations too), no refetch on focus or reconnect, no polling.
// Live changes arrive over the websocket, which invalidates the matching keys.
import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'returnNull' }),
      staleTime: 30_000,
      retry: 1,
      retryDelay: 1_000,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
    },
    mutations: {
      retry: 1,
      retryDelay: 1_000,
    },
  },
});
