// Keeps cached reads current without polling: the server pushes a message over /api/ws after
// each read-model commit, and this hook invalidates the matching query keys so the screens
// refetch. Each event carries its place in the server's change log (seq); a reconnect gives the
// last one seen, and the server replays what was missed before going live. Only when it cannot
// (the seq is older than what it keeps) is everything refetched once. Reconnects with exponential
// backoff, but at once when the server closed for a restart (1012: another process takes over).
// Whoever mounts it may also hear of each event once its refetches have settled (the guided
// workflow's Task Completed dialog).
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import {
  ACCOUNT_SUSPENDED_CLOSE_CODE,
  REALTIME_PATH,
  RESUME_AFTER_PARAM,
  SERVICE_RESTART_CLOSE_CODE,
  realtimeMessageSchema,
  type RealtimeMessage,
} from '../../../../../domain/contracts/realtime';
import {
  CERTIFICATE_KEY,
  COPYRIGHT_CHECKS_KEY,
  CURRENT_USER_KEY,
  DISPUTES_KEY,
  DISTRIBUTION_STATEMENTS_KEY,
  DISTRIBUTIONS_KEY,
  GENERATED_MUSIC_KEY,
  NOTIFICATIONS_KEY,
  ACCOUNT_KEY,
  ANALYTICS_KEY,
  LICENSE_SALES_KEY,
  MARKETPLACE_KEY,
  MY_LICENSES_KEY,
  MY_OFFERS_KEY,
  MY_ROLES_KEY,
  OPERATIONS_KEY,
  DEVELOPER_KEY,
  PROOFS_KEY,
  ROYALTY_ANALYTICS_KEY,
  ROYALTY_HISTORY_KEY,
  ROYALTY_INVITATION_KEY,
  ROYALTY_RECEIVERS_KEY,
  SMART_CONTRACTS_KEY,
  SYNC_STATUS_KEY,
  TOKEN_BALANCE_KEY,
  TOKEN_TRANSACTIONS_KEY,
  USER_KEY,
  VAULT_KEY,
  WORK_SEARCH_KEY,
  WORKS_KEY,
  SUPPORT_KEY,
  REFERENCES_KEY,
} from '../../../lib/query-keys';

export type RealtimeEvent = Extract<RealtimeMessage, { type: 'event' }>;
type ReadModel = RealtimeEvent['readModel'];
type QueryKey = readonly string[];

const KEYS_BY_READ_MODEL: Record<ReadModel, readonly QueryKey[]> = {
  // The analytics overview counts content, checks and earnings from the vault, tokens, royalties,
  // licenses and distributions (statements) models: each of them moves it.
  vault: [VAULT_KEY, COPYRIGHT_CHECKS_KEY, ANALYTICS_KEY],
  // An account's details, and a role granted or revoked.
  user: [USER_KEY, CURRENT_USER_KEY, MY_ROLES_KEY],
  tokens: [USER_KEY, CURRENT_USER_KEY, TOKEN_BALANCE_KEY, TOKEN_TRANSACTIONS_KEY, ANALYTICS_KEY],
  // Earnings and payout runs move the contracts, their history and analytics, and each release's
  // breakdown (under DISTRIBUTIONS_KEY).
  royalties: [SMART_CONTRACTS_KEY, ROYALTY_HISTORY_KEY, ROYALTY_ANALYTICS_KEY, DISTRIBUTIONS_KEY, ANALYTICS_KEY],
  // A receiver added, invited, accepted, declined or removed (the analytics count receivers).
  receivers: [ROYALTY_RECEIVERS_KEY, ROYALTY_INVITATION_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY],
  // A release's delivery states, its renewal or takedown, and imported statements.
  distributions: [DISTRIBUTIONS_KEY, DISTRIBUTION_STATEMENTS_KEY, SMART_CONTRACTS_KEY, ANALYTICS_KEY],
  // A work's identifiers, verification level, license and dispute counts.
  works: [WORK_SEARCH_KEY, WORKS_KEY, MARKETPLACE_KEY],
  proofs: [PROOFS_KEY],
  // An offer listed or withdrawn, a license bought, issued or rated (the sale also moves the contract).
  licenses: [MARKETPLACE_KEY, MY_LICENSES_KEY, LICENSE_SALES_KEY, MY_OFFERS_KEY, SMART_CONTRACTS_KEY, ROYALTY_ANALYTICS_KEY, ANALYTICS_KEY],
  // A case filed, answered, moved, resolved or appealed (a freeze also moves the marketplace and the contract).
  disputes: [DISPUTES_KEY, MARKETPLACE_KEY, WORK_SEARCH_KEY, WORKS_KEY, SMART_CONTRACTS_KEY],
  // A failed ledger step, a retry, an outbox message: the operations page.
  operations: [OPERATIONS_KEY],
  developer: [DEVELOPER_KEY],
  // A ticket opened, answered, assigned or moved: the requester's tickets and the support queue.
  support: [SUPPORT_KEY],
  // A generation's stage, progress, files or like: the studio's workspace.
  'generated-music': [GENERATED_MUSIC_KEY],
  // A notification made, read or deleted: the bell, its menu and the notifications page.
  notifications: [NOTIFICATIONS_KEY],
  // The account's address, sessions, data export or deletion: the settings page.
  account: [ACCOUNT_KEY, CURRENT_USER_KEY],
  // A delivery received, a recording indexed or failed, a reference removed: the reference catalogue.
  references: [REFERENCES_KEY],
};

/** Events after which a registration's external database sync may read differently. */
const SYNC_EVENTS = new Set(['TrackRegistrationSigned', 'TrackRegistrationSubmitted', 'TrackRegistrationFailed', 'TrackCertificateIssued', 'TrackStoredInVault']);

/** Every key a reconnect refetches: the read models' lists and the per-item reads under them. */
const ALL_KEYS: readonly QueryKey[] = [...Object.values(KEYS_BY_READ_MODEL).flat(), CERTIFICATE_KEY, SYNC_STATUS_KEY];

/** The query keys an event makes stale: its read model's lists, and for a vault item its certificate. */
export function keysForEvent(event: Pick<RealtimeEvent, 'readModel' | 'eventType' | 'subjectId'>): readonly QueryKey[] {
  const keys = [...KEYS_BY_READ_MODEL[event.readModel]];
  if (event.readModel === 'vault') {
    keys.push([...CERTIFICATE_KEY, event.subjectId]);
    if (SYNC_EVENTS.has(event.eventType)) keys.push(SYNC_STATUS_KEY);
    // After mastering completes, the generated music list refreshes too.
    if (event.eventType === 'TrackMastered') keys.push(GENERATED_MUSIC_KEY);
  }
  return keys;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Close code the server uses for a socket without a signed-in session. */
const NOT_SIGNED_IN = 4401;

/** Spread of the immediate reconnects after a restart, so a process's browsers do not all land in the same millisecond. */
const RESTART_JITTER_MS = 250;

/** `after`: the last change-log seq seen, for the server to replay what came since. */
export function realtimeUrl(location: Location = window.location, after: number | null = null): string {
  const query = after === null ? '' : `?${RESUME_AFTER_PARAM}=${after}`;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}${query}`;
}

/** How long to wait before reconnecting after a close: at once after a restart, else backing off with the failures so far. */
export function reconnectDelayMs(closeCode: number, failedAttempts: number, random: () => number = Math.random): number {
  if (closeCode === SERVICE_RESTART_CLOSE_CODE) return random() * RESTART_JITTER_MS;
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failedAttempts) + random() * 250;
}

/** Where a browser stands in the change log across its reconnects. */
export class RealtimeResume {
  private lastSeq: number | null = null;
  private connectedBefore = false;

  url(location?: Location): string {
    return realtimeUrl(location, this.lastSeq);
  }

  /** On the server's hello: answers whether everything must be refetched (a reconnect that could not resume). */
  hello(message: Extract<RealtimeMessage, { type: 'hello' }>): boolean {
    const refetchAll = this.connectedBefore && !message.resumed;
    // Resumed: the replayed events move the seq on. Else the refetch (or first load) reads the state as of the log's head.
    if (!message.resumed) this.lastSeq = message.seq;
    this.connectedBefore = true;
    return refetchAll;
  }

  event(message: Pick<RealtimeEvent, 'seq'>): void {
    if (message.seq !== null && (this.lastSeq === null || message.seq > this.lastSeq)) this.lastSeq = message.seq;
  }
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

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.allSettled(keys.map((queryKey) => invalidateAfterChange(queryClient, queryKey)));
}

export interface RealtimeOptions {
  /** Called for each event after the reads it made stale have been refetched (or failed to). */
  onEvent?(event: RealtimeEvent): void;
}

/** What a kept connection tells its owner. */
export interface RealtimeConnectionHandlers {
  /** An event, in the order received (replayed ones first after a resumed reconnect). */
  onEvent(event: RealtimeEvent): void;
  /** A reconnect that could not resume: changes may have been missed, so everything is stale. */
  onMissedChanges(): void;
  /** Closed for a session that ended or an account suspended: the current user should be read again. */
  onSessionEnded(): void;
}

/** The socket as the connection uses it: the browser's WebSocket, or a test's stand-in. */
export type RealtimeSocket = Pick<WebSocket, 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

/**
 * Keeps a socket to /api/ws open, reconnecting after each close (with the last seq seen, so the
 * server replays what was missed) until the answered stop is called.
 */
export function keepRealtimeConnection(
  handlers: RealtimeConnectionHandlers,
  { open = (url) => new WebSocket(url), location }: { open?: (url: string) => RealtimeSocket; location?: Location } = {},
): () => void {
  let socket: RealtimeSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let stopped = false;
  const resume = new RealtimeResume();

  const connect = () => {
    const current = open(resume.url(location));
    socket = current;
    current.onopen = () => {
      failedAttempts = 0;
    };
    current.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const message = realtimeMessageSchema.safeParse(data);
      if (!message.success || stopped) return;
      if (message.data.type === 'hello') {
        if (resume.hello(message.data)) handlers.onMissedChanges();
        return;
      }
      resume.event(message.data);
      handlers.onEvent(message.data);
    };
    current.onclose = (event: CloseEvent) => {
      if (stopped || socket !== current) return;
      if (event.code === NOT_SIGNED_IN || event.code === ACCOUNT_SUSPENDED_CLOSE_CODE) handlers.onSessionEnded();
      const delay = reconnectDelayMs(event.code, failedAttempts);
      if (event.code !== SERVICE_RESTART_CLOSE_CODE) failedAttempts += 1;
      retryTimer = setTimeout(connect, delay);
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    socket?.close(1000, 'signed out or left');
  };
}

export function useRealtimeInvalidation({ onEvent }: RealtimeOptions = {}): void {
  const queryClient = useQueryClient();
  const reportEvent = useEffectEvent((event: RealtimeEvent) => onEvent?.(event));

  useEffect(() => {
    let stopped = false;
    const stop = keepRealtimeConnection({
      onEvent: (changed) =>
        void invalidate(queryClient, keysForEvent(changed)).then(() => {
          if (!stopped) reportEvent(changed);
        }),
      onMissedChanges: () => void invalidate(queryClient, ALL_KEYS),
      // The session may have ended (or the account was suspended): let the current-user query find out.
      onSessionEnded: () => void invalidate(queryClient, [CURRENT_USER_KEY]),
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [queryClient]);
}
