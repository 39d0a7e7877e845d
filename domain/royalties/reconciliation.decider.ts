// Decides what a partner's period releases to its payable claims: never more in total than the
// funds received for the period, shared pro rata across what each claim still has outstanding, in
// whole cents by largest remainder (ties to the earlier claim). Incremental: each Reconcile
// releases only funds not released before, so funds and statements may arrive in any order and
// any number of times.
import { IllegalStateError } from '../shared/errors';
import {
  PayableClaimsRecorded,
  PayableEarningsReleased,
  PayableReleasesDelivered,
  type PayableClaim,
  type ReconciliationEvent,
} from './reconciliation.events';

export interface ReleaseItem extends PayableClaim {
  releaseId: number;
}

export interface ReconciliationState {
  /** Claims in the order they were recorded, keyed by batch and content. */
  claims: ReadonlyMap<string, PayableClaim>;
  /** Released so far per claim key. */
  released: ReadonlyMap<string, number>;
  claimedCents: number;
  releasedCents: number;
  lastReleaseId: number;
  /** Releases recorded but not yet known to have reached their contract, by `releaseId/claim key`. */
  undelivered: ReadonlyMap<string, ReleaseItem>;
}

export const initialReconciliationState: ReconciliationState = { claims: new Map(), released: new Map(), claimedCents: 0, releasedCents: 0, lastReleaseId: 0, undelivered: new Map() };

export type ReconciliationCommand =
  | { type: 'Reconcile'; data: { partnerId: string; period: string; claims: readonly PayableClaim[]; fundedCents: number } }
  | { type: 'RecordDelivered'; data: { partnerId: string; period: string; delivered: Array<{ releaseId: number; batchId: string; contentId: string; contractId: string }> } };

export const claimKey = (claim: { batchId: string; contentId: string }) => `${claim.batchId}\u0000${claim.contentId}`;
const itemKey = (item: { releaseId: number; batchId: string; contentId: string }) => `${item.releaseId}\u0000${claimKey(item)}`;

export function decideReconciliation(command: ReconciliationCommand, state: ReconciliationState): ReconciliationEvent[] {
  switch (command.type) {
    case 'Reconcile':
      return reconcile(command.data, state);
    case 'RecordDelivered':
      return recordDelivered(command.data, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown reconciliation command ${JSON.stringify(unknown)}`);
    }
  }
}

function reconcile({ partnerId, period, claims, fundedCents }: Extract<ReconciliationCommand, { type: 'Reconcile' }>['data'], state: ReconciliationState): ReconciliationEvent[] {
  if (!Number.isInteger(fundedCents) || fundedCents < 0) throw new IllegalStateError('Funds received must be a whole, non-negative number of cents');
  const events: ReconciliationEvent[] = [];
  const seen = new Set<string>();
  const fresh = claims.filter((claim) => {
    const key = claimKey(claim);
    if (claim.amountCents <= 0 || state.claims.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  let current = state;
  if (fresh.length > 0) {
    const recorded = PayableClaimsRecorded.create({ partnerId, period, claims: fresh });
    events.push(recorded);
    current = evolveReconciliation(current, recorded);
  }
  const releases = share(current, fundedCents);
  if (releases.length > 0) events.push(PayableEarningsReleased.create({ partnerId, period, releaseId: current.lastReleaseId + 1, fundedCents, releases }));
  return events;
}

/** The funds not yet released, shared pro rata across the claims' outstanding cents by largest remainder. */
export function share(state: ReconciliationState, fundedCents: number): PayableClaim[] {
  const outstanding = [...state.claims.entries()]
    .map(([key, claim]) => ({ claim, owed: claim.amountCents - (state.released.get(key) ?? 0) }))
    .filter((o) => o.owed > 0);
  const totalOwed = outstanding.reduce((sum, o) => sum + o.owed, 0);
  const available = Math.min(fundedCents - state.releasedCents, totalOwed);
  if (available <= 0) return [];
  if (available === totalOwed) return outstanding.map((o) => ({ ...o.claim, amountCents: o.owed }));
  const big = BigInt(available);
  const total = BigInt(totalOwed);
  const parts = outstanding.map((o, index) => {
    const exact = big * BigInt(o.owed);
    return { o, index, cents: Number(exact / total), remainder: exact % total };
  });
  let left = available - parts.reduce((sum, p) => sum + p.cents, 0);
  const byRemainder = [...parts].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const part of byRemainder) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return parts.filter((p) => p.cents > 0).map((p) => ({ ...p.o.claim, amountCents: p.cents }));
}

function recordDelivered({ partnerId, period, delivered }: Extract<ReconciliationCommand, { type: 'RecordDelivered' }>['data'], state: ReconciliationState): ReconciliationEvent[] {
  const fresh = delivered.filter((item) => state.undelivered.has(itemKey(item)));
  return fresh.length > 0 ? [PayableReleasesDelivered.create({ partnerId, period, delivered: fresh })] : [];
}

export function evolveReconciliation(state: ReconciliationState, event: ReconciliationEvent): ReconciliationState {
  switch (event.type) {
    case 'PayableClaimsRecorded': {
      const claims = new Map(state.claims);
      let claimedCents = state.claimedCents;
      for (const claim of event.data.claims) {
        claims.set(claimKey(claim), claim);
        claimedCents += claim.amountCents;
      }
      return { ...state, claims, claimedCents };
    }
    case 'PayableEarningsReleased': {
      const released = new Map(state.released);
      const undelivered = new Map(state.undelivered);
      let releasedCents = state.releasedCents;
      for (const release of event.data.releases) {
        const key = claimKey(release);
        released.set(key, (released.get(key) ?? 0) + release.amountCents);
        releasedCents += release.amountCents;
        const item = { ...release, releaseId: event.data.releaseId };
        undelivered.set(itemKey(item), item);
      }
      return { ...state, released, undelivered, releasedCents, lastReleaseId: event.data.releaseId };
    }
    case 'PayableReleasesDelivered': {
      const undelivered = new Map(state.undelivered);
      for (const item of event.data.delivered) undelivered.delete(itemKey(item));
      return { ...state, undelivered };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown reconciliation event ${JSON.stringify(unknown)}`);
    }
  }
}

export const reconciliationDecider = { decide: decideReconciliation, evolve: evolveReconciliation, initialState: initialReconciliationState };
