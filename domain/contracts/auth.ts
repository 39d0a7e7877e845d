// HTTP payloads of the auth and user routes. The API validates with these
// schemas and the web infers its types from them.
import { z } from 'zod';
import { USERNAME_PATTERN } from '../identity/user.events';

export const credentialsSchema = z.object({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, 'Username must be 3-32 letters, digits, dots, dashes or underscores'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200, 'Password must be at most 200 characters'),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** Sign-up: the credentials and, from the web's form, the version of the terms the user ticked to accept. */
export const signupSchema = credentialsSchema.extend({ acceptedTermsVersion: z.number().int().positive().optional() });
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

export const logoutResponseSchema = z.object({ ok: z.literal(true) });

export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
