// Given / when / then specifications of the token account: holds, captures, releases, credits,
// debits and subscription allowances.
import { describe, expect, it } from 'vitest';
import { IllegalStateError, InsufficientTokensError, NotFoundError } from '../shared/errors';
import { tokensToMicros } from '../shared/tokens';
import {
  availableMicros,
  decideTokenAccount,
  evolveTokenAccount,
  forkTokenAccountState,
  initialTokenAccountState,
  type TokenAccountCommand,
  type TokenAccountState,
} from './token-account.decider';
import type { TokenAccountEvent } from './token-account.events';

const userId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const NOW = '2026-11-25T10:00:00.000Z';

function given(...commands: TokenAccountCommand[]): TokenAccountState {
  let state: TokenAccountState = { ...initialTokenAccountState };
  for (const command of commands) state = decideTokenAccount(command, state).reduce(evolveTokenAccount, state);
  return state;
}

function when(state: TokenAccountState, command: TokenAccountCommand): TokenAccountEvent[] {
  return decideTokenAccount(command, state);
}

const open = (tokens = 50): TokenAccountCommand => ({ type: 'OpenAccount', data: { userId, welcomeBonusMicros: tokensToMicros(tokens) } });
const hold = (holdId: string, service: 'professional-mastering' | 'copyright-registration' | 'ai-music-generation', price: number, at = NOW): TokenAccountCommand => ({
  type: 'Hold',
  data: { holdId, service, priceMicros: tokensToMicros(price), subjectId: 'track-1', description: 'a step', at },
});
const credit = (reference: string, tokens: number): TokenAccountCommand => ({ type: 'Credit', data: { amountMicros: tokensToMicros(tokens), cause: 'purchase', reference, description: 'Starter package' } });

describe('token account decider', () => {
  it('given no account, when opened, then it is opened with the welcome bonus; opening again decides nothing', () => {
    const events = when(given(), open());
    expect(events.map((e) => e.type)).toEqual(['TokenAccountOpened', 'TokensCreditedToAccount']);
    expect(events[1]!.data).toMatchObject({ cause: 'welcome_bonus', amountMicros: 50_000_000 });
    expect(when(given(open()), open())).toEqual([]);
  });

  it('refuses every other command on an account that is not open', () => {
    expect(() => when(given(), credit('pi_1', 10))).toThrow(NotFoundError);
  });

  it('given 50 tokens, when a 25-token step is held, then 25 are free and 50 still on the ledger', () => {
    const state = given(open(), hold('h1', 'copyright-registration', 25));
    expect(availableMicros(state)).toBe(tokensToMicros(25));
    expect(state.balanceMicros).toBe(tokensToMicros(50));
  });

  it('given a hold, when captured, then the price is spent; capturing again decides nothing', () => {
    const state = given(open(), hold('h1', 'professional-mastering', 5), { type: 'Capture', data: { holdId: 'h1' } });
    expect(state.balanceMicros).toBe(tokensToMicros(45));
    expect(availableMicros(state)).toBe(tokensToMicros(45));
    expect(when(state, { type: 'Capture', data: { holdId: 'h1' } })).toEqual([]);
  });

  it('given a hold, when released, then the price comes back; a released hold cannot be captured', () => {
    const state = given(open(), hold('h1', 'professional-mastering', 5), { type: 'Release', data: { holdId: 'h1', reason: 'the master failed' } });
    expect(availableMicros(state)).toBe(tokensToMicros(50));
    expect(state.balanceMicros).toBe(tokensToMicros(50));
    expect(() => when(state, { type: 'Capture', data: { holdId: 'h1' } })).toThrow(IllegalStateError);
    expect(when(state, { type: 'Release', data: { holdId: 'h1', reason: 'again' } })).toEqual([]);
  });

  it('folds into a fork without changing the state it was forked from', () => {
    const state = given(open(), hold('h1', 'professional-mastering', 5));
    const fork = forkTokenAccountState(state);
    const events = when(fork, { type: 'Capture', data: { holdId: 'h1' } });
    const after = events.reduce(evolveTokenAccount, fork);
    expect(after.holds.get('h1')!.status).toBe('captured');
    expect(state.holds.get('h1')!.status).toBe('held');
    const credited = when(after, credit('pi_9', 1)).reduce(evolveTokenAccount, after);
    expect(credited.references.has('pi_9')).toBe(true);
    expect(state.references.has('pi_9')).toBe(false);
  });

  it('releasing a hold that never happened (it was refused) decides nothing', () => {
    expect(when(given(open()), { type: 'Release', data: { holdId: 'never', reason: 'refused' } })).toEqual([]);
  });

  it('holding the same hold id twice (a retried activity) holds once', () => {
    expect(when(given(open(), hold('h1', 'professional-mastering', 5)), hold('h1', 'professional-mastering', 5))).toEqual([]);
  });

  it('given 12 free tokens, when a 25-token step is held, then it is refused with the price and the balance', () => {
    const state = given(open(12));
    expect(() => when(state, hold('h1', 'copyright-registration', 25))).toThrow(new InsufficientTokensError(tokensToMicros(25), tokensToMicros(12)));
    expect(() => when(state, hold('h1', 'copyright-registration', 25))).toThrow('Insufficient tokens: this step costs 25.00, your balance is 12.00');
  });

  it('counts what running steps hold against the free balance', () => {
    const state = given(open(30), hold('h1', 'copyright-registration', 25));
    expect(() => when(state, hold('h2', 'professional-mastering', 10))).toThrow('your balance is 5.00');
  });

  it('credits a reference once: a duplicated payment delivery decides nothing', () => {
    const state = given(open(), credit('pi_1', 9.99));
    expect(state.balanceMicros).toBe(tokensToMicros(59.99));
    expect(when(state, credit('pi_1', 9.99))).toEqual([]);
  });

  it('debits a refund up to the free balance and records the shortfall, never going below zero', () => {
    const state = given(open(10), credit('pi_1', 19.99), hold('h1', 'copyright-registration', 25));
    const events = when(state, { type: 'Debit', data: { amountMicros: tokensToMicros(19.99), cause: 'payment_refunded', reference: 're_1', description: 'Refund', upToAvailable: true } });
    expect(events[0]!.data).toMatchObject({ amountMicros: tokensToMicros(4.99), shortfallMicros: tokensToMicros(15) });
    expect(availableMicros(events.reduce(evolveTokenAccount, state))).toBe(0);
  });

  it('refuses a debit that must be whole (a withdrawal) beyond the free balance', () => {
    const state = given(open(10));
    expect(() => when(state, { type: 'Debit', data: { amountMicros: tokensToMicros(11), cause: 'withdrawal', reference: 'w1', description: 'Withdrawal', upToAvailable: false } })).toThrow(InsufficientTokensError);
  });

  describe('subscription allowances', () => {
    const month = (reference: string, tierId: 'silver' | 'gold' = 'silver', periodStart = '2026-11-01T00:00:00.000Z', periodEnd = '2026-12-01T00:00:00.000Z'): TokenAccountCommand => ({
      type: 'RecordSubscriptionPeriod',
      data: { subscriptionId: 'sub_1', tierId, reference, periodStart, periodEnd },
    });

    it("a license's price is held in full, never covered by an allowance, and released like any hold", () => {
      const state = given(open(50), month('in_1', 'gold'));
      const license: TokenAccountCommand = { type: 'Hold', data: { holdId: 'license-l1', service: 'license-purchase', priceMicros: tokensToMicros(12.5), subjectId: 'w1', description: 'License of "Night Drive"', at: NOW } };
      const held = when(state, license);
      expect(held[0]!.data).toMatchObject({ service: 'license-purchase', amountMicros: tokensToMicros(12.5), coveredByAllowance: false });
      const after = held.reduce(evolveTokenAccount, state);
      expect(availableMicros(after)).toBe(tokensToMicros(50 + 39.99 - 12.5));
      const released = when(after, { type: 'Release', data: { holdId: 'license-l1', reason: 'failed' } }).reduce(evolveTokenAccount, after);
      expect(availableMicros(released)).toBe(tokensToMicros(50 + 39.99));
      expect(released.subscription?.used).toEqual({});
    });

    it('a paid month credits tokens equal to the tier price, once per invoice', () => {
      const state = given(open(0), month('in_1'));
      expect(state.balanceMicros).toBe(tokensToMicros(29.99));
      expect(when(state, month('in_1'))).toEqual([]);
    });

    it('silver covers two registrations a month; the third costs its price', () => {
      const state = given(open(0), month('in_1'), hold('h1', 'copyright-registration', 25), hold('h2', 'copyright-registration', 25));
      expect(availableMicros(state)).toBe(tokensToMicros(29.99));
      const [third] = when(state, hold('h3', 'copyright-registration', 25));
      expect(third!.data).toMatchObject({ amountMicros: tokensToMicros(25), coveredByAllowance: false });
    });

    it('a released allowance use is given back', () => {
      const state = given(open(0), month('in_1'), hold('h1', 'copyright-registration', 25), hold('h2', 'copyright-registration', 25), {
        type: 'Release',
        data: { holdId: 'h2', reason: 'failed' },
      });
      expect(when(state, hold('h3', 'copyright-registration', 25))[0]!.data).toMatchObject({ coveredByAllowance: true, amountMicros: 0 });
    });

    it('no tier covers mastering', () => {
      expect(when(given(open(), month('in_1', 'gold')), hold('h1', 'professional-mastering', 5))[0]!.data).toMatchObject({ coveredByAllowance: false });
    });

    it('a cancelled subscription keeps its allowances to the end of the paid period, not after', () => {
      const state = given(open(), month('in_1', 'gold'), { type: 'CancelSubscription', data: { subscriptionId: 'sub_1', endsAt: '2026-12-01T00:00:00.000Z' } });
      expect(when(state, hold('h1', 'copyright-registration', 25))[0]!.data).toMatchObject({ coveredByAllowance: true });
      expect(when(state, hold('h2', 'copyright-registration', 25, '2026-12-02T00:00:00.000Z'))[0]!.data).toMatchObject({ coveredByAllowance: false });
    });

    it('a new paid month resets the uses', () => {
      const state = given(open(0), month('in_1'), hold('h1', 'copyright-registration', 25), hold('h2', 'copyright-registration', 25), month('in_2', 'silver', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'));
      expect(when(state, hold('h3', 'copyright-registration', 25, '2026-12-05T00:00:00.000Z'))[0]!.data).toMatchObject({ coveredByAllowance: true });
    });
  });
});
