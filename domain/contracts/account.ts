// HTTP payloads of the account settings (api/routes/account/): the password, the e-mail address
// and its confirmation link, and the signed-in user's sessions. The API validates with these
// schemas and the settings page parses every answer with them.
import { z } from 'zod';

/** How long a confirmation link works after it is mailed. */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;

export const emailAddressSchema = z.string().trim().max(254, 'An e-mail address is at most 254 characters').pipe(z.email('Enter a valid e-mail address'));

/** An address asked for and mailed a link, not yet confirmed. */
export const pendingEmailSchema = z.object({ email: z.string(), requestedAt: z.string(), expiresAt: z.string() });
export type PendingEmail = z.infer<typeof pendingEmailSchema>;

/** One of the user's active sessions (a signed-in browser or device). */
export const accountSessionSchema = z.object({
  /** A public id for revoking it: not the cookie's secret. */
  id: z.string(),
  /** A short summary of the browser and system it signed in from, e.g. "Firefox on Windows". */
  device: z.string(),
  signedInAt: z.string(),
  /** When it was last used, to the minute. */
  lastUsedAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** GET /api/account/sessions: newest use first. */
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

/** GET /api/account. */
export const accountResponseSchema = z.object({
  username: z.string(),
  /** The confirmed address, or null. */
  email: z.string().nullable(),
  pendingEmail: pendingEmailSchema.nullable(),
  /** 'smtp' when this server sends mail; 'outbox' when it keeps mail for an operator to pass on. */
  mailTransport: z.enum(['smtp', 'outbox']),
  activeSessions: z.number().int().min(0),
});
export type Account = z.infer<typeof accountResponseSchema>;

/** PUT /api/account/password. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(200, 'Password must be at most 200 characters'),
  newPassword: z.string().max(200, 'Password must be at most 200 characters'),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({
  changed: z.literal(true),
  /** How many of the user's other sessions ended with the change. */
  otherSessionsEnded: z.number().int().min(0),
});

/** POST /api/account/email: the address to confirm. */
export const requestEmailRequestSchema = z.object({ email: emailAddressSchema });
export type RequestEmailRequest = z.infer<typeof requestEmailRequestSchema>;

export const requestEmailResponseSchema = z.object({ pendingEmail: pendingEmailSchema, mailTransport: z.enum(['smtp', 'outbox']) });

/** POST /api/account/email/confirm: the token from the mailed link. */
export const confirmEmailRequestSchema = z.object({ token: z.string().min(1, 'The link has no token').max(1000, 'The link is not a confirmation link') });
export const confirmEmailResponseSchema = z.object({ email: z.string() });

/** DELETE /api/account/email: the confirmed address removed and any pending one dropped. */
export const removeEmailResponseSchema = z.object({ removed: z.literal(true) });

/** DELETE /api/account/sessions/{id}. */
export const revokeSessionResponseSchema = z.object({
  revoked: z.literal(true),
  id: z.string(),
  /** The revoked session was this one: the browser is signed out. */
  current: z.boolean(),
});
