// Roles: every signed-in user is a creator; reviewers decide disputes and oracle holds,
// auditors read every dispute's and proof's full history, operators run the ledger and workflow
// operations, support users answer support tickets, rights holders deliver reference recordings the
// copyright check compares uploads with (listed only to them) and decide the holds they cause.
// Granted and revoked as events on the user's stream, checked on the server by every route.
import { z } from 'zod';

export const ROLES = ['creator', 'reviewer', 'auditor', 'operator', 'support', 'rights_holder'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that are granted; creator is everyone's. */
export const GRANTABLE_ROLES = ['reviewer', 'auditor', 'operator', 'support', 'rights_holder'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** GET /api/auth/roles: the signed-in user's roles (always including creator). */
export const myRolesResponseSchema = z.object({ roles: z.array(z.enum(ROLES)) });
export type MyRolesResponse = z.infer<typeof myRolesResponseSchema>;
