// Leadership of one job across processes through a Postgres session-level advisory lock, held on a
// connection of its own. Postgres releases a session lock the moment its session ends, so a leader
// that is SIGKILLed (its socket closes) or cut off (TCP keepalives, a few seconds) frees the lock
// without any clock: a standby polling pg_try_advisory_lock takes over at its next poll. A lease row
// would need heartbeats and a timeout longer than any pause of the leader, so a takeover would wait
// that timeout; the lock costs one idle connection per candidate. A clean stop unlocks at once.
import pg from 'pg';
import { logger } from '../logger/logger';

export interface AdvisoryLeadershipOptions {
  connectionString: string;
  /** The lock key (a bigint-range integer no other lock of the database uses). */
  key: number;
  /** Names the job in logs and in pg_stat_activity's application_name. */
  name: string;
  /** How often a standby tries the lock. Default 1 s. */
  pollMs?: number;
  /** Starts the leader's work; answers how to stop it. Called each time this process becomes leader. */
  lead(): Promise<() => Promise<void>>;
}

export interface AdvisoryLeadership {
  /** Whether this process leads now. */
  readonly leading: boolean;
  /** Settles the first time this process leads (never, if another keeps leading). */
  readonly led: Promise<void>;
  /** Stops the leader's work (if leading), releases the lock and closes its connection. */
  stop(): Promise<void>;
}

export function followAdvisoryLeadership(options: AdvisoryLeadershipOptions): AdvisoryLeadership {
  const log = logger.child({ component: 'leadership', job: options.name });
  const pollMs = options.pollMs ?? 1000;
  let client: pg.Client | null = null;
  let stopWork: (() => Promise<void>) | null = null;
  let stopped = false;
  let standingBy = false;
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<void> = Promise.resolve();
  let markLed: () => void = () => undefined;
  const led = new Promise<void>((resolve) => (markLed = resolve));

  const schedule = () => {
    if (!stopped) timer = setTimeout(() => (busy = attempt()), pollMs);
  };

  /** The lock's session ended under a leader: its work stops, and it stands by again. */
  const lost = (connection: pg.Client, error?: unknown) => {
    if (connection !== client) return;
    client = null;
    const work = stopWork;
    // A standby's dropped connection is opened again at its next poll.
    if (stopped || !work) return;
    stopWork = null;
    log.error({ err: error }, 'lost the leadership lock’s connection: stopping the leader’s work and standing by');
    busy = busy.then(async () => {
      await work().catch((stopError: unknown) => log.error({ err: stopError }, 'stopping the leader’s work failed'));
      await connection.end().catch(() => undefined);
      schedule();
    });
  };

  const connect = async (): Promise<pg.Client> => {
    const connection = new pg.Client({ connectionString: options.connectionString, application_name: `goose-${options.name}`, keepAlive: true, keepAliveInitialDelayMillis: 2000 });
    connection.on('error', (error) => lost(connection, error));
    connection.on('end', () => lost(connection));
    client = connection;
    await connection.connect();
    // The server notices a vanished leader machine within seconds too, not after the kernel's two hours.
    await connection.query('SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
    return connection;
  };

  const attempt = async (): Promise<void> => {
    if (stopped) return;
    try {
      const connection = client ?? (await connect());
      const { rows } = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [options.key]);
      if (!rows[0]!.locked) {
        if (!standingBy) log.info('standing by: another process leads');
        standingBy = true;
        return schedule();
      }
      standingBy = false;
      const startedAt = performance.now();
      try {
        stopWork = await options.lead();
        log.info({ startMs: Math.round(performance.now() - startedAt) }, 'leading');
      } catch (error) {
        log.error({ err: error }, 'the leader’s work did not start: releasing the lock for another candidate');
        await connection.query('SELECT pg_advisory_unlock($1)', [options.key]);
        return schedule();
      }
      markLed();
    } catch (error) {
      log.warn({ err: error }, 'could not try the leadership lock; trying again');
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
      schedule();
    }
  };

  busy = attempt();
  return {
    get leading() {
      return stopWork !== null;
    },
    led,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await busy;
      const work = stopWork;
      stopWork = null;
      await work?.();
      const connection = client;
      client = null;
      if (connection) {
        // Unlocked explicitly, and the session closed: a standby takes over at its next poll.
        await connection.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
        await connection.end().catch(() => undefined);
      }
      log.info('left the leadership');
    },
  };
}
