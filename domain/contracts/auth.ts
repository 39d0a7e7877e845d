// HTTP payloads of the auth and user routes. The API validates with these
// schemas and the web infers its types from them.
import { z } from 'zod';
import { USERNAME_PATTERN } from '../identity/user.events';
import { emailAddressSchema } from './account';

export const credentialsSchema = z.object({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3-32 letters, digits, dots, dashes or underscores'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/**
 * Sign-up: the credentials and, from the web's form, the version of the terms the user ticked to
 * accept, and an e-mail address (optional): a confirmation link is mailed to it, as from Settings.
 */
export const signupSchema = credentialsSchema.extend({ acceptedTermsVersion: z.number().int().positive().optional(), email: emailAddressSchema.optional() });
export type Signup = z.infer<typeof signupSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Tokens, 1 token = 1 USD; up to 6 decimals. */
  tokenBalance: z.number(),
  xrplWallet: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the user accepted the current version of the Terms of Service (else the app asks first). */
  termsAccepted: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Sign-up's answer: the user, and for an address given, whether its confirmation link was mailed
 * (`sent: false`: the account exists but the mail failed; Settings can send another) and how.
 */
export const signupResponseSchema = authResponseSchema.extend({
  emailConfirmation: z.object({ email: z.string(), sent: z.boolean(), mailTransport: z.enum(['smtp', 'outbox']) }).nullable(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** Minutes a password reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** POST /api/auth/password-reset: the account's username or its confirmed e-mail address. */
export const passwordResetRequestSchema = z.object({
  identifier: z.string().trim().min(1, 'Enter your username or e-mail address').max(254, 'A username or e-mail address is at most 254 characters'),
});
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** The same answer whether or not an account was found: it tells nobody whether a name or address is known. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

/** POST /api/auth/password-reset/confirm: the token from the mailed link and the new password. */
export const passwordResetSchema = z.object({
  token: z.string().min(1, 'The link has no token').max(1000, 'The link is not a password reset link'),
  newPassword: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The username the new password signs in with, and how many sessions the reset ended. */
export const passwordResetResponseSchema = z.object({ reset: z.literal(true), username: z.string(), sessionsEnded: z.number().int().nonnegative() });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
