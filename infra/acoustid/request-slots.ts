// AcoustID's terms ask for no more than 3 requests a second, from the whole deployment: every API
// process and worker that runs checks shares one budget. The budget is a row in Postgres holding
// the time of the next free slot; taking a slot moves it one gap further in one statement, so
// concurrent callers in any process get distinct slots in order, and each waits for its own.
// Times come from the database's clock, so processes on machines whose clocks differ still agree.
import type { Queryable } from '../db/db';
import type { Migration } from '../db/migrate';

export const requestSlotMigrations: readonly Migration[] = [
  {
    id: 'acoustid-request-slots-1',
    sql: `
      CREATE TABLE IF NOT EXISTS acoustid_request_slots (
        scope text PRIMARY KEY,
        next_at timestamptz NOT NULL
      );
    `,
  },
];

// The slot taken is the later of the row's next free time and now; the row then moves one gap
// past it. A slot further away than the longest wait is not taken (the row is left alone).
const TAKE_SQL = `
  WITH clock AS (SELECT clock_timestamp() AS now)
  INSERT INTO acoustid_request_slots AS s (scope, next_at)
  SELECT $1, clock.now + $2 * interval '1 millisecond' FROM clock
  ON CONFLICT (scope) DO UPDATE
     SET next_at = GREATEST(s.next_at, (SELECT now FROM clock)) + $2 * interval '1 millisecond'
   WHERE s.next_at <= (SELECT now FROM clock) + $3 * interval '1 millisecond'
  RETURNING GREATEST(0, extract(epoch FROM (s.next_at - $2 * interval '1 millisecond' - (SELECT now FROM clock))) * 1000)::float8 AS wait_ms`;

const WAITING_SQL = `SELECT GREATEST(0, extract(epoch FROM (next_at - clock_timestamp())) * 1000)::float8 AS wait_ms FROM acoustid_request_slots WHERE scope = $1`;

export interface RequestSlotsOptions {
  /** Names the budget: one per outside service (its base URL). */
  scope: string;
  /** Milliseconds between two slots (1000 / the requests allowed a second, plus what is kept to spare). */
  gapMs: number;
  /** A caller would wait at most this long for a slot; beyond it, it is refused. */
  maxWaitMs: number;
}

/** Too many requests are queued already: the caller would wait longer than it may. */
export class SlotsExhaustedError extends Error {
  constructor(readonly waitMs: number) {
    super(`the next free request slot is ${Math.round(waitMs)} ms away`);
    this.name = 'SlotsExhaustedError';
  }
}

/** A deployment-wide request budget: `take()` resolves when this caller's slot has come. */
export class RequestSlots {
  constructor(
    private readonly db: Queryable,
    private readonly options: RequestSlotsOptions,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Takes the next free slot and waits for it; refuses (SlotsExhaustedError) when it is too far away. */
  async take(): Promise<void> {
    const { rows } = await this.db.query<{ wait_ms: number }>(TAKE_SQL, [this.options.scope, this.options.gapMs, this.options.maxWaitMs]);
    const taken = rows[0];
    if (!taken) {
      const { rows: waiting } = await this.db.query<{ wait_ms: number }>(WAITING_SQL, [this.options.scope]);
      throw new SlotsExhaustedError(Number(waiting[0]?.wait_ms ?? this.options.maxWaitMs));
    }
    const waitMs = Number(taken.wait_ms);
    if (waitMs > 0) await this.sleep(waitMs);
  }
}
