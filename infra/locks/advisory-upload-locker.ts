// A tus Locker on Postgres advisory locks, so a resumable upload is written by one request at a time
// across every API process (tus's own MemoryLocker only sees its process: two PATCHes of one upload
// reaching two processes would both write). The tus protocol's rule holds across processes too: a
// request that wants a held upload asks its holder to let go (NOTIFY to the holding process, which
// cancels its request), then waits for the lock until a timeout.
//
// One dedicated connection per process holds all of that process's upload locks (session-level
// advisory locks, keyed by a 64-bit hash of the upload id) and listens for release requests. Within
// the process, requests for one upload queue before they ask Postgres, since the session's own locks
// are re-entrant. If that connection drops, Postgres has released its locks: the holders are told to
// let go as if asked, and the next lock opens a new connection.
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import { logger } from '../logger/logger';

/** The channel release requests travel on; the payload is the upload id. */
export const UPLOAD_LOCK_RELEASE_CHANNEL = 'goose_upload_lock_release';
const KEY_SQL = `hashtextextended('tus-upload:' || $1, 0)`;

export interface AdvisoryUploadLockerOptions {
  connectionString: string;
  /** How long a request waits for a held upload before tus answers 500 (its lock timeout); tus's default is 30 s. */
  acquireLockTimeoutMs?: number;
  /** Between two tries of a lock another process holds. */
  retryMs?: number;
}

interface Holder {
  requestRelease: RequestRelease;
  /** False while the entry waits for Postgres: only then may another process still hold it. */
  acquired: boolean;
}

export class AdvisoryUploadLocker implements Locker {
  readonly timeoutMs: number;
  readonly retryMs: number;
  /** This process's holders (or takers in progress) per upload id. */
  readonly holders = new Map<string, Holder>();
  private connection: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly options: AdvisoryUploadLockerOptions) {
    this.timeoutMs = options.acquireLockTimeoutMs ?? 30_000;
    this.retryMs = options.retryMs ?? 50;
  }

  newLock(id: string): Lock {
    return new AdvisoryUploadLock(id, this);
  }

  /** The dedicated connection, opened (and listening) on first use or after it dropped. */
  client(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('The upload locker is closed'));
    this.connection ??= this.connect().catch((error: unknown) => {
      this.connection = null;
      throw error;
    });
    return this.connection;
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = this.connection;
    this.connection = null;
    if (connection) await (await connection.catch(() => null))?.end().catch(() => undefined);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => {
      if (message.channel !== UPLOAD_LOCK_RELEASE_CHANNEL || !message.payload) return;
      const holder = this.holders.get(message.payload);
      if (holder?.acquired) void Promise.resolve(holder.requestRelease()).catch(() => undefined);
    });
    client.on('error', (error) => {
      logger.warn({ err: error }, 'the upload lock connection dropped: its locks are released, their requests are asked to stop');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${UPLOAD_LOCK_RELEASE_CHANNEL}`);
    return client;
  }

  /** The connection's locks are gone with it: whoever held one stops, as if another request had asked. */
  private lost(client: pg.Client): void {
    void this.connection?.then((current) => {
      if (current !== client) return;
      this.connection = null;
      for (const holder of this.holders.values()) if (holder.acquired) void Promise.resolve(holder.requestRelease()).catch(() => undefined);
    }, () => undefined);
  }
}

class AdvisoryUploadLock implements Lock {
  constructor(
    private readonly id: string,
    private readonly locker: AdvisoryUploadLocker,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.timeoutMs;
    const entry: Holder = { requestRelease, acquired: false };
    // In this process first: one taker at a time per upload, the others ask it to let go and wait.
    for (;;) {
      const holder = this.locker.holders.get(this.id);
      if (!holder) break;
      await holder.requestRelease();
      await this.pause(stopSignal, deadline);
    }
    this.locker.holders.set(this.id, entry);
    try {
      const client = await this.locker.client();
      let asked = false;
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS locked`, [this.id]);
        if (rows[0]?.locked) break;
        if (!asked) {
          await client.query('SELECT pg_notify($1, $2)', [UPLOAD_LOCK_RELEASE_CHANNEL, this.id]);
          asked = true;
        }
        await this.pause(stopSignal, deadline);
      }
      entry.acquired = true;
    } catch (error) {
      if (this.locker.holders.get(this.id) === entry) this.locker.holders.delete(this.id);
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const entry = this.locker.holders.get(this.id);
    if (!entry?.acquired) throw new Error('Releasing an unlocked upload lock');
    this.locker.holders.delete(this.id);
    const client = await this.locker.client().catch(() => null);
    // A dropped connection already released it.
    await client?.query(`SELECT pg_advisory_unlock(${KEY_SQL})`, [this.id]).catch((error: unknown) => logger.warn({ err: error, uploadId: this.id }, 'releasing an upload lock failed'));
  }

  /** Waits a retry's time; throws tus's lock timeout when the deadline passed or the request was stopped. */
  private async pause(stopSignal: AbortSignal, deadline: number): Promise<void> {
    if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
    await new Promise((resolve) => setTimeout(resolve, this.locker.retryMs));
    if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
  }
}
