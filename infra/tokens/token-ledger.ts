// Runs token account commands: reads the account's stream, decides, appends at the version read.
// Two writers that read the same balance cannot both append (the store refuses the second with a
// ConcurrencyError), so the loser reads again and decides against the new balance: a balance never
// goes negative however many processes charge it at once. Within one process an account's commands
// take turns, and its folded state is kept so a long stream is not refolded for every charge.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventMetadata, NewEvent } from '../../domain/shared/events';
import {
  decideTokenAccount,
  evolveTokenAccount,
  initialTokenAccountState,
  type TokenAccountCommand,
  type TokenAccountState,
} from '../../domain/tokens/token-account.decider';
import { tokenAccountStreamId, type TokenAccountEvent } from '../../domain/tokens/token-account.events';
import type { AppendResult, EventStore } from '../eventstore/event-store';

export interface LedgerContext {
  correlationId: string;
  /** `user:<id>`, `workflow`, `stripe`, `operator:<name>`... */
  actor: string;
  workflowId?: string | null;
}

export interface LedgerResult {
  events: TokenAccountEvent[];
  state: TokenAccountState;
  /** Where the append landed; null when the command decided nothing (already done). */
  result: AppendResult | null;
}

interface FoldedAccount {
  version: number;
  lastEventId: string | null;
  state: TokenAccountState;
}

/** Accounts whose folded state a process keeps; the least recently used beyond it are dropped. */
const CACHED_ACCOUNTS = 10_000;
/** Lost races in a row before a command gives up (each re-reads the account). */
const MAX_ATTEMPTS = 50;

export class TokenLedger {
  private readonly folded = new Map<string, FoldedAccount>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly eventStore: EventStore) {}

  /** The account as its events stand now. */
  account(userId: string): Promise<TokenAccountState> {
    return this.inTurn(userId, async () => (await this.load(userId)).state);
  }

  execute(userId: string, command: TokenAccountCommand, context: LedgerContext): Promise<LedgerResult> {
    return this.inTurn(userId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        const account = await this.load(userId);
        const events = decideTokenAccount(command, account.state);
        if (events.length === 0) return { events, state: account.state, result: null };
        const newEvents = this.toNewEvents(events, account, context);
        try {
          const result = await this.eventStore.append(tokenAccountStreamId(userId), newEvents, account.version === 0 ? 'no_stream' : account.version);
          const state = events.reduce(evolveTokenAccount, account.state);
          this.remember(userId, { version: result.nextVersion, lastEventId: newEvents.at(-1)!.eventId, state });
          return { events, state, result };
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
          // Another process wrote first: back off a little (less each time they collide less) and decide again.
          await sleep(Math.random() * Math.min(50, 2 * attempt));
        }
      }
    });
  }

  /** Forgets the folded accounts (after the event store was replaced under this process, in tests). */
  forget(): void {
    this.folded.clear();
  }

  private async load(userId: string): Promise<FoldedAccount> {
    const known = this.folded.get(userId);
    try {
      const tail = await this.eventStore.readStream(tokenAccountStreamId(userId), { afterVersion: known?.version ?? 0 });
      if (tail.length === 0 && known) return known;
      const state = tail.reduce((s, e) => evolveTokenAccount(s, { type: e.type, data: e.data } as TokenAccountEvent), known?.state ?? initialTokenAccountState);
      const account = { version: tail.at(-1)?.streamVersion ?? 0, lastEventId: tail.at(-1)?.eventId ?? null, state };
      this.remember(userId, account);
      return account;
    } catch (error) {
      // A fold that stopped half-way may have left the kept state part-updated.
      this.folded.delete(userId);
      throw error;
    }
  }

  private remember(userId: string, account: FoldedAccount): void {
    this.folded.delete(userId);
    this.folded.set(userId, account);
    if (this.folded.size > CACHED_ACCOUNTS) this.folded.delete(this.folded.keys().next().value!);
  }

  private toNewEvents(events: TokenAccountEvent[], account: FoldedAccount, context: LedgerContext): NewEvent[] {
    const occurredAt = new Date().toISOString();
    let causationId = account.lastEventId;
    return events.map((event) => {
      const eventId = randomUUID();
      const metadata: EventMetadata = { correlationId: context.correlationId, causationId, actor: context.actor, workflowId: context.workflowId ?? null, occurredAt };
      causationId = eventId;
      return { eventId, type: event.type, data: event.data, metadata };
    });
  }

  /** Runs `work` after the account's earlier commands in this process have finished. */
  private async inTurn<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const before = this.turns.get(userId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    this.turns.set(userId, settled);
    try {
      return await mine;
    } finally {
      if (this.turns.get(userId) === settled) this.turns.delete(userId);
    }
  }
}
