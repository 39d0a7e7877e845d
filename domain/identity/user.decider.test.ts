// Given / when / then specifications of the user account aggregate.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { UserRoleGranted, UserRoleRevoked } from './role.events';
import { decideUser, evolveUser, initialUserState, rolesOfUser, type AcceptTerms, type ChangePassword, type ConfirmEmail, type GrantRole, type RegisterUser, type ReinstateUser, type RemoveEmail, type RequestPasswordReset, type ResetPassword, RESET_LINK_EXPIRED, RESET_LINK_USED, type RevokeRole, type RevokeUserSession, type SuspendUser } from './user.decider';
import { UserReinstated, UserSessionRevoked, UserSuspended } from './lockdown.events';
import { TermsAccepted, UserAccountDeleted, UserEmailConfirmed, UserEmailRemoved, UserPasswordChanged, UserPasswordResetRequested, UserRegistered } from './user.events';

const userId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const register: RegisterUser = {
  type: 'RegisterUser',
  data: { userId, username: 'ada.lovelace', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' },
};

describe('user decider', () => {
  it('given no account, when registering, then the user is registered (the welcome bonus is the token account\'s)', () => {
    const events = decideUser(register, initialUserState);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(events.reduce(evolveUser, initialUserState)).toMatchObject({ status: 'registered', username: 'ada.lovelace' });
  });

  it('given a registered account, when registering again, then it is refused', () => {
    const state = decideUser(register, initialUserState).reduce(evolveUser, initialUserState);
    expect(() => decideUser(register, state)).toThrow(IllegalStateError);
  });

  it('refuses a username with spaces or of the wrong length', () => {
    for (const username of ['ab', 'has space', 'x'.repeat(33)]) {
      expect(() => decideUser({ ...register, data: { ...register.data, username } }, initialUserState)).toThrow(ValidationError);
    }
  });
});

describe('user decider: roles', () => {
  const spec = deciderSpec({ decide: decideUser, evolve: evolveUser, initialState: initialUserState });
  const registered = UserRegistered.create(register.data);
  const at = '2026-11-26T09:00:00.000Z';
  const grant = (role: string): GrantRole => ({ type: 'GrantRole', data: { userId, role, grantedBy: 'ops-cli:root', grantedAt: at } });
  const revoke = (role: string): RevokeRole => ({ type: 'RevokeRole', data: { userId, role, revokedBy: 'grace', revokedAt: at } });
  const granted = (role: 'reviewer' | 'auditor' | 'operator') => UserRoleGranted.create({ userId, role, grantedBy: 'ops-cli:root', grantedAt: at });

  it('given a registered user, when granting reviewer, then UserRoleGranted names the role and who granted it', () => {
    expect(spec.when([registered], grant('reviewer'))).toEqual([granted('reviewer')]);
  });

  it('given a user who holds reviewer, when granting reviewer again, then nothing is decided', () => {
    expect(spec.when([registered, granted('reviewer')], grant('reviewer'))).toEqual([]);
  });

  it('given a user who holds operator, when revoking operator, then UserRoleRevoked names who revoked it and the role is gone', () => {
    const events = spec.when([registered, granted('operator')], revoke('operator'));
    expect(events).toEqual([UserRoleRevoked.create({ userId, role: 'operator', revokedBy: 'grace', revokedAt: at })]);
    const state = spec.given(registered, granted('operator'), ...events);
    expect(state.status === 'registered' && rolesOfUser(state)).toEqual(['creator']);
  });

  it('given a user without auditor, when revoking auditor, then it is refused', () => {
    expect(() => spec.when([registered, granted('reviewer')], revoke('auditor'))).toThrow(new IllegalStateError('ada.lovelace does not hold the auditor role'));
  });

  it('given no account, when granting or revoking, then it is refused as an unknown user', () => {
    expect(() => spec.when([], grant('reviewer'))).toThrow(NotFoundError);
    expect(() => spec.when([], revoke('reviewer'))).toThrow(NotFoundError);
  });

  it('refuses creator (everyone\'s) and unknown roles', () => {
    for (const role of ['creator', 'admin']) {
      expect(() => spec.when([registered], grant(role))).toThrow(ValidationError);
      expect(() => spec.when([registered], revoke(role))).toThrow(ValidationError);
    }
  });

  it('lists creator first, then the granted roles in the order of ROLES', () => {
    const state = spec.given(registered, granted('operator'), granted('reviewer'));
    expect(state.status === 'registered' && rolesOfUser(state)).toEqual(['creator', 'reviewer', 'operator']);
  });

  describe('deleting the account', () => {
    const deleteAccount = { type: 'DeleteAccount' as const, data: { userId, deletedAt: '2026-11-29T09:00:00.000Z' } };

    it('given a registered account, when deleting it, then it is deleted and takes no role any more', () => {
      const events = spec.when([registered], deleteAccount);
      expect(events).toEqual([UserAccountDeleted.create(deleteAccount.data)]);
      const state = spec.given(registered, ...events);
      expect(state.status).toBe('deleted');
      expect(() => decideUser({ type: 'GrantRole', data: { userId, role: 'reviewer', grantedBy: 'ops', grantedAt: deleteAccount.data.deletedAt } }, state)).toThrow(NotFoundError);
    });

    it('given a confirmed address, when deleting, then the address is removed first so nothing is mailed to it again', () => {
      const confirmed = UserEmailConfirmed.create({ userId, email: 'ada@example.org', confirmedAt: '2026-11-01T00:00:00.000Z' });
      expect(spec.when([registered, confirmed], deleteAccount).map((e) => e.type)).toEqual(['UserEmailRemoved', 'UserAccountDeleted']);
    });

    it('given a deleted account, when deleting again (a retried activity), then nothing is decided', () => {
      expect(spec.when([registered, UserAccountDeleted.create(deleteAccount.data)], deleteAccount)).toEqual([]);
    });

    it('given no account, when deleting, then it is refused as not found', () => {
      expect(() => spec.when([], deleteAccount)).toThrow(NotFoundError);
    });
  });
});

describe('user decider: password and e-mail address', () => {
  const spec = deciderSpec({ decide: decideUser, evolve: evolveUser, initialState: initialUserState });
  const registered = UserRegistered.create(register.data);
  const at = '2026-11-29T09:00:00.000Z';
  const newHash = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaA';
  const changePassword: ChangePassword = { type: 'ChangePassword', data: { userId, passwordHash: newHash, changedAt: at } };
  const confirm = (email: string): ConfirmEmail => ({ type: 'ConfirmEmail', data: { userId, email, confirmedAt: at } });
  const remove: RemoveEmail = { type: 'RemoveEmail', data: { userId, removedAt: at } };
  const confirmed = (email: string) => UserEmailConfirmed.create({ userId, email, confirmedAt: at });

  it('given a registered user, when changing the password, then UserPasswordChanged carries the new hash', () => {
    expect(spec.when([registered], changePassword)).toEqual([UserPasswordChanged.create(changePassword.data)]);
  });

  it('given no account, when changing the password, then it is refused as an unknown user', () => {
    expect(() => spec.when([], changePassword)).toThrow(NotFoundError);
  });

  it('given a registered user, when confirming an address, then UserEmailConfirmed names it and the state holds it', () => {
    const events = spec.when([registered], confirm('ada@example.org'));
    expect(events).toEqual([confirmed('ada@example.org')]);
    expect(spec.given(registered, ...events)).toMatchObject({ email: 'ada@example.org' });
  });

  it('given the address confirmed, when confirming it again (any case), then nothing is decided', () => {
    expect(spec.when([registered, confirmed('ada@example.org')], confirm('Ada@Example.org'))).toEqual([]);
  });

  it('given one address confirmed, when confirming another, then the new one replaces it', () => {
    const events = spec.when([registered, confirmed('ada@example.org')], confirm('ada@lovelace.dev'));
    expect(spec.given(registered, confirmed('ada@example.org'), ...events)).toMatchObject({ email: 'ada@lovelace.dev' });
  });

  it('given a confirmed address, when removing it, then UserEmailRemoved and no address is left', () => {
    const events = spec.when([registered, confirmed('ada@example.org')], remove);
    expect(events).toEqual([UserEmailRemoved.create(remove.data)]);
    expect(spec.given(registered, confirmed('ada@example.org'), ...events)).toMatchObject({ email: null });
  });

  it('given no confirmed address, when removing it, then it is refused', () => {
    expect(() => spec.when([registered], remove)).toThrow(new IllegalStateError('There is no confirmed e-mail address to remove'));
  });
});

describe('user decider: accepting the terms', () => {
  const spec = deciderSpec({ decide: decideUser, evolve: evolveUser, initialState: initialUserState });
  const registered = UserRegistered.create(register.data);
  const at = '2026-11-29T10:00:00.000Z';
  const accept = (version: number): AcceptTerms => ({ type: 'AcceptTerms', data: { userId, version, acceptedAt: at } });
  const accepted = (version: number) => TermsAccepted.create({ userId, documentId: 'terms', version, acceptedAt: at });

  it('given a sign-up that accepted version 2, when registering, then TermsAccepted is recorded with the registration', () => {
    const events = decideUser({ ...register, data: { ...register.data, acceptedTerms: { version: 2, acceptedAt: at } } }, initialUserState);
    expect(events).toEqual([UserRegistered.create(register.data), accepted(2)]);
    expect(events.reduce(evolveUser, initialUserState)).toMatchObject({ status: 'registered', termsVersion: 2 });
  });

  it('given a user who never accepted, when accepting version 1, then TermsAccepted names the terms and the version', () => {
    expect(spec.when([registered], accept(1))).toEqual([accepted(1)]);
  });

  it('given a user who accepted version 1, when version 2 is accepted, then it is recorded', () => {
    expect(spec.when([registered, accepted(1)], accept(2))).toEqual([accepted(2)]);
  });

  it('given a user who accepted version 2, when accepting version 2 or 1, then nothing is decided', () => {
    expect(spec.when([registered, accepted(2)], accept(2))).toEqual([]);
    expect(spec.when([registered, accepted(2)], accept(1))).toEqual([]);
  });

  it('given no account, when accepting, then it is refused as an unknown user', () => {
    expect(() => spec.when([], accept(1))).toThrow(NotFoundError);
  });
});

describe('user decider: emergency lockdown', () => {
  const spec = deciderSpec({ decide: decideUser, evolve: evolveUser, initialState: initialUserState });
  const registered = UserRegistered.create(register.data);
  const at = '2026-11-29T12:00:00.000Z';
  const reason = 'Uploading other people\'s masters in bulk';
  const suspend: SuspendUser = { type: 'SuspendUser', data: { userId, reason, decidedBy: 'grace', suspendedAt: at } };
  const reinstate: ReinstateUser = { type: 'ReinstateUser', data: { userId, reason: 'Owner proved the rights', decidedBy: 'grace', reinstatedAt: at } };
  const suspended = UserSuspended.create(suspend.data);

  it('given a registered user, when an operator suspends them, then UserSuspended records who and why, and the state holds the suspension', () => {
    expect(spec.when([registered], suspend)).toEqual([suspended]);
    expect(spec.given(registered, suspended)).toMatchObject({ status: 'registered', suspension: { reason, decidedBy: 'grace', suspendedAt: at } });
  });

  it('given a suspended user, when suspended again, then nothing is decided', () => {
    expect(spec.when([registered, suspended], suspend)).toEqual([]);
  });

  it('given a suspended user, when reinstated, then UserReinstated lifts the suspension', () => {
    const events = spec.when([registered, suspended], reinstate);
    expect(events).toEqual([UserReinstated.create(reinstate.data)]);
    expect(spec.given(registered, suspended, ...events)).toMatchObject({ suspension: null });
  });

  it('given a user who is not suspended, when reinstated, then it is refused', () => {
    expect(() => spec.when([registered], reinstate)).toThrow(new IllegalStateError('ada.lovelace is not suspended'));
  });

  it('given a registered user, when one session is revoked, then UserSessionRevoked names the session and the account stays usable', () => {
    const revoke: RevokeUserSession = { type: 'RevokeUserSession', data: { userId, sessionId: '0b9d7e4c-5f0e-4c1a-9b52-3c8f2a1d6e70', reason, decidedBy: 'grace', revokedAt: at } };
    const events = spec.when([registered], revoke);
    expect(events).toEqual([UserSessionRevoked.create(revoke.data)]);
    expect(spec.given(registered, ...events)).toMatchObject({ suspension: null });
  });

  it('given no account, when suspending, then it is refused as not found', () => {
    expect(() => spec.when([], suspend)).toThrow(NotFoundError);
  });
});

describe('user decider: password reset links', () => {
  const spec = deciderSpec({ decide: decideUser, evolve: evolveUser, initialState: initialUserState });
  const registered = UserRegistered.create(register.data);
  const confirmed = UserEmailConfirmed.create({ userId, email: 'ada@example.test', confirmedAt: '2026-11-26T08:00:00.000Z' });
  const first = '1b0e6c1e-8d1a-4c52-9a51-3f0e2f6d9a01';
  const second = '2c1f7d2f-9e2b-4d63-8b62-4a1f3a7eab02';
  const requested = (resetId: string) =>
    UserPasswordResetRequested.create({ userId, resetId, requestedAt: '2026-11-26T09:00:00.000Z', expiresAt: '2026-11-26T09:30:00.000Z' });
  const request = (resetId: string): RequestPasswordReset => ({ type: 'RequestPasswordReset', data: requested(resetId).data });
  const reset = (resetId: string, resetAt = '2026-11-26T09:10:00.000Z'): ResetPassword => ({
    type: 'ResetPassword',
    data: { userId, resetId, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaA', resetAt },
  });

  it('given a confirmed address, when a link is asked for, then the request is recorded', () => {
    expect(spec.when([registered, confirmed], request(first))).toEqual([requested(first)]);
  });

  it('given no confirmed address, when a link is asked for, then it is refused (there is nowhere to mail it)', () => {
    expect(() => spec.when([registered], request(first))).toThrow(IllegalStateError);
  });

  it('given a requested link, when it is used, then the reset and the new hash are recorded, and it cannot be used again', () => {
    const events = spec.when([registered, confirmed, requested(first)], reset(first));
    expect(events.map((e) => e.type)).toEqual(['UserPasswordReset', 'UserPasswordChanged']);
    expect(() => spec.when([registered, confirmed, requested(first), ...events], reset(first))).toThrow(new IllegalStateError(RESET_LINK_USED));
  });

  it('only the newest link resets: an older one is refused', () => {
    expect(() => spec.when([registered, confirmed, requested(first), requested(second)], reset(first))).toThrow(new IllegalStateError(RESET_LINK_USED));
    expect(spec.when([registered, confirmed, requested(first), requested(second)], reset(second))).toHaveLength(2);
  });

  it('refuses a link past its expiry, and one made obsolete by a password change or a new address', () => {
    expect(() => spec.when([registered, confirmed, requested(first)], reset(first, '2026-11-26T09:30:00.000Z'))).toThrow(new IllegalStateError(RESET_LINK_EXPIRED));
    const changed = UserPasswordChanged.create({ userId, passwordHash: register.data.passwordHash, changedAt: '2026-11-26T09:05:00.000Z' });
    expect(() => spec.when([registered, confirmed, requested(first), changed], reset(first))).toThrow(new IllegalStateError(RESET_LINK_USED));
    const removed = UserEmailRemoved.create({ userId, removedAt: '2026-11-26T09:05:00.000Z' });
    expect(() => spec.when([registered, confirmed, requested(first), removed], reset(first))).toThrow(new IllegalStateError(RESET_LINK_USED));
  });
});
