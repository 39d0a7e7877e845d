// The token account aggregate: credits, holds (a step's price reserved when the step starts),
// captures (the step succeeded: the price is spent), releases (it failed or was refused: the price
// comes back), debits (a refunded payment, a withdrawal), and the subscription whose monthly
// allowances cover steps. The free balance (balance minus holds) never goes below zero: a hold or
// debit it cannot cover is refused. Repeating a command (a retried activity, a duplicated webhook)
// decides nothing: holds are keyed by hold id, credits and debits by their reference.
import { IllegalStateError, InsufficientTokensError, NotFoundError, ValidationError } from '../shared/errors';
import { findTier, isPricedService, type HoldPurpose, type PricedService, type SubscriptionTierId } from './catalogue';
import {
  SubscriptionCancelled,
  SubscriptionPeriodPaid,
  TokenAccountOpened,
  TokenHoldCaptured,
  TokenHoldReleased,
  TokensCreditedToAccount,
  TokensDebitedFromAccount,
  TokensHeld,
  type CreditCause,
  type DebitCause,
  type TokenAccountEvent,
} from './token-account.events';

export interface Hold {
  service: HoldPurpose;
  amountMicros: number;
  coveredByAllowance: boolean;
  status: 'held' | 'captured' | 'released';
}

export interface Subscription {
  subscriptionId: string;
  tierId: SubscriptionTierId;
  periodStart: string;
  periodEnd: string;
  /** When the subscription ends (cancelled): allowances stop at the end of the paid period. */
  endsAt: string | null;
  /** Allowance uses in the current period (held or captured; a release gives one back). */
  used: Partial<Record<PricedService, number>>;
}

export interface TokenAccountState {
  opened: boolean;
  userId: string | null;
  /** Credits minus captures and debits. */
  balanceMicros: number;
  /** Reserved by steps still running. */
  heldMicros: number;
  holds: Map<string, Hold>;
  /** Credit and debit references already recorded. */
  references: Set<string>;
  subscription: Subscription | null;
}

export const initialTokenAccountState: TokenAccountState = {
  opened: false,
  userId: null,
  balanceMicros: 0,
  heldMicros: 0,
  holds: new Map(),
  references: new Set(),
  subscription: null,
};

/**
 * A copy the fold can add to without touching `state`: the fold only adds entries to the maps (a
 * hold that changes status gets a new entry object), so copying the maps themselves is enough.
 */
export function forkTokenAccountState(state: TokenAccountState): TokenAccountState {
  return { ...state, holds: new Map(state.holds), references: new Set(state.references) };
}

export function availableMicros(state: TokenAccountState): number {
  return state.balanceMicros - state.heldMicros;
}

export type TokenAccountCommand =
  | { type: 'OpenAccount'; data: { userId: string; welcomeBonusMicros: number } }
  | { type: 'Credit'; data: { amountMicros: number; cause: CreditCause; reference: string; description: string } }
  | {
      type: 'Hold';
      data: { holdId: string; service: HoldPurpose; priceMicros: number; subjectId: string; description: string; at: string };
    }
  | { type: 'Capture'; data: { holdId: string } }
  | { type: 'Release'; data: { holdId: string; reason: string } }
  | {
      type: 'Debit';
      data: { amountMicros: number; cause: DebitCause; reference: string; description: string; upToAvailable: boolean };
    }
  | {
      type: 'RecordSubscriptionPeriod';
      data: { subscriptionId: string; tierId: SubscriptionTierId; reference: string; periodStart: string; periodEnd: string };
    }
  | { type: 'CancelSubscription'; data: { subscriptionId: string; endsAt: string } };

export function decideTokenAccount(command: TokenAccountCommand, state: TokenAccountState): TokenAccountEvent[] {
  if (command.type === 'OpenAccount') {
    if (state.opened) return [];
    const { userId, welcomeBonusMicros } = command.data;
    const opened = TokenAccountOpened.create({ userId });
    if (welcomeBonusMicros <= 0) return [opened];
    return [
      opened,
      TokensCreditedToAccount.create({ userId, amountMicros: welcomeBonusMicros, cause: 'welcome_bonus', reference: 'welcome_bonus', description: 'Welcome bonus' }),
    ];
  }
  if (!state.opened || !state.userId) throw new NotFoundError('This user has no token account');
  const userId = state.userId;
  switch (command.type) {
    case 'Credit': {
      const { amountMicros, cause, reference, description } = command.data;
      if (!Number.isInteger(amountMicros) || amountMicros <= 0) throw new ValidationError('A credit must be a positive whole number of micro-tokens');
      if (state.references.has(reference)) return [];
      return [TokensCreditedToAccount.create({ userId, amountMicros, cause, reference, description })];
    }
    case 'Hold':
      return hold(command.data, state, userId);
    case 'Capture': {
      const held = state.holds.get(command.data.holdId);
      if (!held) throw new IllegalStateError(`No hold ${command.data.holdId} to capture`);
      if (held.status === 'captured') return [];
      if (held.status === 'released') throw new IllegalStateError(`Hold ${command.data.holdId} was released and cannot be captured`);
      return [TokenHoldCaptured.create({ userId, holdId: command.data.holdId, amountMicros: held.amountMicros })];
    }
    case 'Release': {
      const held = state.holds.get(command.data.holdId);
      // Nothing was held (the hold itself was refused) or it is settled already: nothing to give back.
      if (!held || held.status !== 'held') return [];
      return [TokenHoldReleased.create({ userId, holdId: command.data.holdId, amountMicros: held.amountMicros, reason: command.data.reason })];
    }
    case 'Debit': {
      const { amountMicros, cause, reference, description, upToAvailable } = command.data;
      if (!Number.isInteger(amountMicros) || amountMicros <= 0) throw new ValidationError('A debit must be a positive whole number of micro-tokens');
      if (state.references.has(reference)) return [];
      const free = Math.max(0, availableMicros(state));
      if (amountMicros > free && !upToAvailable) throw new InsufficientTokensError(amountMicros, free);
      const taken = Math.min(amountMicros, free);
      if (taken === 0) return [];
      return [TokensDebitedFromAccount.create({ userId, amountMicros: taken, cause, reference, description, shortfallMicros: amountMicros - taken })];
    }
    case 'RecordSubscriptionPeriod': {
      const { subscriptionId, tierId, reference, periodStart, periodEnd } = command.data;
      if (state.references.has(reference)) return [];
      const tier = findTier(tierId);
      if (!tier) throw new ValidationError(`Unknown subscription tier ${tierId}`);
      if (Date.parse(periodEnd) <= Date.parse(periodStart)) throw new ValidationError('A subscription period must end after it starts');
      return [
        SubscriptionPeriodPaid.create({ userId, subscriptionId, tierId, reference, periodStart, periodEnd }),
        TokensCreditedToAccount.create({
          userId,
          amountMicros: Math.round(tier.tokens * 1_000_000),
          cause: 'subscription_month',
          reference,
          description: `${tier.name} subscription month`,
        }),
      ];
    }
    case 'CancelSubscription': {
      const current = state.subscription;
      if (!current || current.subscriptionId !== command.data.subscriptionId || current.endsAt) return [];
      return [SubscriptionCancelled.create({ userId, subscriptionId: command.data.subscriptionId, endsAt: command.data.endsAt })];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown token account command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Whether the account's subscription covers one more use of `service` at `at`. */
export function allowanceCovers(state: TokenAccountState, service: HoldPurpose, at: string): boolean {
  const subscription = state.subscription;
  if (!subscription || !isPricedService(service)) return false;
  const now = Date.parse(at);
  if (now < Date.parse(subscription.periodStart) || now >= Date.parse(subscription.periodEnd)) return false;
  if (subscription.endsAt && now >= Date.parse(subscription.endsAt)) return false;
  const allowance = findTier(subscription.tierId)?.allowances[service];
  if (allowance === undefined) return false;
  return allowance === 'unlimited' || (subscription.used[service] ?? 0) < allowance;
}

function hold(data: Extract<TokenAccountCommand, { type: 'Hold' }>['data'], state: TokenAccountState, userId: string): TokenAccountEvent[] {
  if (state.holds.has(data.holdId)) return [];
  if (!Number.isInteger(data.priceMicros) || data.priceMicros < 0) throw new ValidationError('A price must be a whole number of micro-tokens');
  const covered = allowanceCovers(state, data.service, data.at);
  const amountMicros = covered ? 0 : data.priceMicros;
  const free = availableMicros(state);
  if (amountMicros > free) throw new InsufficientTokensError(amountMicros, Math.max(0, free));
  return [
    TokensHeld.create({
      userId,
      holdId: data.holdId,
      service: data.service,
      amountMicros,
      coveredByAllowance: covered,
      subjectId: data.subjectId,
      description: data.description,
    }),
  ];
}

export function evolveTokenAccount(state: TokenAccountState, event: TokenAccountEvent): TokenAccountState {
  // Every account's stream opens with TokenAccountOpened, which creates the maps the fold adds to.
  if (!state.opened && event.type !== 'TokenAccountOpened') return state;
  switch (event.type) {
    case 'TokenAccountOpened':
      return { ...initialTokenAccountState, holds: new Map(), references: new Set(), opened: true, userId: event.data.userId };
    case 'TokensCreditedToAccount':
      return { ...state, balanceMicros: state.balanceMicros + event.data.amountMicros, references: withItem(state.references, event.data.reference) };
    case 'TokensHeld': {
      const { holdId, service, amountMicros, coveredByAllowance } = event.data;
      return {
        ...state,
        heldMicros: state.heldMicros + amountMicros,
        holds: withEntry(state.holds, holdId, { service, amountMicros, coveredByAllowance, status: 'held' }),
        subscription: coveredByAllowance ? countUse(state.subscription, service, 1) : state.subscription,
      };
    }
    case 'TokenHoldCaptured': {
      const held = state.holds.get(event.data.holdId);
      if (!held) return state;
      return {
        ...state,
        balanceMicros: state.balanceMicros - held.amountMicros,
        heldMicros: state.heldMicros - held.amountMicros,
        holds: withEntry(state.holds, event.data.holdId, { ...held, status: 'captured' }),
      };
    }
    case 'TokenHoldReleased': {
      const held = state.holds.get(event.data.holdId);
      if (!held) return state;
      return {
        ...state,
        heldMicros: state.heldMicros - held.amountMicros,
        holds: withEntry(state.holds, event.data.holdId, { ...held, status: 'released' }),
        subscription: held.coveredByAllowance ? countUse(state.subscription, held.service, -1) : state.subscription,
      };
    }
    case 'TokensDebitedFromAccount':
      return { ...state, balanceMicros: state.balanceMicros - event.data.amountMicros, references: withItem(state.references, event.data.reference) };
    case 'SubscriptionPeriodPaid': {
      const { subscriptionId, tierId, periodStart, periodEnd } = event.data;
      return { ...state, subscription: { subscriptionId, tierId, periodStart, periodEnd, endsAt: null, used: {} } };
    }
    case 'SubscriptionCancelled':
      if (!state.subscription || state.subscription.subscriptionId !== event.data.subscriptionId) return state;
      return { ...state, subscription: { ...state.subscription, endsAt: event.data.endsAt } };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown token account event ${JSON.stringify(unknown)}`);
    }
  }
}

function countUse(subscription: Subscription | null, service: HoldPurpose, delta: number): Subscription | null {
  if (!subscription || !isPricedService(service)) return subscription;
  return { ...subscription, used: { ...subscription.used, [service]: Math.max(0, (subscription.used[service] ?? 0) + delta) } };
}

// An account's stream grows with every step, so the fold adds to the account's own maps instead of
// copying them per event (copying made a long stream's fold quadratic). The maps are created by
// TokenAccountOpened, the first event of every account; fold recorded events only.
function withEntry<K, V>(map: Map<K, V>, key: K, value: V): Map<K, V> {
  map.set(key, value);
  return map;
}

function withItem<T>(set: Set<T>, item: T): Set<T> {
  set.add(item);
  return set;
}

export const tokenAccountDecider = {
  decide: decideTokenAccount,
  evolve: evolveTokenAccount,
  initialState: initialTokenAccountState,
};
