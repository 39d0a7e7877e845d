// Credits XRP paid into users' deposit accounts. Subscribed (xrpl.js) to every deposit account's
// validated transactions and to the ledger stream; each validated tesSUCCESS payment that delivered
// XRP into a deposit account is credited at the configured rate through the token ledger, whose
// reference `xrpl:tx:<hash>` makes it once per transaction however often it is seen (a stream
// repeat, a catch-up scan, two processes). After a (re)connection it catches up with account_tx from
// the last ledger it had fully processed, a checkpoint kept in the database, so what arrived while
// it was down, or while a credit failed, is credited then. It runs in the app process only
// (ops/start.ts), beside the projector whose wallet changes tell it of new deposit accounts.
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, DisconnectedError, dropsToXrp, NotConnectedError, RippledError, type AccountTxResponse, type LedgerStream, type SubscribeResponse, type TransactionStream } from 'xrpl';
import { depositOf, xrpDepositMicros, xrpDepositReference, type LedgerTransactionReport } from '../../domain/tokens/xrp-deposit';
import type { Db } from '../db/db';
import { logger } from '../logger/logger';
import type { TokenLedger } from '../tokens/token-ledger';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS xrp_deposit_checkpoint (
    name text PRIMARY KEY,
    ledger_index bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS xrp_deposit_accounts (
    address text PRIMARY KEY,
    covered_at timestamptz NOT NULL DEFAULT now()
  );`;
const CHECKPOINT = 'deposits';
const REQUEST_TIMEOUT_MS = 20_000;
const SUBSCRIBE_CHUNK = 500;
const ACCOUNT_TX_PAGE = 200;
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** How often a lost connection that xrpl.js stopped retrying (a refused reconnect) is tried again. */
const WATCHDOG_MS = 5_000;
/** The ledger's event type announcing a new wallet (read model change from the projector). */
const WALLETS_GENERATED = 'UserWalletsGenerated';

export interface WalletChanges {
  onChange(listener: (change: { eventType: string; ownerId: string }) => void): () => void;
}

export interface XrpDepositWatcherOptions {
  /** The rippled WebSocket (XRPL_URL). */
  url: string;
  /** USD per XRP (XRP_USD_RATE); 1 token = 1 USD. */
  usdPerXrp: number;
  db: Db;
  tokenLedger: TokenLedger;
  /** Tells of wallets generated while the watcher runs (the projector); without it, new accounts are found at the next (re)connection. */
  walletChanges?: WalletChanges;
}

/** What the watcher made of one report of a transaction: credited, already credited, or skipped with why. */
export interface DepositOutcome {
  txHash: string | null;
  outcome: 'credited' | 'already credited' | 'skipped' | 'failed';
  why?: string;
}

export class XrpDepositWatcher {
  private readonly client: Client;
  private readonly log = logger.child({ component: 'xrp-deposits' });
  private readonly events = new EventEmitter();
  /** Deposit address → user. */
  private readonly accounts = new Map<string, string>();
  private addresses = new Set<string>();
  /** Accounts subscribed on the current connection whose history has been read. */
  private readonly watched = new Set<string>();
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private synced = false;
  private savedCheckpoint: number | null = null;
  /** While a credit failed or a catch-up is pending, the checkpoint stays below this ledger. */
  private checkpointCap = Number.POSITIVE_INFINITY;
  private resyncTimer: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private connecting = false;
  private stopWalletChanges: (() => void) | null = null;

  constructor(private readonly options: XrpDepositWatcherOptions) {
    this.client = new Client(options.url, { timeout: REQUEST_TIMEOUT_MS, connectionTimeout: REQUEST_TIMEOUT_MS });
    this.events.setMaxListeners(0);
  }

  /** Prepares its tables and starts watching; the ledger is reached in the background (retried while it is down). */
  async start(): Promise<void> {
    await this.options.db.query(SCHEMA);
    this.client.on('error', (...args: unknown[]) => this.log.debug({ detail: args.slice(0, 2) }, 'XRPL connection error'));
    this.client.on('connected', () => this.enqueue('catch up', () => this.catchUp()));
    this.client.on('disconnected', (code: number) => {
      this.synced = false;
      this.watched.clear();
      if (!this.stopped) this.log.warn({ code, url: this.options.url }, 'XRPL connection lost: deposits are caught up when it is back');
    });
    this.client.on('transaction', (message: TransactionStream) => this.enqueue('deposit', async () => void (await this.handle(message as LedgerTransactionReport))));
    this.client.on('ledgerClosed', (message: LedgerStream) => this.enqueue('checkpoint', () => this.ledgerClosed(message.ledger_index)));
    this.stopWalletChanges =
      this.options.walletChanges?.onChange((change) => {
        if (change.eventType === WALLETS_GENERATED) this.enqueue('new deposit account', () => this.addAccountOf(change.ownerId));
      }) ?? null;
    void this.connect();
    this.watchdog = setInterval(() => {
      if (!this.stopped && !this.connecting && !this.client.isConnected()) void this.connect();
    }, WATCHDOG_MS);
    this.watchdog.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopWalletChanges?.();
    if (this.resyncTimer) clearTimeout(this.resyncTimer);
    if (this.watchdog) clearInterval(this.watchdog);
    await this.queue;
    await this.client.disconnect().catch(() => undefined);
    this.client.removeAllListeners();
  }

  /** Resolves once connected and caught up, with nothing left to do. */
  async settled(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const queued = this.queue;
      await queued;
      if (this.synced && queued === this.queue) return;
      if (!this.synced) await new Promise((resolve) => this.events.once('synced', resolve));
    }
  }

  /** The outcome of the next report of `txHash` (tests and diagnostics). */
  nextOutcome(txHash: string): Promise<DepositOutcome> {
    return new Promise((resolve) => {
      const listener = (outcome: DepositOutcome) => {
        if (outcome.txHash !== txHash.toUpperCase()) return;
        this.events.off('outcome', listener);
        resolve(outcome);
      };
      this.events.on('outcome', listener);
    });
  }

  /** Work runs one item at a time, in the order the ledger told it, so the checkpoint never passes an unhandled transaction. */
  private enqueue(what: string, work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.stopped) return;
      try {
        await work();
      } catch (error) {
        // A connection lost mid-way is caught up after the reconnection; anything else is a fault to look at.
        const lost = error instanceof DisconnectedError || error instanceof NotConnectedError;
        this.log[lost ? 'warn' : 'error']({ err: error, what }, 'XRP deposit work failed: caught up again shortly');
        this.scheduleCatchUp();
      }
    });
  }

  /** Connects, retrying with backoff while the ledger is down; once connected, each (re)connection catches up. */
  private async connect(): Promise<void> {
    this.connecting = true;
    try {
      for (let delay = RETRY_MIN_MS; !this.stopped && !this.client.isConnected(); delay = Math.min(delay * 2, RETRY_MAX_MS)) {
        try {
          await this.client.connect();
          return;
        } catch (error) {
          this.log.warn({ err: error, url: this.options.url, retryInMs: delay }, 'XRPL not reachable: XRP deposits are not credited until it is');
          await sleep(delay);
        }
      }
    } finally {
      this.connecting = false;
    }
  }

  /** After a failure, catch up again from the checkpoint (which stays where it was meanwhile). */
  private scheduleCatchUp(): void {
    this.checkpointCap = Math.min(this.checkpointCap, this.savedCheckpoint ?? 0);
    if (this.stopped || this.resyncTimer) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = null;
      if (this.client.isConnected()) this.enqueue('catch up', () => this.catchUp());
    }, RETRY_MIN_MS);
  }

  /**
   * Subscribes to every deposit account and the ledger stream, then reads each account's validated
   * history with account_tx: from the checkpoint for an account already covered, all of it for one
   * not yet covered. Everything after the ledger validated at subscription time comes by the stream.
   */
  private async catchUp(): Promise<void> {
    this.synced = false;
    this.checkpointCap = Number.POSITIVE_INFINITY;
    await this.loadAccounts();
    const { db } = this.options;
    const covered = new Set((await db.query<{ address: string }>('SELECT address FROM xrp_deposit_accounts')).rows.map((r) => r.address));
    const saved = (await db.query<{ ledger_index: string }>('SELECT ledger_index FROM xrp_deposit_checkpoint WHERE name = $1', [CHECKPOINT])).rows[0];
    this.savedCheckpoint = saved ? Number(saved.ledger_index) : null;
    const all = [...this.accounts.keys()];
    for (let i = 0; i < all.length; i += SUBSCRIBE_CHUNK) await this.client.request({ command: 'subscribe', accounts: all.slice(i, i + SUBSCRIBE_CHUNK) });
    const subscribed = (await this.client.request({ command: 'subscribe', streams: ['ledger'] })) as SubscribeResponse;
    const validatedAtSubscription = Number((subscribed.result as { ledger_index?: number }).ledger_index);
    let credited = 0;
    for (const address of all) {
      const from = covered.has(address) && this.savedCheckpoint !== null ? this.savedCheckpoint : -1;
      credited += await this.scan(address, from);
      if (!covered.has(address)) await db.query('INSERT INTO xrp_deposit_accounts (address) VALUES ($1) ON CONFLICT DO NOTHING', [address]);
      this.markWatched(address);
    }
    if (Number.isInteger(validatedAtSubscription)) await this.saveCheckpoint(validatedAtSubscription);
    this.synced = true;
    this.log.info({ url: this.options.url, accounts: all.length, fromLedger: this.savedCheckpoint, throughLedger: validatedAtSubscription, credited }, 'XRP deposits caught up');
    this.events.emit('synced');
  }

  /** Reads an account's validated history from `fromLedger` (-1: all of it) and handles each transaction; how many it credited. */
  private async scan(address: string, fromLedger: number): Promise<number> {
    let marker: unknown;
    let credited = 0;
    let from = fromLedger;
    for (;;) {
      let page: AccountTxResponse;
      try {
        page = (await this.client.request({
          command: 'account_tx',
          account: address,
          ledger_index_min: from,
          ledger_index_max: -1,
          forward: true,
          limit: ACCOUNT_TX_PAGE,
          ...(marker ? { marker } : {}),
        })) as AccountTxResponse;
      } catch (error) {
        if (!(error instanceof RippledError) || (error.data as { error?: string } | undefined)?.error !== 'lgrIdxMalformed' || from === -1) throw error;
        // The server's history starts after the checkpoint (a server without full history): read what it has.
        this.log.warn({ address, fromLedger, url: this.options.url }, 'the XRPL server has no ledgers back to the checkpoint: deposits in the ledgers it lacks are not seen (use a full-history server)');
        from = -1;
        continue;
      }
      for (const entry of page.result.transactions) {
        if ((await this.handle(entry as LedgerTransactionReport)) === 'credited') credited += 1;
      }
      marker = page.result.marker;
      if (!marker) return credited;
    }
  }

  /** Credits one reported transaction if it is a deposit; a failure stops the checkpoint below its ledger and catches up again. */
  private async handle(report: LedgerTransactionReport): Promise<DepositOutcome['outcome']> {
    const decision = depositOf(report, this.addresses);
    if (decision.kind === 'skip') {
      const level = decision.why === 'not validated yet' || decision.why.startsWith('failed') ? 'info' : 'debug';
      this.log[level]({ txHash: decision.txHash, why: decision.why }, 'ledger transaction not credited');
      return this.outcome({ txHash: decision.txHash, outcome: 'skipped', why: decision.why });
    }
    const { txHash, destination, drops, ledgerIndex } = decision;
    const userId = this.accounts.get(destination)!;
    const micros = xrpDepositMicros(drops, this.options.usdPerXrp);
    if (micros === 0n || micros > BigInt(Number.MAX_SAFE_INTEGER)) {
      const why = micros === 0n ? 'worth less than a cent at the rate' : 'beyond what one credit can hold';
      this.log.warn({ txHash, userId, drops: String(drops), why }, 'XRP deposit not credited');
      return this.outcome({ txHash, outcome: 'skipped', why });
    }
    const xrp = dropsToXrp(String(drops));
    try {
      const { result } = await this.options.tokenLedger.execute(
        userId,
        {
          type: 'Credit',
          data: {
            amountMicros: Number(micros),
            cause: 'purchase',
            reference: xrpDepositReference(txHash),
            description: `XRP deposit: ${xrp} XRP at ${this.options.usdPerXrp} USD per XRP (XRPL transaction ${txHash})`,
          },
        },
        { correlationId: txHash, actor: 'xrpl' },
      );
      if (result) this.log.info({ txHash, userId, drops: String(drops), tokens: Number(micros) / 1e6, ledgerIndex }, 'XRP deposit credited');
      return this.outcome({ txHash, outcome: result ? 'credited' : 'already credited' });
    } catch (error) {
      this.checkpointCap = Math.min(this.checkpointCap, ledgerIndex - 1);
      this.log.error({ err: error, txHash, userId, ledgerIndex }, 'XRP deposit could not be credited: tried again at the next catch-up');
      this.outcome({ txHash, outcome: 'failed', why: error instanceof Error ? error.message : String(error) });
      this.scheduleCatchUp();
      return 'failed';
    }
  }

  private outcome(outcome: DepositOutcome): DepositOutcome['outcome'] {
    this.events.emit('outcome', outcome);
    return outcome.outcome;
  }

  /**
   * A validated ledger n was announced: every transaction of ledger n - 1 has been sent before it
   * (whatever order rippled sends a ledger's own transactions and its announcement in), and all of
   * them were handled in turn, so n - 1 is done.
   */
  private async ledgerClosed(ledgerIndex: number): Promise<void> {
    if (!this.synced || !Number.isInteger(ledgerIndex)) return;
    await this.saveCheckpoint(ledgerIndex - 1);
  }

  private async saveCheckpoint(ledgerIndex: number): Promise<void> {
    const target = Math.min(ledgerIndex, this.checkpointCap);
    if (!Number.isFinite(target) || (this.savedCheckpoint !== null && target <= this.savedCheckpoint)) return;
    await this.options.db.query(
      `INSERT INTO xrp_deposit_checkpoint (name, ledger_index) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET ledger_index = GREATEST(xrp_deposit_checkpoint.ledger_index, EXCLUDED.ledger_index), updated_at = now()`,
      [CHECKPOINT, target],
    );
    this.savedCheckpoint = target;
  }

  private async loadAccounts(): Promise<void> {
    const { rows } = await this.options.db.query<{ user_id: string; xrpl_address: string }>('SELECT user_id, xrpl_address FROM user_wallets');
    for (const row of rows) this.accounts.set(row.xrpl_address, row.user_id);
    this.addresses = new Set(this.accounts.keys());
  }

  /** A wallet generated while watching: subscribe to it and read its whole (short) history, then it is covered. */
  private async addAccountOf(userId: string): Promise<void> {
    const { rows } = await this.options.db.query<{ xrpl_address: string }>('SELECT xrpl_address FROM user_wallets WHERE user_id = $1', [userId]);
    const address = rows[0]?.xrpl_address;
    if (!address || this.accounts.has(address)) return;
    this.accounts.set(address, userId);
    this.addresses = new Set(this.accounts.keys());
    // Not connected: the catch-up at the next connection covers it.
    if (!this.synced) return;
    await this.client.request({ command: 'subscribe', accounts: [address] });
    await this.scan(address, -1);
    await this.options.db.query('INSERT INTO xrp_deposit_accounts (address) VALUES ($1) ON CONFLICT DO NOTHING', [address]);
    this.log.info({ userId, address }, 'watching a new XRP deposit account');
    this.markWatched(address);
  }

  private markWatched(address: string): void {
    this.watched.add(address);
    this.events.emit('watching', address);
  }

  /** Resolves once `address` is subscribed on the current connection and its history read. */
  watching(address: string): Promise<void> {
    if (this.watched.has(address)) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = (watched: string) => {
        if (watched !== address) return;
        this.events.off('watching', listener);
        resolve();
      };
      this.events.on('watching', listener);
    });
  }
}
