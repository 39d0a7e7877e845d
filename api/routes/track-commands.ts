// What the track routes share: finding the signed-in owner's track, refusing a command the
// track cannot take now (409 with the reason), a small command decided and appended right here,
// and waiting for the read model to show what a finished command recorded.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { VaultItem } from '../../domain/contracts/vault';
import { decideTrack, evolveTrack, initialTrackState, refusal, type TrackCommand } from '../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import type { Queryable } from '../../infra/db/db';
import { tokensToMicros } from '../../domain/shared/tokens';
import { SERVICE_PRICES, type PricedService } from '../../domain/tokens/catalogue';
import { decideTokenAccount } from '../../domain/tokens/token-account.decider';
import type { TokenLedger } from '../../infra/tokens/token-ledger';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore, RecordedEvent } from '../../infra/eventstore/event-store';
import { findOwnedTrack, toVaultItem, type VaultRow } from '../../projections/vault/queries';
import { FAILURE_KINDS } from '../../workflows/failure-kinds';
import type { CommandContext } from '../../workflows/track-lifecycle/shared';
import type { ReadModelFeed } from '../../projections/read-model-feed';
import { requireUserId } from '../plugins/auth';
import { HttpError } from '../plugins/error-handler';
import { IllegalStateError, NotFoundError, PaymentRequiredError } from '../../domain/shared/errors';

export async function ownedTrack(db: Queryable, request: FastifyRequest, id: string): Promise<{ ownerId: string; row: VaultRow }> {
  const ownerId = requireUserId(request);
  const row = await findOwnedTrack(db, ownerId, id);
  if (!row) throw new NotFoundError(`No content item with id ${id}`);
  return { ownerId, row };
}

/** 409 with the reason when the track cannot take `command` now. */
export function refuseUnlessAllowed(row: VaultRow, command: Parameters<typeof refusal>[1]): void {
  const why = refusal(row.state, command);
  if (why) throw new IllegalStateError(why);
}

/**
 * The refusal for a step that ended without success: 402 when its price could not be held, else
 * `status` (422 for the work failing, 502 for the ledger refusing, ...).
 */
export function outcomeError(outcome: { reason: string; code?: string | null }, status: number): Error {
  if (outcome.code === FAILURE_KINDS.insufficientTokens) return new PaymentRequiredError(outcome.reason);
  return new HttpError(status, outcome.reason);
}

/**
 * Refuses at once (402) a priced step the account cannot pay for, before anything starts, for the
 * calls that answer before the step has run (the workflow's hold is what guarantees the charge).
 */
export async function requireTokensFor(tokenLedger: TokenLedger, ownerId: string, service: PricedService): Promise<void> {
  const account = await tokenLedger.account(ownerId);
  // The hold's own rule, decided and not appended: it throws InsufficientTokensError when it would refuse.
  decideTokenAccount(
    { type: 'Hold', data: { holdId: 'pre-check', service, priceMicros: tokensToMicros(SERVICE_PRICES[service]), subjectId: ownerId, description: '', at: new Date().toISOString() } },
    account,
  );
}

export function commandContext(request: FastifyRequest, ownerId: string): CommandContext {
  return { correlationId: request.id, actor: `user:${ownerId}` };
}

/**
 * A command small enough to need no workflow: decided against the track's stream and appended
 * there (a concurrent append makes it fail rather than overwrite), then waited for in the read model.
 */
export async function decideAndAppend(deps: { eventStore: EventStore; projector: ReadModelFeed }, command: TrackCommand, context: CommandContext): Promise<void> {
  const { result } = await handleCommand(deps.eventStore, trackStreamId(command.data.trackId), { decide: decideTrack, evolve: evolveTrack, initialState: initialTrackState }, command, context);
  if (result) await deps.projector.waitFor(result.lastPosition);
}

/**
 * The track's vault item once the read model shows `done` (of the item, or of its row: e.g. its
 * stream version): it trails the event store by a moment, so each committed change to the track is
 * looked at, up to a deadline. Past it the answer is a 504 rather than the item as it stood, which
 * would present an earlier state as the outcome.
 */
export async function viewWhen(
  deps: { db: Queryable; projector: ReadModelFeed },
  ownerId: string,
  trackId: string,
  done: (item: VaultItem, row: VaultRow) => boolean,
  timeoutMs = 5000,
): Promise<VaultItem> {
  let changed: () => void = () => undefined;
  const unsubscribe = deps.projector.onChange((change) => {
    if (change.subjectId === trackId) changed();
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      // Listening before reading, so a change that commits during the read is not missed.
      const nextChange = new Promise<void>((resolve) => (changed = resolve));
      const row = await findOwnedTrack(deps.db, ownerId, trackId);
      if (!row) throw new NotFoundError(`No content item with id ${trackId}`);
      const item = toVaultItem(row);
      if (done(item, row)) return item;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new HttpError(504, `The work finished, but the vault did not show its result within ${Math.round(timeoutMs / 1000)} s; reload the vault in a moment to see it`);
      }
      const timeout = new AbortController();
      await Promise.race([nextChange, sleep(left, undefined, { signal: timeout.signal }).catch(() => undefined)]);
      timeout.abort();
    }
  } finally {
    unsubscribe();
  }
}

/**
 * The event of the track's stream that recorded a step's result (`type`, matched on its data), read
 * from the event store rather than the vault: the vault shows a track's latest run of each step, so
 * a newer run started meanwhile would hide this one's result there.
 */
export async function recordedResult<T>(eventStore: EventStore, trackId: string, types: readonly TrackEvent['type'][], matches: (data: T) => boolean): Promise<RecordedEvent & { data: T }> {
  const recorded = await eventStore.readStream(trackStreamId(trackId));
  const result = recorded.find((event) => types.includes(event.type as TrackEvent['type']) && matches(event.data as T));
  if (!result) throw new HttpError(502, 'The workflow answered, but the track records no result for this step; reload the vault to see where it stands');
  return result as RecordedEvent & { data: T };
}

/** The vault item once it has folded the track's stream up to `event` (read-your-writes). */
export function viewAfter(deps: { db: Queryable; projector: ReadModelFeed }, ownerId: string, trackId: string, event: RecordedEvent): Promise<VaultItem> {
  return viewWhen(deps, ownerId, trackId, (_item, row) => row.stream_version >= event.streamVersion);
}
