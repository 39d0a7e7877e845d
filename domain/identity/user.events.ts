// Events of the user account aggregate (stream `user-<id>`) and of username claims
// (stream `username-<lowercased name>`), which make usernames unique through the store's
// optimistic concurrency rather than through a read model.
import { z } from 'zod';
import { defineEvent } from '../shared/events';
import type { UserReinstated, UserSessionRevoked, UserSuspended } from './lockdown.events';
import type { UserRoleGranted, UserRoleRevoked } from './role.events';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export const UserRegistered = defineEvent(
  'UserRegistered',
  1,
  z.object({
    userId: z.uuid(),
    username: z.string().regex(USERNAME_PATTERN),
    passwordHash: z.string().min(20),
  }),
);

/**
 * The welcome bonus as accounts registered before the token ledger recorded it (no longer
 * appended): kept so those streams still read, and carried into the ledger when their token
 * account is opened.
 */
export const TokensCredited = defineEvent(
  'TokensCredited',
  1,
  z.object({
    userId: z.uuid(),
    amountMicros: z.number().int().positive(),
    reason: z.enum(['welcome_bonus']),
  }),
);

export const UsernameClaimed = defineEvent(
  'UsernameClaimed',
  1,
  z.object({ username: z.string().regex(USERNAME_PATTERN), userId: z.uuid() }),
);

/**
 * A QXMP Pay account (the provider's subject) tied to the user it signs in as, on stream
 * `qxmp-subject-<sub>`, appended only when the stream is new: one subject, one user.
 */
export const QxmpPaySubjectLinked = defineEvent(
  'QxmpPaySubjectLinked',
  1,
  z.object({ subject: z.string().min(1), userId: z.uuid(), wallet: z.string().min(1) }),
);

/** The user proved they read mail at `email` (a signed, expiring link from the settings page). */
export const UserEmailConfirmed = defineEvent(
  'UserEmailConfirmed',
  1,
  z.object({ userId: z.uuid(), email: z.email().max(254), confirmedAt: z.iso.datetime() }),
);

/** The user removed their confirmed address: nothing is mailed to them any more. */
export const UserEmailRemoved = defineEvent('UserEmailRemoved', 1, z.object({ userId: z.uuid(), removedAt: z.iso.datetime() }));

/** A new password (its hash) replaced the old one; the user's other sessions end with it. */
export const UserPasswordChanged = defineEvent(
  'UserPasswordChanged',
  1,
  z.object({ userId: z.uuid(), passwordHash: z.string().min(20), changedAt: z.iso.datetime() }),
);

/**
 * Someone asked for a password reset link for the account (by its username or its confirmed
 * address) and one was mailed to the confirmed address. The link names `resetId` and is valid until
 * `expiresAt`; only the newest requested link resets, and only once. The link itself (a MAC under
 * the server's key) is never recorded.
 */
export const UserPasswordResetRequested = defineEvent(
  'UserPasswordResetRequested',
  1,
  z.object({ userId: z.uuid(), resetId: z.uuid(), requestedAt: z.iso.datetime(), expiresAt: z.iso.datetime() }),
);

/** The link `resetId` was used: the password was replaced (the UserPasswordChanged beside it) and every session ended. */
export const UserPasswordReset = defineEvent('UserPasswordReset', 1, z.object({ userId: z.uuid(), resetId: z.uuid(), resetAt: z.iso.datetime() }));

/**
 * The user deleted their account (the account-deletion workflow). From here the account signs in
 * no more and its personal data leaves the read models; the events before it stay in the
 * append-only store (docs/account-data.md says what that means).
 */
export const UserAccountDeleted = defineEvent('UserAccountDeleted', 1, z.object({ userId: z.uuid(), deletedAt: z.iso.datetime() }));

/**
 * The user accepted a version of a legal document (the Terms of Service, which name the Privacy
 * Policy): at sign-up, or when a new version was published (docs/legal-and-faq.md).
 */
export const TermsAccepted = defineEvent(
  'TermsAccepted',
  1,
  z.object({ userId: z.uuid(), documentId: z.literal('terms'), version: z.number().int().positive(), acceptedAt: z.iso.datetime() }),
);

export const userEventDefinitions = [
  UserRegistered,
  TokensCredited,
  UsernameClaimed,
  QxmpPaySubjectLinked,
  UserEmailConfirmed,
  UserEmailRemoved,
  UserPasswordChanged,
  UserPasswordResetRequested,
  UserPasswordReset,
  UserAccountDeleted,
  TermsAccepted,
] as const;

export type UserEvent =
  | ReturnType<typeof UserRegistered.create>
  | ReturnType<typeof TokensCredited.create>
  | ReturnType<typeof UserEmailConfirmed.create>
  | ReturnType<typeof UserEmailRemoved.create>
  | ReturnType<typeof UserPasswordChanged.create>
  | ReturnType<typeof UserPasswordResetRequested.create>
  | ReturnType<typeof UserPasswordReset.create>
  | ReturnType<typeof UserAccountDeleted.create>
  | ReturnType<typeof TermsAccepted.create>
  | ReturnType<typeof UserRoleGranted.create>
  | ReturnType<typeof UserRoleRevoked.create>
  | ReturnType<typeof UserSuspended.create>
  | ReturnType<typeof UserSessionRevoked.create>
  | ReturnType<typeof UserReinstated.create>
  | ReturnType<typeof UserEmailConfirmed.create>
  | ReturnType<typeof UserEmailRemoved.create>
  | ReturnType<typeof UserPasswordChanged.create>;

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

export function qxmpPaySubjectStreamId(subject: string): string {
  return `qxmp-subject-${subject}`;
}

export function usernameStreamId(username: string): string {
  return `username-${username.toLowerCase()}`;
}
