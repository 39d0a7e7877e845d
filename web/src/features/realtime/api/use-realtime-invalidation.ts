// Keeps cached reads current without polling: the server pushes a message over /api/ws after
// each read-model commit, and this hook invalidates the matching query keys so the screens
// refetch. Reconnects with exponential backoff; after a reconnect everything is refetched once,
// since changes made while disconnected were not announced.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_PATH, realtimeMessageSchema, type RealtimeMessage } from '../../../../../domain/contracts/realtime';
import { CURRENT_USER_KEY, USER_KEY, VAULT_KEY } from '../../../lib/query-keys';

type ReadModel = Extract<RealtimeMessage, { type: 'event' }>['readModel'];

const KEYS_BY_READ_MODEL: Record<ReadModel, readonly (readonly string[])[]> = {
  vault: [VAULT_KEY],
  user: [USER_KEY, CURRENT_USER_KEY],
};

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Close code the server uses for a socket without a signed-in session. */
const NOT_SIGNED_IN = 4401;

export function realtimeUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`;
}

/**
 * Makes every query under `queryKey` refetch, reading state that includes the announced change.
 * Caveat: TanStack Query folds an invalidation into a fetch already in flight when the query has
 * no data yet (a first load), and that read may have started before the change committed; such a
 * query is invalidated once more after the in-flight read settles.
 */
export async function invalidateAfterChange(queryClient: QueryClient, queryKey: readonly string[]): Promise<void> {
  const firstLoadInFlight = queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .some((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  await queryClient.invalidateQueries({ queryKey });
  if (firstLoadInFlight) await queryClient.invalidateQueries({ queryKey });
}

function invalidate(queryClient: QueryClient, keys: readonly (readonly string[])[]): void {
  for (const queryKey of keys) void invalidateAfterChange(queryClient, queryKey);
}

export function useRealtimeInvalidation(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failedAttempts = 0;
    let hadConnection = false;
    let stopped = false;

    const connect = () => {
      const current = new WebSocket(realtimeUrl());
      socket = current;
      current.onopen = () => {
        failedAttempts = 0;
        if (hadConnection) invalidate(queryClient, Object.values(KEYS_BY_READ_MODEL).flat());
        hadConnection = true;
      };
      current.onmessage = (event: MessageEvent) => {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const message = realtimeMessageSchema.safeParse(data);
        if (message.success && message.data.type === 'event') invalidate(queryClient, KEYS_BY_READ_MODEL[message.data.readModel]);
      };
      current.onclose = (event: CloseEvent) => {
        if (stopped || socket !== current) return;
        // The session may have ended: let the current-user query find out.
        if (event.code === NOT_SIGNED_IN) invalidate(queryClient, [CURRENT_USER_KEY]);
        const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failedAttempts);
        failedAttempts += 1;
        retryTimer = setTimeout(connect, delay + Math.random() * 250);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close(1000, 'signed out or left');
    };
  }, [queryClient]);
}
