// The external v1 API's gate: who is calling (the X-API-Key header
// checked against the key's own event stream, so a revocation or suspension holds from the very
// next request), from where (the key's IP allowlist), and whether the key has calls left (the
// month, day and minute windows, counted in Postgres in one transaction so concurrent calls and
// several app instances share the limits). Every admitted call is written to the usage log and
// announced to its owner's browsers; a key whose recent calls fail too often is suspended.
// A key of an account an operator suspended is refused (403) with the account.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import { evolveApiKey, initialApiKeyState, type ApiKeyState } from '../../domain/developer/api-key.decider';
import { API_KEY_PREFIX, apiKeyStreamId, type ApiKeyEvent } from '../../domain/developer/api-key.events';
import {
  API_KEY_HEADER,
  API_TIER_LIMITS,
  FAILED_REQUEST_RATIO_LIMIT,
  FAILURE_MIN_CALLS,
  FAILURE_WINDOW_CALLS,
  REQUESTS_PER_MINUTE,
} from '../../domain/developer/api-tiers';
import type { ApiCaller } from '../../domain/developer/ports';
import { ForbiddenError, UnauthorizedError } from '../../domain/shared/errors';
import type { Db } from '../../infra/db/db';
import { windowEnd, windowStart, type WindowKind } from '../../infra/developer/usage-store';
import { apiKeyIdOf, apiKeySha256, handleApiKeyCommand } from '../../infra/developer/api-keys';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { ReadModelChange } from '../../projections/projection';
import { ACCOUNT_SUSPENDED, isSuspendedUser } from '../../projections/users/queries';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admitted caller of a v1 route; set by the API key guard's onRequest hook. */
    apiCaller?: ApiCaller;
    /** Cents the v1 route captured for this call; the usage record's cost (0 when unset). */
    apiCallCostCents?: number;
  }
}

export interface ApiKeyGuardDeps {
  db: Db;
  eventStore: EventStore;
  projector: { announce(change: ReadModelChange): void };
  now?: () => Date;
}

export interface ApiKeyGuard {
  onRequest: onRequestHookHandler;
  onResponse: onResponseHookHandler;
  /** Resolves once every usage record started so far is written (tests, shutdown). */
  idle(): Promise<void>;
}

interface Admitted {
  keyName: string;
}
const admitted = new WeakMap<FastifyRequest, Admitted>();

/** The caller the guard admitted; 401 when the route runs without the guard. */
export function apiCallerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw new UnauthorizedError(`An ${API_KEY_HEADER} header is required`);
  return request.apiCaller;
}

/** A limit that refused the call: 429, with the seconds until its window ends. */
class LimitReached extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export function apiKeyGuard(deps: ApiKeyGuardDeps): ApiKeyGuard {
  const now = deps.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  let sweptAt = 0;

  const onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const key = await authenticate(deps.eventStore, request);
    if (await isSuspendedUser(deps.db, key.ownerId)) throw new ForbiddenError(ACCOUNT_SUSPENDED);
    const at = now();
    if (at.getTime() - sweptAt >= COUNTER_SWEEP_EVERY_MS) {
      sweptAt = at.getTime();
      await sweepCounters(deps.db, at);
    }
    try {
      await admit(deps.db, key, at);
    } catch (error) {
      if (!(error instanceof LimitReached)) throw error;
      return reply.status(429).header('retry-after', String(error.retryAfterSeconds)).send({ error: error.message });
    }
    request.apiCaller = { keyId: key.keyId, ownerId: key.ownerId, tier: key.tier, pricePerCallCents: API_TIER_LIMITS[key.tier].pricePerCallCents };
    admitted.set(request, { keyName: key.keyName });
    return undefined;
  };

  const onResponse = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const caller = request.apiCaller;
    const meta = admitted.get(request);
    if (!caller || !meta) return;
    const work = record(deps, caller, meta, request, reply, now()).catch((error: unknown) =>
      request.log.error({ err: error, keyId: caller.keyId }, 'API call could not be metered'),
    );
    pending.add(work);
    try {
      await work;
    } finally {
      pending.delete(work);
    }
  };

  return {
    onRequest: onRequest as onRequestHookHandler,
    onResponse: onResponse as onResponseHookHandler,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** The key the header names, folded from its stream; refused with 401 (missing, invalid or deleted) or 403 (suspended, or an address off its allowlist). */
async function authenticate(eventStore: EventStore, request: FastifyRequest): Promise<ApiKeyState> {
  const header = request.headers[API_KEY_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new UnauthorizedError(`An ${API_KEY_HEADER} header is required`);
  const keyId = apiKeyIdOf(value.trim());
  if (!keyId) throw new UnauthorizedError('This API key is not valid');
  const recorded = await eventStore.readStream(apiKeyStreamId(keyId));
  const key = recorded.reduce((state, e) => evolveApiKey(state, { type: e.type, data: e.data } as ApiKeyEvent), initialApiKeyState);
  const given = Buffer.from(apiKeySha256(value.trim()), 'hex');
  const stored = Buffer.from(key.keySha256, 'hex');
  if (!key.created || key.keyPrefix !== `${API_KEY_PREFIX}${keyId}` || stored.length !== given.length || !timingSafeEqual(stored, given)) {
    throw new UnauthorizedError('This API key is not valid');
  }
  if (key.status === 'revoked') throw new UnauthorizedError('This API key was deleted');
  if (key.status === 'suspended') throw new ForbiddenError(`This API key is suspended: ${key.suspendedReason ?? 'too many failed requests'}`);
  const ip = clientAddress(request.ip);
  if (key.ipAllowlist.length > 0 && !allows(key.ipAllowlist, ip)) throw new ForbiddenError(`Requests from ${ip} are not allowed for this API key`);
  return key;
}

/** An IPv4 address seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 address. */
function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function allows(allowlist: readonly string[], ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (!address || isIP(address) === 0) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/** How often a guard drops ended minute and day windows (any process may: the rows are shared). */
const COUNTER_SWEEP_EVERY_MS = 10 * 60_000;

/** Minute and day windows that ended no longer admit anything; month windows stay (they are the usage figures). */
async function sweepCounters(db: Db, at: Date): Promise<void> {
  await db.query(
    `DELETE FROM api_call_counters WHERE (window_kind = 'minute' AND window_start < $1) OR (window_kind = 'day' AND window_start < $2)`,
    [windowStart('minute', new Date(at.getTime() - 60_000)).toISOString(), windowStart('day', new Date(at.getTime() - 86_400_000)).toISOString()],
  );
}

const ADMIT_SQL = `
  INSERT INTO api_call_counters AS c (key_id, window_kind, window_start, calls) VALUES ($1, $2, $3, 1)
  ON CONFLICT (key_id, window_kind, window_start) DO UPDATE SET calls = c.calls + 1 WHERE c.calls < $4
  RETURNING calls`;

/** Counts the call in each of the key's windows, month → day → minute, or in none: 429 naming the first limit reached. */
async function admit(db: Db, key: ApiKeyState, at: Date): Promise<void> {
  const tier = API_TIER_LIMITS[key.tier];
  const windows: Array<{ kind: WindowKind; limit: number }> = [{ kind: 'month', limit: tier.monthlyQuota }];
  if (tier.dailyLimit !== null) windows.push({ kind: 'day', limit: tier.dailyLimit });
  windows.push({ kind: 'minute', limit: REQUESTS_PER_MINUTE });
  await db.transaction(async (tx) => {
    for (const { kind, limit } of windows) {
      const counted = await tx.query(ADMIT_SQL, [key.keyId, kind, windowStart(kind, at).toISOString(), limit]);
      if (counted.rows.length === 0) throw refusal(kind, limit, at);
    }
  });
}

function refusal(kind: WindowKind, limit: number, at: Date): LimitReached {
  const end = windowEnd(kind, at);
  const seconds = Math.max(1, Math.ceil((end.getTime() - at.getTime()) / 1000));
  if (kind === 'month') return new LimitReached(`Monthly quota of ${limit} calls used up; it renews on ${end.toISOString().slice(0, 10)}`, seconds);
  if (kind === 'day') return new LimitReached(`Daily limit of ${limit} calls reached; try again after midnight UTC`, seconds);
  return new LimitReached(`More than ${limit} requests a minute; slow down`, seconds);
}

/** Writes the call to the usage log, tells the owner's browsers, and suspends the key when too many of its recent calls failed. */
async function record(deps: ApiKeyGuardDeps, caller: ApiCaller, meta: Admitted, request: FastifyRequest, reply: FastifyReply, at: Date): Promise<void> {
  const recordedAt = at.toISOString();
  await deps.db.query(
    `INSERT INTO api_usage_records (id, key_id, owner_id, key_name, method, endpoint, status_code, response_time_ms, cost_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      randomUUID(),
      caller.keyId,
      caller.ownerId,
      meta.keyName,
      request.method,
      request.routeOptions.url ?? request.url.split('?')[0],
      reply.statusCode,
      Math.max(0, Math.round(reply.elapsedTime)),
      Math.max(0, Math.round(request.apiCallCostCents ?? 0)),
      recordedAt,
    ],
  );
  const streamId = apiKeyStreamId(caller.keyId);
  deps.projector.announce({ readModel: 'developer', ownerId: caller.ownerId, subjectId: caller.keyId, streamId, eventType: 'ApiCallRecorded', workflowId: null, recordedAt });
  await suspendIfFailing(deps, caller, at);
}

async function suspendIfFailing(deps: ApiKeyGuardDeps, caller: ApiCaller, at: Date): Promise<void> {
  const { rows } = await deps.db.query<{ calls: string | number; failed: string | number }>(
    `SELECT count(*) AS calls, count(*) FILTER (WHERE status_code BETWEEN 400 AND 499 AND status_code NOT IN (402, 429)) AS failed
       FROM (SELECT status_code FROM api_usage_records WHERE key_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2) AS recent`,
    [caller.keyId, FAILURE_WINDOW_CALLS],
  );
  const calls = Number(rows[0]?.calls ?? 0);
  const failed = Number(rows[0]?.failed ?? 0);
  if (calls < FAILURE_MIN_CALLS || failed / calls <= FAILED_REQUEST_RATIO_LIMIT) return;
  const percent = Math.round(FAILED_REQUEST_RATIO_LIMIT * 100);
  const reason = `${failed} of its last ${calls} calls failed (more than ${percent} % of requests refused as bad requests)`;
  const command = { type: 'SuspendApiKey' as const, data: { keyId: caller.keyId, reason, failedCalls: failed, windowCalls: calls } };
  const context = { correlationId: randomUUID(), actor: 'api-key-guard', now: at };
  // Two failing calls may judge the key at once; the second finds it suspended and decides nothing.
  await handleApiKeyCommand(deps.eventStore, caller.keyId, command, context);
}
