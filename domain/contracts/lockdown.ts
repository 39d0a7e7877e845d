// The emergency lockdown's payloads (POST /api/emergency-lockdown and the operations page): an
// operator ends one session of an account or suspends the account, and reinstates it, each with a
// reason (docs/ip-protection.md). The API validates with these; the web parses every answer with them.
import { z } from 'zod';
import { lockdownReasonSchema } from '../identity/lockdown.events';

export const lockdownRequestSchema = z.object({
  /** The account, by its username (what an operator is told and sees). */
  username: z.string().trim().min(1).max(64),
  /** One session's public id (the account's settings list them): only that session ends. Without it, the whole account is suspended. */
  sessionId: z.uuid().optional(),
  reason: lockdownReasonSchema,
});
export type LockdownRequest = z.infer<typeof lockdownRequestSchema>;

export const suspendedAccountSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  reason: z.string(),
  suspendedBy: z.string(),
  suspendedAt: z.iso.datetime(),
});
export type SuspendedAccount = z.infer<typeof suspendedAccountSchema>;

export const lockdownResponseSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  /** session: one session ended, the account stays usable; account: suspended until reinstated. */
  scope: z.enum(['session', 'account']),
  /** How many of the account's sessions ended with this lockdown. */
  sessionsEnded: z.number().int().nonnegative(),
  /** The suspension in force (null when only a session ended and the account is not suspended). */
  suspension: suspendedAccountSchema.nullable(),
});
export type LockdownResponse = z.infer<typeof lockdownResponseSchema>;

export const reinstateRequestSchema = z.object({ reason: lockdownReasonSchema });

export const reinstateResponseSchema = z.object({ userId: z.uuid(), username: z.string(), reinstated: z.literal(true) });
export type ReinstateResponse = z.infer<typeof reinstateResponseSchema>;

export const suspendedAccountsResponseSchema = z.object({ accounts: z.array(suspendedAccountSchema) });
export type SuspendedAccountsResponse = z.infer<typeof suspendedAccountsResponseSchema>;
