// The developer API's metering tables and the queries over them (usage
// records and usage stats). This is a metering log, not domain state: the call counters are
// what the guard admits against (one row a key and window), the usage records what each admitted
// call answered. Neither is rebuilt from events; a key's status lives in its event stream.
import type { ApiUsageResponse } from '../../domain/contracts/developer';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const apiUsageMigrations: readonly Migration[] = [
  {
    id: 'developer-api-usage-1',
    sql: `
      CREATE TABLE IF NOT EXISTS api_call_counters (
        key_id text NOT NULL,
        window_kind text NOT NULL CHECK (window_kind IN ('month', 'day', 'minute')),
        window_start timestamptz NOT NULL,
        calls int NOT NULL,
        PRIMARY KEY (key_id, window_kind, window_start)
      );
      CREATE TABLE IF NOT EXISTS api_usage_records (
        id text PRIMARY KEY,
        key_id text NOT NULL,
        owner_id text NOT NULL,
        key_name text NOT NULL DEFAULT '',
        method text NOT NULL,
        endpoint text NOT NULL,
        status_code int NOT NULL,
        response_time_ms int NOT NULL,
        cost_cents int NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS api_usage_records_owner_created ON api_usage_records (owner_id, created_at DESC);
      CREATE INDEX IF NOT EXISTS api_usage_records_key_created ON api_usage_records (key_id, created_at DESC);
    `,
  },
];

export type WindowKind = 'month' | 'day' | 'minute';

/** The start of the UTC window of `kind` holding `now`. */
export function windowStart(kind: WindowKind, now: Date): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (kind === 'month') return new Date(Date.UTC(y, m, 1));
  if (kind === 'day') return new Date(Date.UTC(y, m, now.getUTCDate()));
  return new Date(Date.UTC(y, m, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes()));
}

/** The end (exclusive) of the UTC window of `kind` holding `now`: where the next one starts. */
export function windowEnd(kind: WindowKind, now: Date): Date {
  const start = windowStart(kind, now);
  if (kind === 'month') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  if (kind === 'day') return new Date(start.getTime() + 86_400_000);
  return new Date(start.getTime() + 60_000);
}

export interface KeyUsage {
  /** Calls admitted this UTC month. */
  monthCalls: number;
  /** Calls admitted this UTC day. */
  dayCalls: number;
  /** When the key's latest recorded call was made; null when it made none. */
  lastUsed: string | null;
}

/** Each key's calls this month and today (the admission counters) and its latest call; keys without calls read zero. */
export async function usageOfKeys(db: Queryable, keyIds: string[], now: Date): Promise<Map<string, KeyUsage>> {
  const usage = new Map<string, KeyUsage>(keyIds.map((keyId) => [keyId, { monthCalls: 0, dayCalls: 0, lastUsed: null }]));
  if (keyIds.length === 0) return usage;
  const counters = await db.query<{ key_id: string; window_kind: WindowKind; calls: number }>(
    `SELECT key_id, window_kind, calls FROM api_call_counters
      WHERE key_id = ANY($1::text[])
        AND ((window_kind = 'month' AND window_start = $2) OR (window_kind = 'day' AND window_start = $3))`,
    [keyIds, windowStart('month', now).toISOString(), windowStart('day', now).toISOString()],
  );
  for (const row of counters.rows) {
    const entry = usage.get(row.key_id);
    if (!entry) continue;
    if (row.window_kind === 'month') entry.monthCalls = Number(row.calls);
    else entry.dayCalls = Number(row.calls);
  }
  const latest = await db.query<{ key_id: string; last_used: Date | string }>(
    `SELECT k.key_id, (SELECT max(r.created_at) FROM api_usage_records r WHERE r.key_id = k.key_id) AS last_used
       FROM unnest($1::text[]) AS k(key_id)`,
    [keyIds],
  );
  for (const row of latest.rows) {
    const entry = usage.get(row.key_id);
    if (entry && row.last_used !== null) entry.lastUsed = new Date(row.last_used).toISOString();
  }
  return usage;
}

/** The owner's latest `recent` calls (all keys, newest first) and the stats of the current UTC month so far. */
export async function usageOf(db: Queryable, ownerId: string, now: Date, recent = 50): Promise<ApiUsageResponse> {
  const from = windowStart('month', now);
  const records = await db.query<{
    id: string;
    key_id: string;
    key_name: string;
    method: string;
    endpoint: string;
    status_code: number;
    response_time_ms: number;
    cost_cents: number;
    created_at: Date | string;
  }>(
    `SELECT id, key_id, key_name, method, endpoint, status_code, response_time_ms, cost_cents, created_at
       FROM api_usage_records WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [ownerId, recent],
  );
  const stats = await db.query<{ total_calls: string | number; total_cost: string | number | null; avg_ms: string | number | null; errors: string | number }>(
    `SELECT count(*) AS total_calls, sum(cost_cents) AS total_cost, avg(response_time_ms) AS avg_ms,
            count(*) FILTER (WHERE status_code >= 400) AS errors
       FROM api_usage_records WHERE owner_id = $1 AND created_at >= $2 AND created_at <= $3`,
    [ownerId, from.toISOString(), now.toISOString()],
  );
  const row = stats.rows[0];
  const totalCalls = Number(row?.total_calls ?? 0);
  return {
    usage: records.rows.map((r) => ({
      id: r.id,
      keyId: r.key_id,
      keyName: r.key_name,
      method: r.method,
      endpoint: r.endpoint,
      statusCode: Number(r.status_code),
      responseTimeMs: Number(r.response_time_ms),
      costCents: Number(r.cost_cents),
      createdAt: new Date(r.created_at).toISOString(),
    })),
    stats: {
      totalCalls,
      totalCost: Number(row?.total_cost ?? 0),
      avgResponseTime: totalCalls === 0 ? 0 : Math.round(Number(row?.avg_ms ?? 0)),
      errorRate: totalCalls === 0 ? 0 : Number(row?.errors ?? 0) / totalCalls,
    },
    period: { from: from.toISOString(), to: now.toISOString() },
  };
}
