// Role grants and revocations, on the user's own stream (`user-<id>`): who granted what, when.
// Creator is everyone's role and is never granted.
import { z } from 'zod';
import { GRANTABLE_ROLES } from '../contracts/roles';
import { defineEvent } from '../shared/events';

/** Who granted or revoked: an operator's username, or `ops-cli:<system user>` from the command line. */
const grantor = z.string().min(1).max(200);

export const UserRoleGranted = defineEvent(
  'UserRoleGranted',
  1,
  z.object({ userId: z.uuid(), role: z.enum(GRANTABLE_ROLES), grantedBy: grantor, grantedAt: z.iso.datetime() }),
);

export const UserRoleRevoked = defineEvent(
  'UserRoleRevoked',
  1,
  z.object({ userId: z.uuid(), role: z.enum(GRANTABLE_ROLES), revokedBy: grantor, revokedAt: z.iso.datetime() }),
);

export const roleEventDefinitions = [UserRoleGranted, UserRoleRevoked] as const;
