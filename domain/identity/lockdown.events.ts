// An operator's emergency lockdown of an account, on the user's own stream (`user-<id>`): one
// session ended, the whole account suspended, or the account reinstated, each with who decided
// and why (docs/ip-protection.md). Nothing but an operator's POST records them.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

/** Who decided: an operator's username, or `ops-cli:<system user>` / the X-Operator-Name of a script. */
const decider = z.string().min(1).max(200);
/** Why, in the operator's words: shown to other operators and kept in the history. */
export const lockdownReasonSchema = z.string().trim().min(3).max(1000);

export const UserSuspended = defineEvent(
  'UserSuspended',
  1,
  z.object({ userId: z.uuid(), reason: lockdownReasonSchema, decidedBy: decider, suspendedAt: z.iso.datetime() }),
);

export const UserSessionRevoked = defineEvent(
  'UserSessionRevoked',
  1,
  z.object({ userId: z.uuid(), sessionId: z.uuid(), reason: lockdownReasonSchema, decidedBy: decider, revokedAt: z.iso.datetime() }),
);

export const UserReinstated = defineEvent(
  'UserReinstated',
  1,
  z.object({ userId: z.uuid(), reason: lockdownReasonSchema, decidedBy: decider, reinstatedAt: z.iso.datetime() }),
);

export const lockdownEventDefinitions = [UserSuspended, UserSessionRevoked, UserReinstated] as const;
