// Failure counts of the throttles (logins, operator tokens, mails) in Postgres, so every API process
// counts against the same windows: a guesser spread over several processes or machines is refused
// as soon as the counts reach the limit, however the balancer spreads the attempts.
//
// A window starts at a key's first counted attempt that is not forgiven and ends windowMs later; an attempt is counted in
// one statement that also tells whether a key is used up (hot path: one round trip). Rows of windows
// that ended are reused by the key's next attempt and swept now and then by any process.
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const failureWindowMigrations: readonly Migration[] = [
  {
    id: 'failure-windows-1',
    sql: `
      CREATE TABLE IF NOT EXISTS failure_windows (
        scope text NOT NULL,
        key text NOT NULL,
        failures int NOT NULL,
        max_failures int NOT NULL,
        ends_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX IF NOT EXISTS failure_windows_ends_at ON failure_windows (ends_at);
    `,
  },
];

/** One key of one throttle: the scope names the throttle, so equal keys of two throttles count apart. */
export interface FailureKey {
  scope: string;
  key: string;
  /** Failures allowed in one window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

/** Ended windows are swept by a process at most this often (the statements ignore them anyway). */
const SWEEP_EVERY_MS = 10 * 60_000;
/** Lost races in a row before an attempt is refused for a whole window (concurrent bursts on one key). */
const MAX_TRIES = 3;

// Counts the attempt against every key unless one is used up at the statement's start. A key that
// fills up between that check and the count (a concurrent burst) is left alone by the conflict
// clause's re-check, and then the row comes back uncounted: the caller takes back the other counts.
const ATTEMPT_SQL = `
  WITH asked AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[]) AS a(scope, key, max_failures, window_ms)
  ),
  held AS (
    SELECT w.scope, w.key, w.ends_at FROM failure_windows w JOIN asked a USING (scope, key)
     WHERE w.ends_at > $5 AND w.failures >= a.max_failures
  ),
  counted AS (
    INSERT INTO failure_windows AS w (scope, key, failures, max_failures, ends_at)
    SELECT scope, key, 1, max_failures, $5::timestamptz + window_ms * interval '1 millisecond' FROM asked
     WHERE NOT EXISTS (SELECT 1 FROM held)
    ON CONFLICT (scope, key) DO UPDATE SET
      failures = CASE WHEN w.ends_at <= $5 OR w.failures = 0 THEN 1 ELSE w.failures + 1 END,
      max_failures = excluded.max_failures,
      ends_at = CASE WHEN w.ends_at <= $5 OR w.failures = 0 THEN excluded.ends_at ELSE w.ends_at END
     WHERE w.ends_at <= $5 OR w.failures < excluded.max_failures
    RETURNING w.scope, w.key
  )
  SELECT a.scope, a.key, h.ends_at AS held_until, c.key IS NOT NULL AS counted
    FROM asked a LEFT JOIN held h USING (scope, key) LEFT JOIN counted c USING (scope, key)`;

// A forgiven count may leave a row of 0 failures: it holds nothing, the key's next attempt starts a
// new window in it (as if the row were gone), and it is swept with its window.
const FORGIVE_SQL = `
  UPDATE failure_windows w SET failures = w.failures - 1
    FROM unnest($1::text[], $2::text[]) AS a(scope, key)
   WHERE w.scope = a.scope AND w.key = a.key AND w.ends_at > $3 AND w.failures > 0`;

const RESET_SQL = `
  DELETE FROM failure_windows w USING unnest($1::text[], $2::text[]) AS a(scope, key)
   WHERE w.scope = a.scope AND w.key = a.key`;

// Both in one round trip (a correct password: its account's window ends, its address is forgiven).
const SETTLE_SQL = `
  WITH reset AS (
    DELETE FROM failure_windows w USING unnest($3::text[], $4::text[]) AS a(scope, key)
     WHERE w.scope = a.scope AND w.key = a.key
  )
  UPDATE failure_windows w SET failures = w.failures - 1
    FROM unnest($1::text[], $2::text[]) AS a(scope, key)
   WHERE w.scope = a.scope AND w.key = a.key AND w.ends_at > $5 AND w.failures > 0`;

const columns = (keys: readonly FailureKey[]) => [keys.map((k) => k.scope), keys.map((k) => k.key)];

/** The failure windows of one database, as this process sees them: it only remembers when it last swept. */
export class FailureWindows {
  private sweptAt = 0;

  constructor(private readonly db: Queryable) {}

  /**
   * Counts one attempt against each key (distinct keys), or against none when one of them is used
   * up. Answers, per key and in order, the milliseconds until it may try again: all 0 when the attempt was counted.
   */
  async attempt(keys: readonly FailureKey[], now: Date): Promise<number[]> {
    await this.sweepIfDue(now);
    for (let tries = 1; ; tries += 1) {
      const { rows } = await this.db.query<{ scope: string; key: string; held_until: Date | string | null; counted: boolean }>(ATTEMPT_SQL, [
        ...columns(keys),
        keys.map((k) => k.max),
        keys.map((k) => k.windowMs),
        now,
      ]);
      const byKey = new Map(rows.map((row) => [`${row.scope}\n${row.key}`, row]));
      const waits = keys.map((k) => {
        const heldUntil = byKey.get(`${k.scope}\n${k.key}`)?.held_until;
        return heldUntil ? Math.max(1, new Date(heldUntil).getTime() - now.getTime()) : 0;
      });
      if (waits.some((wait) => wait > 0)) return waits;
      const lost = keys.filter((k) => !byKey.get(`${k.scope}\n${k.key}`)?.counted);
      if (lost.length === 0) return waits;
      // Another process filled a key meanwhile: take back this attempt's other counts and ask again,
      // which now sees the full key and its end.
      await this.forgive(
        keys.filter((k) => !lost.includes(k)),
        now,
      );
      if (tries === MAX_TRIES) return keys.map((k) => (lost.includes(k) ? k.windowMs : 0));
    }
  }

  /** Takes back one counted attempt of each key that turned out not to be a failure. */
  async forgive(keys: readonly FailureKey[], now: Date): Promise<void> {
    if (keys.length > 0) await this.db.query(FORGIVE_SQL, [...columns(keys), now]);
  }

  /** Ends the keys' windows: their failures are forgotten. */
  async reset(keys: readonly FailureKey[]): Promise<void> {
    if (keys.length > 0) await this.db.query(RESET_SQL, columns(keys));
  }

  /** Resets some keys and forgives others (distinct keys) in one statement. */
  async settle(keys: { reset: readonly FailureKey[]; forgive: readonly FailureKey[] }, now: Date): Promise<void> {
    await this.db.query(SETTLE_SQL, [...columns(keys.forgive), ...columns(keys.reset), now]);
  }

  private async sweepIfDue(now: Date): Promise<void> {
    if (now.getTime() - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now.getTime();
    await this.db.query('DELETE FROM failure_windows WHERE ends_at <= $1', [now]);
  }
}
