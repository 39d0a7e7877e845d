// Runs token account commands: reads the account's stream, decides, appends at the version read.
// Two writers that read the same balance cannot both append (the store refuses the second with a
// ConcurrencyError), so the loser reads again and decides against the new balance: a balance never
// goes negative however many processes charge it at once. Within one process an account's commands
// queue, and those that queued while one was written are decided together and appended in one go;
// the account's folded state is kept so a long stream is not refolded for every charge, and while no
// other process is seen writing the account a command on the kept fold goes straight to the append
// (its expected version is the check that nothing changed).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventMetadata, NewEvent } from '../../domain/shared/events';
import {
  decideTokenAccount,
  evolveTokenAccount,
  forkTokenAccountState,
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
  /** Another process was seen writing this account at the last read: read before deciding. */
  readFirst: boolean;
}

interface QueuedCommand {
  /** null: only read the account (in turn, so no fold runs twice at once). */
  command: TokenAccountCommand | null;
  context: LedgerContext;
  resolve(result: LedgerResult): void;
  reject(error: unknown): void;
}

/** Accounts whose folded state a process keeps; the least recently used beyond it are dropped. */
const CACHED_ACCOUNTS = 10_000;
/** Lost races in a row before a command gives up (each re-reads the account). */
const MAX_ATTEMPTS = 50;
/** Most commands of one account decided together and appended in one go. */
const COMMANDS_PER_APPEND = 100;

export class TokenLedger {
  private readonly folded = new Map<string, FoldedAccount>();
  /** Commands waiting for their account's turn in this process. */
  private readonly queues = new Map<string, QueuedCommand[]>();

  constructor(private readonly eventStore: EventStore) {}

  /** The account as its events stand now. */
  async account(userId: string): Promise<TokenAccountState> {
    return (await this.enqueue(userId, null, { correlationId: 'read', actor: 'read' })).state;
  }

  /**
   * Decides and appends one command. Commands for the same account that arrive while one is being
   * written wait, then are decided one after the other against the balance each leaves and appended
   * together: a busy account costs one read and one append per group, not per command.
   */
  execute(userId: string, command: TokenAccountCommand, context: LedgerContext): Promise<LedgerResult> {
    return this.enqueue(userId, command, context);
  }

  private enqueue(userId: string, command: TokenAccountCommand | null, context: LedgerContext): Promise<LedgerResult> {
    return new Promise<LedgerResult>((resolve, reject) => {
      const queue = this.queues.get(userId);
      if (queue) {
        queue.push({ command, context, resolve, reject });
        return;
      }
      const started: QueuedCommand[] = [{ command, context, resolve, reject }];
      this.queues.set(userId, started);
      void this.drain(userId, started);
    });
  }

  private async drain(userId: string, queue: QueuedCommand[]): Promise<void> {
    while (queue.length > 0) {
      const group = queue.splice(0, COMMANDS_PER_APPEND);
      await this.decideAndAppend(userId, group).catch((error: unknown) => {
        for (const item of group) item.reject(error);
      });
    }
    this.queues.delete(userId);
  }

  /**
   * Decides a group against the account and appends what it decided at the version decided on, or
   * reads again and redecides. A kept fold is decided on without reading first unless another
   * process was seen writing the account at the last read: the append at its version is refused if
   * anything was appended since, and only then is the tail read. A decision that refuses a command
   * or decides nothing is not trusted to an unread fold (another process may have written what it
   * lacked) and is made again on the stream as read.
   */
  private async decideAndAppend(userId: string, group: QueuedCommand[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const kept = attempt === 1 && group.every((item) => item.command) ? this.folded.get(userId) : undefined;
      const unread = kept && !kept.readFirst ? kept : undefined;
      const account = unread ?? (await this.load(userId));
      // The fold adds to the state's maps: a group folds into a copy, so a lost race leaves the kept state as it was.
      let state = group.length > 1 ? forkTokenAccountState(account.state) : account.state;
      const outcomes: ({ events: TokenAccountEvent[]; newEvents: NewEvent[] } | { error: unknown })[] = [];
      const newEvents: NewEvent[] = [];
      let causationId = account.lastEventId;
      for (const item of group) {
        try {
          const events = item.command ? decideTokenAccount(item.command, state) : [];
          const stamped = this.toNewEvents(events, causationId, item.context);
          causationId = stamped.at(-1)?.eventId ?? causationId;
          // A single command's events are folded only once they are stored (below).
          if (group.length > 1) state = events.reduce(evolveTokenAccount, state);
          outcomes.push({ events, newEvents: stamped });
          newEvents.push(...stamped);
        } catch (error) {
          outcomes.push({ error });
        }
      }
      if (unread && outcomes.some((outcome) => 'error' in outcome || outcome.events.length === 0)) continue;
      let result: AppendResult | null = null;
      if (newEvents.length > 0) {
        try {
          result = await this.eventStore.append(tokenAccountStreamId(userId), newEvents, account.version === 0 ? 'no_stream' : account.version);
        } catch (error) {
          if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
          // Another process wrote first: back off a little and decide again on what it wrote.
          await sleep(Math.random() * Math.min(20, attempt));
          continue;
        }
        if (group.length === 1) state = (outcomes[0] as { events: TokenAccountEvent[] }).events.reduce(evolveTokenAccount, state);
        this.remember(userId, { version: result.nextVersion, lastEventId: newEvents.at(-1)!.eventId, state, readFirst: account.readFirst });
      }
      group.forEach((item, index) => {
        const outcome = outcomes[index]!;
        if ('error' in outcome) item.reject(outcome.error);
        else item.resolve({ events: outcome.events, state, result: outcome.events.length > 0 ? result : null });
      });
      return;
    }
  }

  /** Forgets the folded accounts (after the event store was replaced under this process, in tests). */
  forget(): void {
    this.folded.clear();
  }

  private async load(userId: string): Promise<FoldedAccount> {
    const known = this.folded.get(userId);
    try {
      const tail = await this.eventStore.readStream(tokenAccountStreamId(userId), { afterVersion: known?.version ?? 0 });
      if (tail.length === 0 && known) {
        known.readFirst = false;
        return known;
      }
      const state = tail.reduce((s, e) => evolveTokenAccount(s, { type: e.type, data: e.data } as TokenAccountEvent), known?.state ?? initialTokenAccountState);
      // Events this process did not write since it last looked: another process writes this account too.
      const account = { version: tail.at(-1)?.streamVersion ?? 0, lastEventId: tail.at(-1)?.eventId ?? null, state, readFirst: known !== undefined };
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

  private toNewEvents(events: TokenAccountEvent[], after: string | null, context: LedgerContext): NewEvent[] {
    const occurredAt = new Date().toISOString();
    let causationId = after;
    return events.map((event) => {
      const eventId = randomUUID();
      const metadata: EventMetadata = { correlationId: context.correlationId, causationId, actor: context.actor, workflowId: context.workflowId ?? null, occurredAt };
      causationId = eventId;
      return { eventId, type: event.type, data: event.data, metadata };
    });
  }
}
