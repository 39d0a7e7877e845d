// AcoustID's answers, kept in Postgres so the same upload checked again (a retried check, a second
// check of the same file, the developer API on a registered track) is not asked twice and does not
// spend the shared request budget. Keyed by the SHA-256 of the fingerprint and the duration sent,
// which is everything the answer depends on. An answer is kept for a while, not for ever: AcoustID's
// catalogue grows, and a recording not known today may be known next month.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';
import type { AcoustidResult } from './web-service';

export const lookupCacheMigrations: readonly Migration[] = [
  {
    id: 'acoustid-lookups-1',
    sql: `
      CREATE TABLE IF NOT EXISTS acoustid_lookups (
        fingerprint_sha256 text NOT NULL,
        duration_seconds int NOT NULL,
        results jsonb NOT NULL,
        asked_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (fingerprint_sha256, duration_seconds)
      );
      CREATE INDEX IF NOT EXISTS acoustid_lookups_expires_at ON acoustid_lookups (expires_at);
    `,
  },
];

const DAY_MS = 24 * 60 * 60_000;
/** An answer naming recordings: what MusicBrainz says of a recording rarely changes within a month. */
export const MATCH_TTL_MS = 30 * DAY_MS;
/** An answer naming nothing: asked again after a week, as AcoustID learns new recordings every day. */
export const NO_MATCH_TTL_MS = 7 * DAY_MS;
/** Expired answers are deleted by a process at most this often (reads ignore them anyway). */
const SWEEP_EVERY_MS = 10 * 60_000;

export interface CacheKey {
  fingerprintSha256: string;
  durationSeconds: number;
}

export function cacheKey(fingerprint: string, durationSeconds: number): CacheKey {
  return { fingerprintSha256: createHash('sha256').update(fingerprint).digest('hex'), durationSeconds };
}

/** AcoustID's answers still fresh in the database. */
export class LookupCache {
  private sweptAt = 0;

  constructor(private readonly db: Queryable) {}

  async get(key: CacheKey): Promise<AcoustidResult[] | null> {
    const { rows } = await this.db.query<{ results: AcoustidResult[] | string }>(
      'SELECT results FROM acoustid_lookups WHERE fingerprint_sha256 = $1 AND duration_seconds = $2 AND expires_at > now()',
      [key.fingerprintSha256, key.durationSeconds],
    );
    const found = rows[0]?.results;
    if (found === undefined) return null;
    return typeof found === 'string' ? (JSON.parse(found) as AcoustidResult[]) : found;
  }

  async put(key: CacheKey, results: AcoustidResult[]): Promise<void> {
    const ttlMs = results.length > 0 ? MATCH_TTL_MS : NO_MATCH_TTL_MS;
    await this.db.query(
      `INSERT INTO acoustid_lookups (fingerprint_sha256, duration_seconds, results, expires_at)
       VALUES ($1, $2, $3::jsonb, now() + $4 * interval '1 millisecond')
       ON CONFLICT (fingerprint_sha256, duration_seconds) DO UPDATE SET results = excluded.results, asked_at = now(), expires_at = excluded.expires_at`,
      [key.fingerprintSha256, key.durationSeconds, JSON.stringify(results), ttlMs],
    );
    await this.sweepIfDue();
  }

  private async sweepIfDue(): Promise<void> {
    if (Date.now() - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = Date.now();
    await this.db.query('DELETE FROM acoustid_lookups WHERE expires_at <= now()');
  }
}
