// The user account aggregate: registration, the roles granted to the account (reviewer,
// auditor, operator; creator is everyone's), the password, the confirmed e-mail address and the accepted version of the terms. The welcome bonus is the token account's first credit
// (domain/tokens), opened beside the account at signup. An operator's emergency lockdown ends one
// session or suspends the account until they reinstate it (docs/ip-protection.md).
import { GRANTABLE_ROLES, type GrantableRole } from '../contracts/roles';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { UserReinstated, UserSessionRevoked, UserSuspended } from './lockdown.events';
import { UserRoleGranted, UserRoleRevoked } from './role.events';
import {
  TermsAccepted,
  UserAccountDeleted,
  UserEmailConfirmed,
  UserEmailRemoved,
  UserPasswordChanged,
  UserPasswordReset,
  UserPasswordResetRequested,
  UserRegistered,
  USERNAME_PATTERN,
  type UserEvent,
} from './user.events';

export type UserState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      userId: string;
      username: string;
      roles: GrantableRole[];
      email: string | null;
      termsVersion: number | null;
      /** Set while an operator has the account suspended: it signs in no more and its sessions and API keys are refused. */
      suspension: Suspension | null;
      /** The one password reset link that may still be used: the newest requested, until it is used or the password changes. */
      passwordReset: { resetId: string; expiresAt: string } | null;
    }
  /** Deleted: signs in no more, takes no command; the username stays claimed so no one can take it over. */
  | { status: 'deleted'; userId: string; username: string };

export interface Suspension {
  reason: string;
  decidedBy: string;
  suspendedAt: string;
}

export const initialUserState: UserState = { status: 'unregistered' };

export type RegisterUser = {
  type: 'RegisterUser';
  /** `acceptedTerms`: the terms' version the sign-up form accepted, recorded with the registration. */
  data: { userId: string; username: string; passwordHash: string; acceptedTerms?: { version: number; acceptedAt: string } };
};

/** Accepts a version of the Terms of Service; accepting the version accepted or an older one decides nothing. */
export type AcceptTerms = {
  type: 'AcceptTerms';
  data: { userId: string; version: number; acceptedAt: string };
};

/** Grants a role; granting a role the user already holds decides nothing. */
export type GrantRole = {
  type: 'GrantRole';
  data: { userId: string; role: string; grantedBy: string; grantedAt: string };
};

/** Revokes a role; revoking a role the user does not hold is refused. */
export type RevokeRole = {
  type: 'RevokeRole';
  data: { userId: string; role: string; revokedBy: string; revokedAt: string };
};

/**
 * Records a new password hash. The route checks the current password and the password policy
 * first: hashing and verifying are slow, salted and random, which a pure decider cannot be.
 */
export type ChangePassword = {
  type: 'ChangePassword';
  data: { userId: string; passwordHash: string; changedAt: string };
};

/** Records that a reset link was mailed to the confirmed address; it replaces any earlier link. Refused without a confirmed address, or for a suspended account. */
export type RequestPasswordReset = {
  type: 'RequestPasswordReset';
  data: { userId: string; resetId: string; requestedAt: string; expiresAt: string };
};

/**
 * Replaces the password through a reset link (its MAC checked by the route first): only the newest
 * link, only once, only before it expires. Records the reset and the new hash.
 */
export type ResetPassword = {
  type: 'ResetPassword';
  data: { userId: string; resetId: string; passwordHash: string; resetAt: string };
};

/** Records the address a signed confirmation link proved; the address already confirmed decides nothing. */
export type ConfirmEmail = {
  type: 'ConfirmEmail';
  data: { userId: string; email: string; confirmedAt: string };
};

/** Removes the confirmed address; refused when there is none. */
export type RemoveEmail = {
  type: 'RemoveEmail';
  data: { userId: string; removedAt: string };
};

/** Deletes the account: its confirmed address is removed first, so nothing is mailed to it again. Deleting a deleted account decides nothing. */
export type DeleteAccount = { type: 'DeleteAccount'; data: { userId: string; deletedAt: string } };

/** An operator suspends the whole account; suspending a suspended account decides nothing. */
export type SuspendUser = { type: 'SuspendUser'; data: { userId: string; reason: string; decidedBy: string; suspendedAt: string } };

/** An operator ends one session of the account (the route checks the session is the user's and ends it). */
export type RevokeUserSession = { type: 'RevokeUserSession'; data: { userId: string; sessionId: string; reason: string; decidedBy: string; revokedAt: string } };

/** An operator lifts a suspension; refused when the account is not suspended. */
export type ReinstateUser = { type: 'ReinstateUser'; data: { userId: string; reason: string; decidedBy: string; reinstatedAt: string } };

export type UserCommand =
  | RegisterUser
  | GrantRole
  | RevokeRole
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | ConfirmEmail
  | RemoveEmail
  | DeleteAccount
  | AcceptTerms
  | SuspendUser
  | RevokeUserSession
  | ReinstateUser;

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'GrantRole':
      return grantRole(command, state);
    case 'RevokeRole':
      return revokeRole(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'ConfirmEmail':
      return confirmEmail(command, state);
    case 'RemoveEmail':
      return removeEmail(command, state);
    case 'DeleteAccount':
      return deleteAccount(command, state);
    case 'AcceptTerms':
      return acceptTerms(command, state);
    case 'SuspendUser':
      return suspendUser(command, state);
    case 'RevokeUserSession':
      return revokeUserSession(command, state);
    case 'ReinstateUser':
      return reinstateUser(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown user command ${JSON.stringify(unknown)}`);
    }
  }
}

function registerUser({ data }: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new IllegalStateError('User is already registered');
  if (!USERNAME_PATTERN.test(data.username)) {
    throw new ValidationError('Username must be 3-32 letters, digits, dots, dashes or underscores');
  }
  const { acceptedTerms, ...registration } = data;
  const accepted = acceptedTerms ? [TermsAccepted.create({ userId: data.userId, documentId: 'terms', ...acceptedTerms })] : [];
  return [UserRegistered.create(registration), ...accepted];
}

function acceptTerms({ data }: AcceptTerms, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.termsVersion !== null && registered.termsVersion >= data.version) return [];
  return [TermsAccepted.create({ userId: data.userId, documentId: 'terms', version: data.version, acceptedAt: data.acceptedAt })];
}

function grantRole({ data }: GrantRole, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  const role = grantableRole(data.role);
  if (registered.roles.includes(role)) return [];
  return [UserRoleGranted.create({ ...data, role })];
}

function revokeRole({ data }: RevokeRole, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  const role = grantableRole(data.role);
  if (!registered.roles.includes(role)) throw new IllegalStateError(`${registered.username} does not hold the ${role} role`);
  return [UserRoleRevoked.create({ ...data, role })];
}

function changePassword({ data }: ChangePassword, state: UserState): UserEvent[] {
  registeredUser(state);
  return [UserPasswordChanged.create(data)];
}

function requestPasswordReset({ data }: RequestPasswordReset, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.email === null) throw new IllegalStateError('The account has no confirmed e-mail address to mail a reset link to');
  if (registered.suspension) throw new IllegalStateError('The account is suspended');
  return [UserPasswordResetRequested.create(data)];
}

/** Said for a link that was used, replaced, or made obsolete by a password change: the same words for all, as any of them means "ask again". */
export const RESET_LINK_USED = 'This reset link was already used or replaced by a newer one: ask for a new link';
export const RESET_LINK_EXPIRED = 'This reset link has expired: ask for a new link';

function resetPassword({ data }: ResetPassword, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.suspension) throw new IllegalStateError('The account is suspended');
  const pending = registered.passwordReset;
  if (pending?.resetId !== data.resetId) throw new IllegalStateError(RESET_LINK_USED);
  if (Date.parse(pending.expiresAt) <= Date.parse(data.resetAt)) throw new IllegalStateError(RESET_LINK_EXPIRED);
  return [
    UserPasswordReset.create({ userId: data.userId, resetId: data.resetId, resetAt: data.resetAt }),
    UserPasswordChanged.create({ userId: data.userId, passwordHash: data.passwordHash, changedAt: data.resetAt }),
  ];
}

function confirmEmail({ data }: ConfirmEmail, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.email?.toLowerCase() === data.email.toLowerCase()) return [];
  return [UserEmailConfirmed.create(data)];
}

function removeEmail({ data }: RemoveEmail, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.email === null) throw new IllegalStateError('There is no confirmed e-mail address to remove');
  return [UserEmailRemoved.create(data)];
}

function deleteAccount({ data }: DeleteAccount, state: UserState): UserEvent[] {
  if (state.status === 'deleted') return [];
  const registered = registeredUser(state);
  const removed = registered.email !== null ? [UserEmailRemoved.create({ userId: data.userId, removedAt: data.deletedAt })] : [];
  return [...removed, UserAccountDeleted.create(data)];
}

function suspendUser({ data }: SuspendUser, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (registered.suspension) return [];
  return [UserSuspended.create(data)];
}

function revokeUserSession({ data }: RevokeUserSession, state: UserState): UserEvent[] {
  registeredUser(state);
  return [UserSessionRevoked.create(data)];
}

function reinstateUser({ data }: ReinstateUser, state: UserState): UserEvent[] {
  const registered = registeredUser(state);
  if (!registered.suspension) throw new IllegalStateError(`${registered.username} is not suspended`);
  return [UserReinstated.create(data)];
}

function registeredUser(state: UserState): Extract<UserState, { status: 'registered' }> {
  if (state.status !== 'registered') throw new NotFoundError('No such user');
  return state;
}

function grantableRole(role: string): GrantableRole {
  const found = GRANTABLE_ROLES.find((r) => r === role);
  if (!found) throw new ValidationError(`A role is one of ${GRANTABLE_ROLES.join(', ')} (creator is everyone's)`);
  return found;
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { status: 'registered', userId: event.data.userId, username: event.data.username, roles: [], email: null, termsVersion: null, suspension: null, passwordReset: null };
    case 'TokensCredited':
      // Before the token ledger, the welcome bonus was recorded here; the ledger opens such
      // accounts with it (infra/tokens/open-accounts.ts).
      return state;
    case 'UserRoleGranted':
      if (state.status !== 'registered' || state.roles.includes(event.data.role)) return state;
      return { ...state, roles: [...state.roles, event.data.role] };
    case 'UserRoleRevoked':
      if (state.status !== 'registered') return state;
      return { ...state, roles: state.roles.filter((role) => role !== event.data.role) };
    // A reset link went to the address of its time: a changed or removed address makes it obsolete.
    case 'UserEmailConfirmed':
      return state.status === 'registered' ? { ...state, email: event.data.email, passwordReset: null } : state;
    case 'UserEmailRemoved':
      return state.status === 'registered' ? { ...state, email: null, passwordReset: null } : state;
    case 'UserPasswordChanged':
      // The hash lives in the users read model, which sign-in reads; a new password makes any reset link obsolete.
      return state.status === 'registered' ? { ...state, passwordReset: null } : state;
    case 'UserPasswordResetRequested':
      return state.status === 'registered' ? { ...state, passwordReset: { resetId: event.data.resetId, expiresAt: event.data.expiresAt } } : state;
    case 'UserPasswordReset':
      return state.status === 'registered' ? { ...state, passwordReset: null } : state;
    case 'TermsAccepted':
      return state.status === 'registered' ? { ...state, termsVersion: Math.max(state.termsVersion ?? 0, event.data.version) } : state;
    case 'UserSuspended':
      return state.status === 'registered' ? { ...state, suspension: { reason: event.data.reason, decidedBy: event.data.decidedBy, suspendedAt: event.data.suspendedAt } } : state;
    case 'UserSessionRevoked':
      // The session itself lives in the sessions table; the event is the record of who ended it and why.
      return state;
    case 'UserReinstated':
      return state.status === 'registered' ? { ...state, suspension: null } : state;
    case 'UserAccountDeleted':
      return state.status === 'registered' ? { status: 'deleted', userId: state.userId, username: state.username } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown user event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The user's roles as their stream says: creator, then the granted ones in the order of ROLES. */
export function rolesOfUser(state: Extract<UserState, { status: 'registered' }>): Array<'creator' | GrantableRole> {
  return ['creator', ...GRANTABLE_ROLES.filter((role) => state.roles.includes(role))];
}
